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
/// The fixes count as *clean* (``fixesAreClean``) when the rate is below ``cleanRateSquareMetersPerSecond``
/// with about 98 % confidence (the mean plus twice its standard error): the receiver's own filter has taken the
/// fast part of the error off, and what is left wanders too slowly to lengthen the track. Of 54 FIT files of
/// public test suites with positions, speed and 100 such steps or more (watches and bike computers of Garmin,
/// Suunto, Wahoo, Polar and others), 40 count as clean (rates below 0.45 m²/s); those that do not read
/// 0.46–1.9 m²/s. On the `NoiseFamily` tracks with their true speed attached, the urban run's noise (0.6–2.5
/// m²/s) never counts as clean, and the dense run's slow noise (0.04–0.4 m²/s) sometimes does, which keeps it
/// within its targets (README, "Accuracy").
///
/// A speed computed from the fixes themselves (an app that writes each step's length over its time as the
/// speed) would make every fix look clean: a track where most steps match their fix's speed to within
/// ``derivedSpeedTolerance`` is taken to carry such a speed, and its fixes never count as clean.
struct DeviceSpeedNoise: Sendable {
    /// The longest step measured: over longer ones the mover's own turns shorten the straight line.
    static let maximumStepSeconds = 2.0
    /// The least mean speed of a step measured (m/s): below it the mover may be standing while the fixes drift.
    static let minimumSpeedMetersPerSecond = 0.3
    /// The greatest mean speed of a step measured (m/s); see the type's discussion.
    static let maximumSpeedMetersPerSecond = 2.5
    /// Steps measured before the fixes may count as clean.
    static let minimumSteps = 100
    /// The largest value one step contributes, either way (m²/s).
    static let clipSquareMetersPerSecond = 5.0
    /// The rate (m²/s per axis) below which the fixes count as clean; see the type's discussion.
    static let cleanRateSquareMetersPerSecond = 0.5
    /// How close (m/s, or that share of the speed above 1 m/s) a step's speed comes to its fix's stated speed
    /// for the stated speed to count as computed from the fixes.
    static let derivedSpeedTolerance = 0.02

    private(set) var stepCount = 0
    /// Steps whose length over their time is the speed the later fix states.
    private(set) var derivedStepCount = 0
    private var sum = 0.0, sumOfSquares = 0.0
    private var last: (latitude: Double, longitude: Double, time: Double, speed: Double)?

    /// The measured rate `D` (m²/s per axis); `nan` before the first step measured.
    var diffusionSquareMetersPerSecond: Double { stepCount > 0 ? sum / Double(stepCount) : .nan }

    /// The rate measured, once ``minimumSteps`` steps have been, `nil` before.
    var estimate: Double? { stepCount >= Self.minimumSteps ? diffusionSquareMetersPerSecond : nil }

    /// Whether the fixes count as clean (see the type's discussion), as of the last step measured.
    private(set) var fixesAreClean = false

    /// Takes a raw fix and the speed the device recorded with it (`nil`: none; the step to the next fix is
    /// then not measured). `scale` is a tangent plane near the fix.
    mutating func add(latitude: Double, longitude: Double, time: Double, speedMetersPerSecond speed: Double?, scale: LocalScale) {
        guard let speed, speed >= 0, speed.isFinite else {
            last = nil
            return
        }
        defer { last = (latitude, longitude, time, speed) }
        guard let a = last else { return }
        let k = time - a.time
        let meanSpeed = (a.speed + speed) / 2
        guard k > 0, k <= Self.maximumStepSeconds,
              meanSpeed >= Self.minimumSpeedMetersPerSecond, meanSpeed <= Self.maximumSpeedMetersPerSecond else { return }
        let meters = scale.planarDistanceMeters(latitude1: a.latitude, longitude1: a.longitude, latitude2: latitude, longitude2: longitude)
        let travelled = meanSpeed * k
        let excess = (meters * meters - travelled * travelled) / (2 * k)
        guard excess.isFinite else { return }
        let clipped = min(max(excess, -Self.clipSquareMetersPerSecond), Self.clipSquareMetersPerSecond)
        stepCount += 1
        sum += clipped
        sumOfSquares += clipped * clipped
        if abs(meters / k - speed) <= Self.derivedSpeedTolerance * max(speed, 1) { derivedStepCount += 1 }
        if stepCount >= Self.minimumSteps, derivedStepCount * 2 < stepCount {
            let n = Double(stepCount), mean = sum / n
            let variance = max(sumOfSquares / n - mean * mean, 0)
            fixesAreClean = mean + 2 * (variance / n).squareRoot() < Self.cleanRateSquareMetersPerSecond
        } else {
            fixesAreClean = false
        }
    }

    /// A gap or a new segment: the next step starts from the next fix (what was measured so far stays).
    mutating func forgetLastFix() {
        last = nil
    }
}
