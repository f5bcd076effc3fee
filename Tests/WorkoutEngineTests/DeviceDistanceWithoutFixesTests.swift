import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// Where the route has no fix but the device counts its own distance (a watch before GPS has a fix, indoors,
/// in a tunnel), the device's distance counts (default mode): before the route's first fix, and over a stretch
/// without a fix longer than the activity's gap threshold, in place of the straight line across. Before, the
/// metres before the first fix were dropped (the live distance fell back to 0 when the fix came), and a
/// stretch without fixes counted the straight line. Truth: the device's own readings and PROJ's `geod`.
struct DeviceDistanceWithoutFixesTests {
    static let start = 1_700_000_000.0
    static let metersPerDegreeLatitude = 111_195.0
    static let metersPerDegreeLongitude = metersPerDegreeLatitude * cos(46.0 * .pi / 180)

    /// A run at 3 m/s: `plan` gives, per second, whether there is a fix and the step's direction; the
    /// device's distance is read every second a fix is missing, as a FIT file's records without a position
    /// give it. Returns the samples and the fixes' runs (each a list of coordinates between gaps).
    static func run(_ plan: [(fix: Bool, east: Bool)]) -> (samples: [Sample], fixRuns: [[(latitude: Double, longitude: Double)]]) {
        var samples: [Sample] = []
        var runs: [[(latitude: Double, longitude: Double)]] = [[]]
        var north = 0.0, east = 0.0, meters = 0.0
        for (second, step) in plan.enumerated() {
            let time = start + Double(second)
            if step.fix {
                let point = (46.0 + north / metersPerDegreeLatitude, 7.0 + east / metersPerDegreeLongitude)
                runs[runs.count - 1].append(point)
                samples.append(.location(LocationSample(time: time, latitude: point.0, longitude: point.1)))
            } else {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                samples.append(.distance(DistanceSample(time: time, cumulativeMeters: meters)))
            }
            if step.east { east += 3 } else { north += 3 }
            meters += 3
        }
        return (samples, runs.filter { !$0.isEmpty })
    }

    static func geodMeters(_ runs: [[(latitude: Double, longitude: Double)]]) throws -> Double {
        try runs.reduce(0) { sum, run in
            sum + (run.count < 2 ? 0 : try GeodReference.inverseDistancesMeters(latitudes: run.map(\.latitude), longitudes: run.map(\.longitude)).reduce(0, +))
        }
    }

    /// 300 s before GPS has a fix (the device counts 897 m), then 301 fixes north.
    @Test func theDevicesMetresBeforeTheFirstFixCount() throws {
        let plan = Array(repeating: (fix: false, east: false), count: 300) + Array(repeating: (fix: true, east: false), count: 301)
        let (samples, runs) = Self.run(plan)
        let truth = 897 + (try Self.geodMeters(runs))
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
        var shown: [Double] = []
        for sample in samples { shown.append(builder.add(sample).metrics.distanceMeters) }
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(abs(summary.metrics.distanceMeters - truth) <= 5, "\(summary.metrics.distanceMeters) m, truth \(truth) m")
        // The live distance goes on from the device's when the first fix comes (it fell to 0 there).
        let falls = zip(shown, shown.dropFirst()).filter { $1 < $0 - 0.5 }
        #expect(falls.isEmpty, "the shown distance fell: \(falls.prefix(3))")
        // The first kilometre ends where the device's count and the route's together reach it (333 s in).
        let first = try #require(summary.analysis.splits.kilometers.first)
        #expect(abs(first.figures.totalSeconds - 1000.0 / 3) <= 3, "\(first.figures.totalSeconds) s")
    }

    /// 300 s of fixes north, 300 s without a fix while the runner goes 450 m east and 450 m north (the
    /// device counts 900 m, the straight line across is 636 m), then 301 fixes north.
    @Test func aLongStretchWithoutFixesCountsTheDevicesDistance() throws {
        let plan = Array(repeating: (fix: true, east: false), count: 300)
            + Array(repeating: (fix: false, east: true), count: 150) + Array(repeating: (fix: false, east: false), count: 150)
            + Array(repeating: (fix: true, east: false), count: 301)
        let (samples, runs) = Self.run(plan)
        // The device's readings after the last fix (at 300–599 s) count 897 m; the steps from the last fix
        // to the first reading and from the last reading to the next fix (3 m each) are in neither.
        let truth = 897 + (try Self.geodMeters(runs))
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        let m = summary.metrics
        #expect(abs(m.distanceMeters - truth) <= 5, "\(m.distanceMeters) m, truth \(truth) m")
        let moving = try #require(m.movingSeconds)
        #expect(abs(moving - 900) <= 4, "\(moving) s moving")
        // The splits see the device's metres too (the fixes after the stretch carry them).
        let splitMeters = summary.analysis.splits.kilometers.map(\.figures.distanceMeters).reduce(0, +)
        #expect(abs(splitMeters - truth) <= 5, "the splits add up to \(splitMeters) m")
    }

    /// Readings that stop well before the next fix (a few records without a position, then no record for
    /// minutes) did not count the way across: the route crosses to the next fix by the straight line, as
    /// before, whatever the readings counted.
    @Test func readingsThatStopLongBeforeTheNextFixLeaveTheCrossingToTheRoute() throws {
        var samples: [Sample] = []
        var path: [(latitude: Double, longitude: Double)] = []
        func fix(_ second: Int) {
            let latitude = 46.0 + 3 * Double(second) / Self.metersPerDegreeLatitude
            path.append((latitude, 7.0))
            samples.append(.location(LocationSample(time: Self.start + Double(second), latitude: latitude, longitude: 7.0)))
        }
        for second in 0..<300 { fix(second) }
        // 80 s of readings (longer than the gap threshold), then nothing until a fix 221 s after the last.
        for second in 300..<380 { samples.append(.distance(DistanceSample(time: Self.start + Double(second), cumulativeMeters: 3 * Double(second)))) }
        for second in 600..<900 { fix(second) }
        let truth = try GeodReference.inverseDistancesMeters(latitudes: path.map(\.latitude), longitudes: path.map(\.longitude)).reduce(0, +)
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(abs(summary.metrics.distanceMeters - truth) <= 0.005 * truth, "\(summary.metrics.distanceMeters) m, truth \(truth) m")
    }

    /// A stretch without fixes no longer than the gap threshold (running: 60 s) is crossed by the route: the
    /// straight line to the next fix counts, as for any step, not the device's distance.
    @Test func aShortStretchWithoutFixesIsCrossedByTheRoute() throws {
        let plan = Array(repeating: (fix: true, east: false), count: 300)
            + Array(repeating: (fix: false, east: true), count: 20) + Array(repeating: (fix: false, east: false), count: 20)
            + Array(repeating: (fix: true, east: false), count: 301)
        let (samples, runs) = Self.run(plan)
        let last = try #require(runs.first?.last), next = try #require(runs.last?.first)
        let across = try GeodReference.inverseDistancesMeters(latitudes: [last.latitude, next.latitude], longitudes: [last.longitude, next.longitude])[0]
        let truth = try Self.geodMeters(runs) + across
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(abs(summary.metrics.distanceMeters - truth) <= 0.01 * truth, "\(summary.metrics.distanceMeters) m, truth \(truth) m (the device counted 120 m across)")
    }

    /// One fix, then only the device's distance (an indoor ride whose first record had a stray position: the
    /// FIT SDK's `WithGearChangeData.fit` read 0 m of its 12.5 km): the device's distance counts, on screen
    /// as it comes.
    @Test func aLoneFixThenTheDevicesDistance() throws {
        let plan = [(fix: true, east: false)] + Array(repeating: (fix: false, east: false), count: 600)
        let (samples, _) = Self.run(plan)
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
        var last = SampleOutcome(input: .activity(.running))
        for sample in samples { last = builder.add(sample) }
        // Readings at 1–600 s: 1,797 m after the first (the step from the fix to it is in neither).
        #expect(abs(last.metrics.distanceMeters - 1797) <= 1e-9, "\(last.metrics.distanceMeters) m")
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(abs(summary.metrics.distanceMeters - 1797) <= 1e-9)
        #expect(abs((summary.metrics.movingSeconds ?? 0) - 599) <= 1e-9)
    }

    /// `--filter none` stays the plain geodesic sum of the fixes (README): the device's metres are not added.
    @Test func withoutTheFilterOnlyTheFixesCount() throws {
        let plan = Array(repeating: (fix: false, east: false), count: 100) + Array(repeating: (fix: true, east: false), count: 200)
            + Array(repeating: (fix: false, east: true), count: 100) + Array(repeating: (fix: true, east: false), count: 200)
        let (samples, runs) = Self.run(plan)
        let last = try #require(runs.first?.last), next = try #require(runs.last?.first)
        let across = try GeodReference.inverseDistancesMeters(latitudes: [last.latitude, next.latitude], longitudes: [last.longitude, next.longitude])[0]
        let truth = try Self.geodMeters(runs) + across
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: .none))
        #expect(abs(summary.metrics.distanceMeters - truth) <= 1e-9 * truth, "\(summary.metrics.distanceMeters) m, geod \(truth) m")
    }
}
