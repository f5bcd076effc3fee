import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// Climbs: the rules on constructed profiles, and the bundled Alpine hike against its elevation profile.
struct AnalysisClimbTests {
    static func profile(_ pieces: [(lengthMeters: Double, gradePercent: Double)], start: Double = 500) -> (ContiguousArray<Double>, ContiguousArray<Float>) {
        var distances = ContiguousArray<Double>([0]), altitudes = ContiguousArray<Float>([Float(start)])
        var z = start
        for piece in pieces {
            let steps = Int(piece.lengthMeters / 5)
            for _ in 0..<steps {
                z += 5 * piece.gradePercent / 100
                distances.append(distances[distances.count - 1] + 5)
                altitudes.append(Float(z))
            }
        }
        return (distances, altitudes)
    }

    @Test func aSteadyClimbIsMeasured() {
        // 500 m flat, 2 000 m at 6 %, 500 m flat: one climb from 500 m to 2 500 m, 120 m high.
        let (d, z) = Self.profile([(500, 0), (2000, 6), (500, 0)])
        let climbs = ClimbDetector().climbs(distances: d, altitudes: z)
        try? #require(climbs.count == 1)
        guard let climb = climbs.first else { return }
        #expect(abs(climb.startDistanceMeters - 500) <= 10)
        #expect(abs(climb.endDistanceMeters - 2500) <= 10)
        #expect(abs(climb.gainMeters - 120) < 1.5)
        #expect(abs(climb.averageGradePercent - 6) < 0.1)
        #expect(abs(climb.maximumGradePercent - 6) < 0.01)
        // Score 2 000 × 6 = 12 000: category 4. FIETS = 120² / (2 000 × 10) = 0.72, top below 1 000 m.
        #expect(climb.category == .category4)
        #expect(abs(climb.fietsIndex - 0.72) < 0.02)
    }

    @Test func aShortDipJoinsAndARealDescentSplits() {
        // 1 km at 8 % (80 m), 100 m at −5 % (5 m down, under 20 % of 80 m), 1 km at 8 %: one climb.
        let (d, z) = Self.profile([(1000, 8), (100, -5), (1000, 8)])
        let joined = ClimbDetector().climbs(distances: d, altitudes: z)
        #expect(joined.count == 1)
        #expect(abs((joined.first?.gainMeters ?? 0) - 155) < 1.5)
        // The same with 500 m at −8 % (40 m down, half the height): two climbs.
        let (d2, z2) = Self.profile([(1000, 8), (500, -8), (1000, 8)])
        #expect(ClimbDetector().climbs(distances: d2, altitudes: z2).count == 2)
        // Too short or too flat: none.
        let (d3, z3) = Self.profile([(250, 10), (300, -10)])
        #expect(ClimbDetector().climbs(distances: d3, altitudes: z3).isEmpty)
        let (d4, z4) = Self.profile([(2000, 2.5)])
        #expect(ClimbDetector().climbs(distances: d4, altitudes: z4).isEmpty)
    }

    @Test func categoriesFollowStravasScore() {
        #expect(ClimbCategory(score: 8_000) == nil)
        #expect(ClimbCategory(score: 8_001) == .category4)
        #expect(ClimbCategory(score: 16_001) == .category3)
        #expect(ClimbCategory(score: 32_001) == .category2)
        #expect(ClimbCategory(score: 64_001) == .category1)
        #expect(ClimbCategory(score: 80_001) == .hors)
        // FIETS with a top above 1 000 m: H = 1 000, D = 10 000, T = 2 000 → 10 + 1 = 11.
        let climb = Climb(startDistanceMeters: 0, endDistanceMeters: 10_000, startAltitudeMeters: 1000,
                          topAltitudeMeters: 2000, maximumGradePercent: 12, elapsedSeconds: 3600)
        #expect(abs(climb.fietsIndex - 11) < 1e-12)
        #expect(climb.verticalMetersPerHour == 1000)
    }

    /// The hike (Garmin GPSMAP 64s, two segments): its raw elevation profile climbs from about 830 m near
    /// the start to 1 861 m (the track's highest point) a little after 40 % of the way, with only small dips
    /// (the largest about 15 m), descends about 280 m, climbs again about 60 m, then descends to 807 m.
    /// Expected: one long climb, bottom below 850 m, top within 10 m of the workout's highest smoothed
    /// altitude, about 1 000 m high (HC: length × grade ≈ 6 000 × 17 ≈ 100 000), and at most one small one;
    /// no climb in the last 40 % of the distance. (The default filter measures 15.7 km where the raw
    /// points sum to 18.1 km: distances below are the engine's.)
    @Test func theAlpineHikeHasOneLongClimb() throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("hike-garmin-gpsmap64s-2seg-elevation.gpx").path)
        let climbs = summary.analysis.climbs
        let long = climbs.filter { $0.gainMeters > 300 }
        try #require(long.count == 1, "\(climbs)")
        let climb = long[0]
        let total = summary.metrics.distanceMeters
        #expect(climb.startDistanceMeters < 0.1 * total)
        #expect(climb.endDistanceMeters > 0.3 * total && climb.endDistanceMeters < 0.5 * total)
        #expect(climb.startAltitudeMeters < 850)
        #expect(abs(climb.topAltitudeMeters - (summary.metrics.maximumElevationMeters ?? 0)) < 10)
        #expect(climb.gainMeters > 950 && climb.gainMeters < 1100, "\(climb.gainMeters)")
        #expect(climb.category == .hors)
        #expect(climb.maximumGradePercent >= climb.averageGradePercent)
        #expect((climb.verticalMetersPerHour ?? 0) > 100 && (climb.verticalMetersPerHour ?? 0) < 800, "a hiker's VAM, stops included")
        #expect(climbs.count <= 2)
        #expect(climbs.allSatisfy { $0.endDistanceMeters < 0.6 * total })
    }
}
