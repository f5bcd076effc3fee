import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// The accuracy the engine must reach on a 1 Hz run with about 3 m of time-correlated GPS noise and
/// 0.5 m of altitude noise, against the noise-free path: distance within 1 %, moving time within 2 %,
/// elevation gain within 10 %. Truth distance comes from PROJ's `geod` on the noise-free path.
struct AccuracyTests {
    static func samples(_ fixes: [SyntheticFix]) -> [Sample] {
        fixes.flatMap { fix -> [Sample] in
            [
                .location(LocationSample(time: fix.time, latitude: fix.latitude, longitude: fix.longitude, altitudeMeters: fix.altitudeMeters)),
                .heartRate(HeartRateSample(time: fix.time, beatsPerMinute: fix.heartRate)),
            ]
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var seed: UInt64
        var correlationSeconds: Double
        var testDescription: String { "seed \(seed), noise correlation \(correlationSeconds) s" }
    }

    static let cases: [Case] = [
        Case(seed: 1, correlationSeconds: 30), Case(seed: 2, correlationSeconds: 30), Case(seed: 3, correlationSeconds: 60),
        Case(seed: 4, correlationSeconds: 60), Case(seed: 5, correlationSeconds: 120), Case(seed: 6, correlationSeconds: 120),
        Case(seed: 7, correlationSeconds: 300), Case(seed: 8, correlationSeconds: 45),
    ]

    @Test(arguments: cases)
    func defaultFilterMeetsTheAccuracyTargets(_ c: Case) throws {
        let track = SyntheticTrack.run(seed: c.seed, correlationSeconds: c.correlationSeconds)
        let truthDistance = try GeodReference.inverseDistancesMeters(
            latitudes: track.truth.map(\.latitude), longitudes: track.truth.map(\.longitude)
        ).reduce(0, +)
        let summary = try WorkoutSummary(samples: Self.samples(track.noisy), options: WorkoutOptions(activity: .running))
        let m = summary.metrics
        let distanceError = (m.distanceMeters - truthDistance) / truthDistance
        let movingError = ((m.movingSeconds ?? 0) - track.trueMovingSeconds) / track.trueMovingSeconds
        let gainError = ((m.elevationGainMeters ?? 0) - track.trueElevationGainMeters) / track.trueElevationGainMeters
        print("accuracy \(c.testDescription): distance \(m.distanceMeters) vs \(truthDistance) (\(distanceError * 100) %), moving \(m.movingSeconds ?? -1) vs \(track.trueMovingSeconds) (\(movingError * 100) %), gain \(m.elevationGainMeters ?? -1) vs \(track.trueElevationGainMeters) (\(gainError * 100) %)")
        #expect(abs(distanceError) < 0.01)
        #expect(abs(movingError) < 0.02)
        #expect(abs(gainError) < 0.10)
    }

    @Test func filterNoneMeasuresTheRawGeodesicSum() throws {
        let track = SyntheticTrack.run(seed: 9, durationSeconds: 900)
        let reference = try GeodReference.inverseDistancesMeters(
            latitudes: track.noisy.map(\.latitude), longitudes: track.noisy.map(\.longitude)
        ).reduce(0, +)
        let summary = try WorkoutSummary(samples: Self.samples(track.noisy), options: WorkoutOptions(activity: .running, filterMode: .none))
        #expect(summary.metrics.distanceMeters.isApproximatelyEqual(to: reference, relativeTolerance: 1e-9))
    }
}
