import Testing
import WorkoutEngine
import WorkoutSamples

struct LocationFilterTests {
    /// 1e-4 degrees of latitude is about 11.1 m.
    func fix(_ t: Double, _ lat: Double, _ lon: Double = 8.5, accuracy: Double? = nil, hasFix: Bool = true) -> LocationSample {
        LocationSample(time: t, latitude: lat, longitude: lon, horizontalAccuracyMeters: accuracy, hasFix: hasFix)
    }

    @Test func invalidCoordinatesAreRejectedInEveryMode() {
        for mode in LocationFilterMode.allCases {
            var filter = LocationFilter(configuration: .init(mode: mode, activity: .running))
            #expect(filter.judge(fix(0, .nan)) == .rejected(.invalidCoordinate))
            #expect(filter.judge(fix(1, 91)) == .rejected(.invalidCoordinate))
            #expect(filter.judge(fix(2, 47, 180.5)) == .rejected(.invalidCoordinate))
            #expect(filter.judge(fix(3, 47, .infinity)) == .rejected(.invalidCoordinate))
            #expect(filter.judge(fix(4, 47)) == .accepted)
            #expect(filter.rejections[.invalidCoordinate] == 4)
        }
    }

    @Test func noneKeepsEverythingValid() {
        var filter = LocationFilter(configuration: .init(mode: .none, activity: .running))
        #expect(filter.judge(fix(0, 47)) == .accepted)
        #expect(filter.judge(fix(0, 48, accuracy: 500, hasFix: false)) == .accepted)
        #expect(filter.judge(fix(-5, 0, 0)) == .accepted)
        #expect(filter.rejections.total == 0)
    }

    @Test func eachDefaultRuleNamesItsReason() {
        var filter = LocationFilter(configuration: .init(activity: .running))
        #expect(filter.judge(fix(0, 47)) == .accepted)
        #expect(filter.judge(fix(1, 47.00001, hasFix: false)) == .rejected(.noFix))
        #expect(filter.judge(fix(2, 47.00002, accuracy: 80)) == .rejected(.poorAccuracy))
        #expect(filter.judge(fix(2, 47.00002, accuracy: 10)) == .accepted)
        #expect(filter.judge(fix(2, 47.00003)) == .rejected(.nonIncreasingTime))
        #expect(filter.judge(fix(1, 47.00003)) == .rejected(.nonIncreasingTime))
        // 0.01 degrees (about 1.1 km) in one second.
        #expect(filter.judge(fix(3, 47.01)) == .held)
        #expect(filter.judge(fix(4, 47.00004)) == .accepted)
        #expect(filter.judge(fix(5, 0, 0)) == .rejected(.nullIsland))
        #expect(filter.rejections[.noFix] == 1)
        #expect(filter.rejections[.poorAccuracy] == 1)
        #expect(filter.rejections[.nonIncreasingTime] == 2)
        #expect(filter.rejections[.implausibleSpeed] == 1)
        #expect(filter.rejections[.nullIsland] == 1)
    }

    @Test func aConsistentRunAfterAJumpIsARelocation() {
        var filter = LocationFilter(configuration: .init(activity: .running))
        #expect(filter.judge(fix(0, 47)) == .accepted)
        // The device moves 50 km while off, then records normally: 3 m per second.
        #expect(filter.judge(fix(10, 47.5)) == .held)
        #expect(filter.judge(fix(11, 47.50003)) == .held)
        #expect(filter.judge(fix(12, 47.50006)) == .acceptedAsRelocation)
        let run = filter.takeRelocatedRun()
        #expect(run.map(\.fix.time) == [10, 11, 12])
        #expect(filter.rejections[.implausibleSpeed] == 0)
        #expect(filter.judge(fix(13, 47.50009)) == .accepted)
    }

    @Test func nullIslandStartIsRejectedThenTheRealTrackIsAccepted() {
        var filter = LocationFilter(configuration: .init(activity: .cycling))
        for t in 0..<5 { #expect(filter.judge(fix(Double(t), 0, 0)) == .rejected(.nullIsland)) }
        #expect(filter.judge(fix(5, -15.79, -47.88)) == .accepted)
        #expect(filter.judge(fix(6, -15.79005, -47.88)) == .accepted)
        #expect(filter.rejections[.nullIsland] == 5)
    }

    @Test func segmentsResetTheSpeedAnchor() {
        var filter = LocationFilter(configuration: .init(activity: .running))
        #expect(filter.judge(fix(0, 47)) == .accepted)
        filter.beginSegment()
        #expect(filter.judge(fix(5, 47.1)) == .accepted)
    }
}
