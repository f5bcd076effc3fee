import Foundation
import Testing
import TestSupport
@testable import WorkoutCore
import WorkoutEngine

/// Whether the mover stands, for distance (`WorkoutBuilder.isStanding(_:rules:)`): the tests scale with the
/// activity's moving threshold, but no higher than running's 0.75 m/s, so a rider's 1.5 m/s does not take a
/// mountain biker climbing at 1–2 m/s for standing. Moving time keeps the activity's threshold.
struct StandingForDistanceTests {
    static func point(speed: Double, windowSpeed: Double) -> PositionSmoother.Point {
        var point = PositionSmoother.Point(latitude: 46.5, longitude: 7.5, speedMetersPerSecond: speed, time: 0, payload: 1)
        point.windowSpeedMetersPerSecond = windowSpeed
        return point
    }

    /// A rider at 1.2 m/s whose smoothed track nets 0.4 m/s over 20 s (a switchback) is moving for distance:
    /// 0.4 m/s is above 0.35 × 0.75 m/s = 0.2625 m/s (it was below 0.35 × 1.5 m/s = 0.525 m/s). Netting
    /// 0.2 m/s, or at 0.15 m/s (below a quarter of 0.75 m/s), they stand; the moving time still asks 1.5 m/s.
    @Test func aSlowRiderOnASwitchbackIsNotStanding() {
        let rules = ActivityType.cycling.rules
        #expect(!WorkoutBuilder.isStanding(Self.point(speed: 1.2, windowSpeed: 0.4), rules: rules))
        #expect(WorkoutBuilder.isStanding(Self.point(speed: 1.2, windowSpeed: 0.2), rules: rules))
        #expect(WorkoutBuilder.isStanding(Self.point(speed: 0.15, windowSpeed: 2), rules: rules))
        #expect(!WorkoutBuilder.isMoving(Self.point(speed: 1.2, windowSpeed: 0.4), rules: rules))
        #expect(WorkoutBuilder.isMoving(Self.point(speed: 1.6, windowSpeed: 1.6), rules: rules))
        // Running's own threshold is unchanged: the same rule as before for every activity but cycling.
        let running = ActivityType.running.rules
        #expect(!WorkoutBuilder.isStanding(Self.point(speed: 1.2, windowSpeed: 0.4), rules: running))
        #expect(WorkoutBuilder.isStanding(Self.point(speed: 1.2, windowSpeed: 0.2), rules: running))
    }

    /// A hiker at 0.5 m/s up switchbacks nets 0.1 m/s over 20 s: the window alone takes that for standing. Once
    /// the device's speed shows the fixes clean it decides instead, below a quarter of the threshold (0.19 m/s
    /// running): 0.5 m/s moves, 0.1 m/s stands whatever the window says; a point without the device's speed, or
    /// a speed the fixes have not confirmed, leaves it to the window.
    @Test func theDevicesSpeedDecidesOnceTheFixesAreClean() {
        let rules = ActivityType.running.rules
        var climbing = Self.point(speed: 0.4, windowSpeed: 0.1)
        climbing.deviceSpeedMetersPerSecond = 0.5
        #expect(WorkoutBuilder.isStanding(climbing, rules: rules))
        #expect(!WorkoutBuilder.isStanding(climbing, rules: rules, deviceSpeedDecides: true))
        var standing = Self.point(speed: 0.6, windowSpeed: 0.6)
        standing.deviceSpeedMetersPerSecond = 0.1
        #expect(!WorkoutBuilder.isStanding(standing, rules: rules))
        #expect(WorkoutBuilder.isStanding(standing, rules: rules, deviceSpeedDecides: true))
        #expect(WorkoutBuilder.isStanding(Self.point(speed: 0.4, windowSpeed: 0.1), rules: rules, deviceSpeedDecides: true))
    }

    /// Before the fixes are shown clean, a device's speed at or above the threshold (0.75 m/s) says the mover
    /// moves, as it says so for moving time: a rider round a hairpin at 0.9 m/s, whose track nets 0.1 m/s over
    /// 20 s, is not standing (the bundled MTB ride's first lap read 2.6 % short of its device, now 1.6 %). A
    /// speed below it leaves the window to decide: a file that writes 0 for every speed (GoldenCheetah's
    /// re-saved FR55 walk) is judged as without one.
    @Test func theDevicesSpeedAtTheThresholdIsMovingBeforeTheFixesAreClean() {
        let rules = ActivityType.cycling.rules
        var hairpin = Self.point(speed: 0.5, windowSpeed: 0.1)
        hairpin.deviceSpeedMetersPerSecond = 0.9
        #expect(!WorkoutBuilder.isStanding(hairpin, rules: rules))
        hairpin.deviceSpeedMetersPerSecond = 0.75
        #expect(!WorkoutBuilder.isStanding(hairpin, rules: rules))
        hairpin.deviceSpeedMetersPerSecond = 0.7
        #expect(WorkoutBuilder.isStanding(hairpin, rules: rules))
        hairpin.deviceSpeedMetersPerSecond = 0
        #expect(WorkoutBuilder.isStanding(hairpin, rules: rules))
    }

    /// A Garmin MTB ride (fit-parser's tests, MIT) of 16,627 m by the device, 5.8 km of it climbed or pushed
    /// at 1–2 m/s: 14,245 m (−14.3 %) while the rider's threshold took those climbs for standing, then
    /// 15,130 m (−9.0 %) while the smoother took the winding climbs' bends for noise; now within 1 % (16,652 m),
    /// since the device's speed shows the fixes clean (``DeviceSpeedNoise``, README "Accuracy"). The device's
    /// distance is fitdecode's last record distance.
    @Test func slowMountainBikeClimbsCount() throws {
        let file = "ride-garmin-mtb-slow-climbs-summary-first.fit"
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path)
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        let device = try #require((object?[file]?["lastDistanceMeters"] as? NSNumber)?.doubleValue)
        #expect(summary.metrics.activity == .cycling)
        #expect(abs(summary.metrics.distanceMeters - device) <= 0.01 * device, "\(summary.metrics.distanceMeters) m, the device \(device) m")
    }
}
