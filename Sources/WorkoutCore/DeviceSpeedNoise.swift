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
/// The estimate is the mean of that quantity over the steps of at most ``maximumStepSeconds`` at a mean speed
/// from ``minimumSpeedMetersPerSecond`` to ``maximumSpeedMetersPerSecond`` (each value clipped to
/// ±``clipSquareMetersPerSecond`` so that one glitch does not decide it): at a stop the device's speed is 0 while
/// the fixes drift, and at a runner's pace and above an error of 2 % in the device's speed (a foot pod's
/// calibration, a wheel's circumference) would weigh as much as the error's change. The mean, not a median:
/// the step's error enters its square both linearly (along the way, `v·nₐ`, symmetric) and squared, so
/// the median sits at half the rate or less, and more so the faster the mover; the mean is the rate itself.
///
/// The fixes count as *clean* (``fixesAreClean``) once the rate is below ``cleanRateSquareMetersPerSecond``
/// with about 98 % confidence, and stop counting so once it is above it with as much: the mean of all steps
/// plus (minus) twice its standard error, taken from the means of blocks of ``blockSteps`` steps (at least
/// ``minimumBlocks`` of them), since the error a step measures is correlated with the next ones' over tens of
/// seconds (the receiver's filter, a stretch of multipath) and a standard error of the steps themselves would be
/// several times too small. Clean, the receiver's own filter has taken the fast part of the error off, and what is
/// left wanders too slowly to lengthen the track. Of 54 FIT files of public test suites with positions, speed and
/// 100 such steps or more (watches and bike computers of Garmin, Suunto, Wahoo, Polar and others), 40 read a rate
/// below 0.45 m²/s, the others 0.46–1.9 m²/s. On the `NoiseFamily` tracks with their true speed attached, the
/// urban run's noise (0.6–2.5 m²/s) never counts as clean, and the dense run's slow noise (0.04–0.4 m²/s)
/// sometimes does, which keeps it within its targets (README, "Accuracy").
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
    /// The least mean speed of a step measured (m/s): below it the mover may be standing while the fixes drift.
    static let minimumSpeedMetersPerSecond = 0.3
    /// The greatest mean speed of a step measured (m/s); see the type's discussion.
    static let maximumSpeedMetersPerSecond = 2.5
    /// The largest value one step contributes, either way (m²/s).
    static let clipSquareMetersPerSecond = 5.0
    /// The rate (m²/s per axis) below which the fixes count as clean; see the type's discussion.
    static let cleanRateSquareMetersPerSecond = 0.5
    /// Steps per block of the standard error (about a minute of slow steps at one fix a second).
    static let blockSteps = 60
    /// Blocks measured before the fixes may count as clean.
    static let minimumBlocks = 5
    /// A step shorter than this (m) is a repeated position.
    static let repeatedPositionMeters = 0.01
    /// How close a step's speed comes to the speed stated at one of its ends, as a share of that speed (of
    /// 1 m/s below 1 m/s), for the stated speed to count as computed from the fixes.
    static let derivedSpeedShare = 0.02

    private(set) var stepCount = 0
    /// Steps whose length over their time is the speed stated at one of their ends.
    private(set) var derivedStepCount = 0
    private var sum = 0.0
    /// The block being filled, and the means of the blocks filled so far.
    private var blockSum = 0.0, blockFill = 0
    private(set) var blockCount = 0
    private var blockMeanSum = 0.0, blockMeanSumOfSquares = 0.0
    private var last: (latitude: Double, longitude: Double, time: Double, speed: Double)?

    /// The rate measured (m²/s per axis), the mean over every step measured; `nil` before ``minimumBlocks``
    /// blocks have been.
    var rateSquareMetersPerSecond: Double? { blockCount >= Self.minimumBlocks ? sum / Double(stepCount) : nil }

    /// Whether the fixes count as clean (see the type's discussion), as of the last step measured.
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
        guard k > 0, k <= Self.maximumStepSeconds,
              meanSpeed >= Self.minimumSpeedMetersPerSecond, meanSpeed <= Self.maximumSpeedMetersPerSecond else { return }
        let travelled = meanSpeed * k
        let excess = (meters * meters - travelled * travelled) / (2 * k)
        guard excess.isFinite else { return }
        let clipped = min(max(excess, -Self.clipSquareMetersPerSecond), Self.clipSquareMetersPerSecond)
        stepCount += 1
        sum += clipped
        let stepSpeed = meters / k
        if abs(stepSpeed - speed) <= Self.derivedSpeedShare * max(speed, 1) || abs(stepSpeed - a.speed) <= Self.derivedSpeedShare * max(a.speed, 1) {
            derivedStepCount += 1
        }
        blockSum += clipped
        blockFill += 1
        guard blockFill == Self.blockSteps else { return }
        let blockMean = blockSum / Double(Self.blockSteps)
        blockSum = 0
        blockFill = 0
        blockCount += 1
        blockMeanSum += blockMean
        blockMeanSumOfSquares += blockMean * blockMean
        decide()
    }

    /// Decides ``fixesAreClean`` after a block: on below the threshold, off above it, each with about 98 %
    /// confidence (the mean ± twice the standard error of the block means), unchanged in between.
    private mutating func decide() {
        guard blockCount >= Self.minimumBlocks, derivedStepCount * 2 < stepCount else {
            fixesAreClean = false
            return
        }
        let blocks = Double(blockCount), mean = sum / Double(stepCount)
        let blockMean = blockMeanSum / blocks
        let variance = max(blockMeanSumOfSquares / blocks - blockMean * blockMean, 0) * blocks / (blocks - 1)
        let margin = 2 * (variance / blocks).squareRoot()
        if mean + margin < Self.cleanRateSquareMetersPerSecond {
            fixesAreClean = true
        } else if mean - margin > Self.cleanRateSquareMetersPerSecond {
            fixesAreClean = false
        }
    }

    /// A gap or a new segment: the next step starts from the next fix (what was measured so far stays).
    mutating func forgetLastFix() {
        last = nil
    }
}
