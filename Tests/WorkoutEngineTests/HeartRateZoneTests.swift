import Testing
import WorkoutEngine
@testable import WorkoutCore
@testable import WorkoutExports

struct HeartRateZoneTests {
    @Test func tanakaMaximum() {
        // 208 − 0.7 × 40 = 180; 208 − 0.7 × 35 = 183.5.
        #expect(HeartRateFormulas.tanakaMaximumHeartRate(ageYears: 40) == 180)
        #expect(HeartRateFormulas.tanakaMaximumHeartRate(ageYears: 35) == 183.5)
    }

    @Test func percentOfMaximumBounds() {
        let bounds = HeartRateZoneBounds(method: .percentOfMaximum, restingHeartRate: 60, maxHeartRate: 200)
        #expect((1...5).map { bounds.lowerBPM(zone: $0) } == [100, 120, 140, 160, 180])
        #expect((1...5).map { bounds.upperBPM(zone: $0) } == [120, 140, 160, 180, 200])
        #expect(bounds.zone(of: 99.9) == 0)
        #expect(bounds.zone(of: 100) == 1)
        #expect(bounds.zone(of: 119.9) == 1)
        #expect(bounds.zone(of: 120) == 2)
        #expect(bounds.zone(of: 179) == 4)
        #expect(bounds.zone(of: 215) == 5)
    }

    @Test func karvonenBounds() {
        // Reserve 200 − 60 = 140: zone 1 starts at 60 + 0.5·140 = 130, zone 3 at 60 + 0.7·140 = 158,
        // zone 5 at 60 + 0.9·140 = 186.
        let bounds = HeartRateZoneBounds(method: .heartRateReserve, restingHeartRate: 60, maxHeartRate: 200)
        #expect(bounds.lowerBPM(zone: 1) == 130)
        #expect(abs(bounds.lowerBPM(zone: 3) - 158) < 1e-9)
        #expect(abs(bounds.lowerBPM(zone: 5) - 186) < 1e-9)
        #expect(bounds.upperBPM(zone: 5) == 200)
        #expect(bounds.zone(of: 129) == 0)
        #expect(bounds.zone(of: 160) == 3)
    }

    @Test func zoneMethodFollowsTheProfile() {
        #expect(HeartRateZoneBounds(profile: AthleteProfile().resolved).method == .percentOfMaximum)
        #expect(HeartRateZoneBounds(profile: AthleteProfile(restingHeartRate: 50).resolved).method == .heartRateReserve)
    }

    @Test func banisterWorkedExample() {
        // Rest 60, max 190, 60 min at 150 bpm: ΔHR ratio = 90/130 = 0.692308.
        // Men: 60 × 0.692308 × 0.64 × e^(1.92 × 0.692308) = 60 × 0.692308 × 0.64 × 3.778136 = 100.440.
        // Women: 60 × 0.692308 × 0.86 × e^(1.67 × 0.692308) = 60 × 0.692308 × 0.86 × 3.177688 = 113.517.
        let x = HeartRateFormulas.heartRateReserveFraction(150, resting: 60, maximum: 190)
        #expect(abs(x - 0.692308) < 1e-6)
        #expect(abs(60 * HeartRateFormulas.banisterWeight(reserveFraction: x, sex: .male) - 100.440) < 1e-3)
        #expect(abs(60 * HeartRateFormulas.banisterWeight(reserveFraction: x, sex: .female) - 113.517) < 1e-3)
        #expect(abs(HeartRateFormulas.banisterWeight(reserveFraction: x, sex: nil)
                    - (HeartRateFormulas.banisterWeight(reserveFraction: x, sex: .male) + HeartRateFormulas.banisterWeight(reserveFraction: x, sex: .female)) / 2) < 1e-12)
        // The ratio is clamped to 0...1.
        #expect(HeartRateFormulas.heartRateReserveFraction(40, resting: 60, maximum: 190) == 0)
        #expect(HeartRateFormulas.heartRateReserveFraction(250, resting: 60, maximum: 190) == 1)
    }

    @Test func accumulatorGivesTheWorkedTRIMPAndZoneTime() {
        let bounds = HeartRateZoneBounds(method: .heartRateReserve, restingHeartRate: 60, maxHeartRate: 190)
        var load = HeartRateLoadAccumulator(bounds: bounds, sex: .male, holdLimitSeconds: 20)
        // One reading a second for an hour: 3600 held seconds at 150 bpm.
        for second in 0...3600 { load.add(150, elapsedSeconds: Double(second)) }
        #expect(abs(load.trimp - 100.440) < 1e-3)
        // 150 bpm is at 69.2 % of the reserve: zone 2 (60-70 %).
        #expect(load.seconds(inZone: 2) == 3600)
        #expect(load.zones.map(\.seconds).reduce(0, +) == 3600)
    }

    @Test func gapsLongerThanTheHoldLimitAreNotBridged() {
        let bounds = HeartRateZoneBounds(method: .percentOfMaximum, restingHeartRate: 60, maxHeartRate: 200)
        var load = HeartRateLoadAccumulator(bounds: bounds, sex: nil, holdLimitSeconds: 20)
        load.add(150, elapsedSeconds: 0)
        load.add(150, elapsedSeconds: 10)   // 10 s held
        load.add(170, elapsedSeconds: 110)  // 100 s gap: only 20 s held
        load.add(170, elapsedSeconds: 115)  // 5 s in zone 4
        #expect(load.seconds(inZone: 3) == 30)
        #expect(load.seconds(inZone: 4) == 5)
        #expect(load.coveredSeconds == 35)
        // Untimed readings change nothing.
        load.add(190, elapsedSeconds: nil)
        #expect(load.coveredSeconds == 35)
    }
}
