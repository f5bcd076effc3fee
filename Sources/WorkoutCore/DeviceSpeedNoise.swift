import Foundation
import Geodesy

/// How fast the GPS error of a track wanders, measured against the speed the device recorded with each fix:
/// what tells a watch's clean fixes on a winding trail from noise.
///
/// ``GPSNoiseDiffusion`` measures the rate `D` from the fixes alone: how far a fix lies off the line through
/// its neighbours. A mover on a winding trail at a walker's pace leaves that line as much as GPS noise does,
/// so the fixes alone cannot tell the two apart, and the smoother, made for fixes with 3–5 m of error, took
/// the trail's bends for noise: slow trail runs, hikes and mountain-bike climbs recorded by watches read 2–9 %
/// short of the devices' own distances (README, "Accuracy"). A device that records its speed with each fix (a
/// FIT record's `speed`, TCX's `Speed`, a sample's `speed`) measures it apart from the positions (from the
/// Doppler shift, a wheel or a foot pod), and that speed holds every bend. Over a step of `k` seconds the
/// straight line between two fixes is the mover's way, `v·k` for the step's mean speed `v` (a bend within
/// one second shortens it by a fraction of a per cent), plus the error's change, which adds `2·D·k` (two axes)
/// to its square on average: so `(s² − (v·k)²) / 2k` measures `D` for a step of length `s`, the bends left out.
///
/// The estimate is the mean of that quantity over the steps of at most ``maximumStepSeconds`` (each value clipped to
/// ±``clipSquareMetersPerSecond``, growing with the speed above ``clipSpeedMetersPerSecond``, so that one glitch does
/// not decide it: clipped at 5 m²/s, a runner's noisy steps at 3.2 m/s read 0.75 m²/s where the error wanders at
/// 1.2), measured in two bands of the step's mean speed: a walker's, ``walkingSpeeds`` (0.3-2.5 m/s), and a runner's,
/// ``runningSpeeds`` (2.5-4.5 m/s). Below the first the mover may be standing while the fixes drift (the device's
/// speed is 0). An error in the device's speed (a foot pod's calibration, a wheel's circumference) weighs more the
/// faster the mover: 2 % low at 4 m/s adds 0.3 m²/s, 2 % high takes as much off (noisy fixes at 0.8 m²/s would then
/// pass as clean: the runner's band trusts the speed's calibration more than the walker's does). So the walker's band
/// decides once it has reached a verdict (slow stretches of a trail run, a hike, a mountain-bike climb), and the
/// runner's decides a track that has not (a run on a winding forest trail at 3 m/s, whose bends the smoother took for
/// noise: Runalyze's Fenix 2 test runs, each with fewer than 300 slow steps, read up to 16 % short over a minute). A
/// band never mixes in the other's steps: a mountain bike's speed read 1-2 % low (fit-parser's `jumps-mtb.fit`: 0.35
/// m²/s at a walker's pace, 0.74 at a runner's, 1.5 above) would have raised the walker's rate. The mean, not a
/// median: the step's error enters its square both linearly (along the way, `v·nₐ`, symmetric) and squared, so the
/// median sits at half the rate or less, and more so the faster the mover; the mean is the rate itself.
///
/// The fixes count as *clean* (``fixesAreClean``) once the deciding band's rate is below
/// ``cleanRateSquareMetersPerSecond`` with about 98 % confidence, and stop counting so once it is above it with as
/// much: the mean of the band's steps plus (minus) twice its standard error, taken from the means of blocks of
/// ``blockSteps`` steps (at least ``minimumBlocks`` of them), since the error a step measures is correlated with the
/// next ones' over tens of seconds (the receiver's filter, a stretch of multipath) and a standard error of the steps
/// themselves would be several times too small. Clean, the receiver's own filter has taken the fast part of the error
/// off, and what is left wanders too slowly to lengthen the track. Of 54 FIT files of public test suites with
/// positions, speed and 100 such steps or more (watches and bike computers of Garmin, Suunto, Wahoo, Polar and
/// others), 40 read a rate below 0.45 m²/s, the others 0.46–1.9 m²/s. On the `NoiseFamily` tracks with their true
/// speed attached, the urban run's noise (0.6–2.5 m²/s) never counts as clean, and the dense run's slow noise
/// (0.04–0.4 m²/s) does, measured in the runner's band, which keeps it within its targets (README, "Accuracy").
///
/// The mean is over the whole track so far, as one receiver's error is of one kind: a long clean stretch followed
/// by a noisy one (a city after an hour in the hills) keeps the fixes clean until the mean itself rises above the
/// threshold (no file measured does this).
///
/// A step whose position did not change (a receiver repeating its last position while it has no new one) says
/// nothing of the error and is not measured, nor is the step after it. A speed computed from the fixes
/// themselves (an app that writes a step's length over its time as the speed of either of its fixes) would make
/// every fix look clean: a track where most steps match the speed stated at one of their ends to within
/// ``derivedSpeedShare`` is taken to carry such a speed, and its fixes never count as clean. A speed computed
/// over several steps, or rounded to a tenth of a metre per second, is not recognised so.
struct DeviceSpeedNoise: Sendable {
    /// The longest step measured: over longer ones the mover's own turns shorten the straight line.
    static let maximumStepSeconds = 2.0
    /// The mean speeds (m/s) of the steps the walker's band measures; see the type's discussion.
    static let walkingSpeeds = 0.3..<2.5
    /// The mean speeds (m/s) of the steps the runner's band measures; see the type's discussion.
    static let runningSpeeds = 2.5..<4.5
    /// The largest value one step contributes, either way (m²/s), at up to ``clipSpeedMetersPerSecond``; above
    /// it the clip grows in proportion to the speed.
    static let clipSquareMetersPerSecond = 5.0
    /// Above this mean speed (m/s) the clip grows with the speed: the error's change along the way enters a
    /// step's value multiplied by the speed, and a runner's ordinary steps would otherwise be clipped.
    static let clipSpeedMetersPerSecond = 1.2
    /// The rate (m²/s per axis) below which the fixes count as clean; see the type's discussion.
    static let cleanRateSquareMetersPerSecond = 0.5
    /// Steps per block of the standard error (about a minute of steps at one fix a second).
    static let blockSteps = 60
    /// Blocks a band measures before it decides whether the fixes are clean.
    static let minimumBlocks = 5
    /// A step shorter than this (m) is a repeated position.
    static let repeatedPositionMeters = 0.01
    /// How close a step's speed comes to the speed stated at one of its ends, as a share of that speed (of
    /// 1 m/s below 1 m/s), for the stated speed to count as computed from the fixes.
    static let derivedSpeedShare = 0.02

    /// The steps of one band of speeds: their mean, the blocks of the standard error, and the band's verdict.
    struct Band: Sendable {
        /// The mean speeds (m/s) of the steps measured.
        let speeds: Range<Double>
        private(set) var stepCount = 0
        private var sum = 0.0
        /// The block being filled, and the means of the blocks filled so far.
        private var blockSum = 0.0, blockFill = 0
        private(set) var blockCount = 0
        private var blockMeanSum = 0.0, blockMeanSumOfSquares = 0.0
        /// The verdict after the band's last block (see ``DeviceSpeedNoise/fixesAreClean``).
        private(set) var saysClean = false
        /// Whether the band has reached a verdict with confidence at least once (its mean ± margin fell on
        /// one side of the threshold after one of its blocks; the confidence is that of one look, and a band
        /// whose rate sits at the threshold may reach one by chance on a long track).
        private(set) var hasVerdict = false
        /// Steps whose length over their time is the speed stated at one of their ends.
        private(set) var derivedStepCount = 0

        init(speeds: Range<Double>) { self.speeds = speeds }

        /// Whether the band has measured enough blocks to decide.
        var decides: Bool { blockCount >= DeviceSpeedNoise.minimumBlocks }

        /// The mean over the band's steps (m²/s per axis); `nil` until the band decides.
        var rateSquareMetersPerSecond: Double? { decides ? sum / Double(stepCount) : nil }

        /// Takes one step's measure (clipped) and whether its speed looks computed from the fixes, and decides
        /// after each full block.
        mutating func add(_ value: Double, derived: Bool) {
            stepCount += 1
            if derived { derivedStepCount += 1 }
            sum += value
            blockSum += value
            blockFill += 1
            guard blockFill == DeviceSpeedNoise.blockSteps else { return }
            let blockMean = blockSum / Double(DeviceSpeedNoise.blockSteps)
            blockSum = 0
            blockFill = 0
            blockCount += 1
            blockMeanSum += blockMean
            blockMeanSumOfSquares += blockMean * blockMean
            guard decides else { return }
            // On below the threshold, off above it, each with about 98 % confidence (the mean ± twice the
            // standard error of the block means), unchanged in between.
            let blocks = Double(blockCount), mean = sum / Double(stepCount)
            let meanOfBlocks = blockMeanSum / blocks
            let variance = max(blockMeanSumOfSquares / blocks - meanOfBlocks * meanOfBlocks, 0) * blocks / (blocks - 1)
            let margin = 2 * (variance / blocks).squareRoot()
            if mean + margin < DeviceSpeedNoise.cleanRateSquareMetersPerSecond {
                saysClean = true
                hasVerdict = true
            } else if mean - margin > DeviceSpeedNoise.cleanRateSquareMetersPerSecond {
                saysClean = false
                hasVerdict = true
            }
        }
    }

    /// The walker's band and the runner's.
    private(set) var walking = Band(speeds: walkingSpeeds), running = Band(speeds: runningSpeeds)
    private var last: (latitude: Double, longitude: Double, time: Double, speed: Double)?

    /// The band that decides: the walker's once it has reached a verdict, else the runner's once it has
    /// measured enough (so a verdict of the runner's holds until the walker's band is confident of its own),
    /// else the walker's once it has; `nil` before either has measured enough.
    var decidingBand: Band? {
        if walking.hasVerdict { return walking }
        if running.decides { return running }
        return walking.decides ? walking : nil
    }

    /// Steps measured, in either band.
    var stepCount: Int { walking.stepCount + running.stepCount }
    /// Steps whose length over their time is the speed stated at one of their ends, in either band.
    var derivedStepCount: Int { walking.derivedStepCount + running.derivedStepCount }

    /// The rate measured (m²/s per axis): the deciding band's mean; `nil` before a band decides. Kept as of
    /// the last step measured (the smoother asks for it with every fix).
    private(set) var rateSquareMetersPerSecond: Double?

    /// Whether the fixes count as clean (see the type's discussion): the deciding band's verdict, unless most
    /// of its steps show a speed computed from the fixes. Kept as of the last step measured.
    private(set) var fixesAreClean = false

    /// Takes a raw fix and the speed the device recorded with it (`nil`: none; the step to the next fix is
    /// then not measured). `scale` is a tangent plane near the fix.
    mutating func add(latitude: Double, longitude: Double, time: Double, speedMetersPerSecond speed: Double?, scale: LocalScale) {
        guard let speed, speed >= 0, speed.isFinite, latitude.isFinite, longitude.isFinite, time.isFinite else {
            last = nil
            return
        }
        guard let a = last else {
            last = (latitude, longitude, time, speed)
            return
        }
        let meters = scale.planarDistanceMeters(latitude1: a.latitude, longitude1: a.longitude, latitude2: latitude, longitude2: longitude)
        guard meters >= Self.repeatedPositionMeters else {
            last = nil
            return
        }
        last = (latitude, longitude, time, speed)
        let k = time - a.time
        let meanSpeed = (a.speed + speed) / 2
        let inWalking = Self.walkingSpeeds.contains(meanSpeed)
        guard k > 0, k <= Self.maximumStepSeconds, inWalking || Self.runningSpeeds.contains(meanSpeed) else { return }
        let travelled = meanSpeed * k
        let excess = (meters * meters - travelled * travelled) / (2 * k)
        guard excess.isFinite else { return }
        let clip = Self.clipSquareMetersPerSecond * max(1, meanSpeed / Self.clipSpeedMetersPerSecond)
        let clipped = min(max(excess, -clip), clip)
        let stepSpeed = meters / k
        let derived = abs(stepSpeed - speed) <= Self.derivedSpeedShare * max(speed, 1)
            || abs(stepSpeed - a.speed) <= Self.derivedSpeedShare * max(a.speed, 1)
        if inWalking { walking.add(clipped, derived: derived) } else { running.add(clipped, derived: derived) }
        let band = decidingBand
        rateSquareMetersPerSecond = band?.rateSquareMetersPerSecond
        fixesAreClean = band.map { $0.derivedStepCount * 2 < $0.stepCount && $0.saysClean } ?? false
    }

    /// A gap or a new segment: the next step starts from the next fix (what was measured so far stays).
    mutating func forgetLastFix() {
        last = nil
    }
}
