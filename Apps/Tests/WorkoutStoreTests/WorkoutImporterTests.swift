import Foundation
import Testing
import TestSupport
import WorkoutEngine
@testable import WorkoutStore

/// The importer's workers at the edges: nothing to import, more workers than files, and a failed file among
/// stored ones; every file reported once, the count of files done going up by one.
@Suite struct WorkoutImporterTests {
    @Test func nothingToImportReturnsAtOnce() async throws {
        let directory = try TestPaths.temporaryDirectory("import-nothing")
        let store = try SQLiteWorkoutStore(path: directory.appendingPathComponent("s.sqlite").path)
        var events: [WorkoutImporter.Event] = []
        let report = await WorkoutImporter.run(paths: [directory.path], into: store, athlete: "ana", jobs: 4) { events.append($0) }
        #expect(report == WorkoutImporter.Report())
        #expect(events.isEmpty)
        await store.close()
    }

    @Test func moreWorkersThanFiles() async throws {
        let directory = try TestPaths.temporaryDirectory("import-workers")
        for name in ["run-garmin-connect-hr-cadence.gpx", "ride-garmin-edge500-hr.tcx"] {
            try FileManager.default.copyItem(at: TestPaths.sampleTrack(name), to: directory.appendingPathComponent(name))
        }
        try Data("<gpx><trk><trkseg><trkpt lat=\"x\"".utf8).write(to: directory.appendingPathComponent("broken.gpx"))
        let store = try SQLiteWorkoutStore(path: directory.appendingPathComponent("s.sqlite").path)
        var events: [WorkoutImporter.Event] = []
        let report = await WorkoutImporter.run(paths: [directory.path], into: store, athlete: "ana", jobs: 16) { events.append($0) }
        #expect(report.stored == 2)
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.hasPrefix(directory.appendingPathComponent("broken.gpx").path + ":") == true)
        #expect(events.map(\.done) == [1, 2, 3])
        #expect(Set(events.map { ($0.path as NSString).lastPathComponent }) == ["run-garmin-connect-hr-cadence.gpx", "ride-garmin-edge500-hr.tcx", "broken.gpx"])
        #expect(events.allSatisfy { $0.total == 3 })
        await store.close()
    }

    /// The options of `route-replay import` reach every file: the activity and filter (`WorkoutOptions`),
    /// the format (a GPX file named `.json` is read as GPX only when told), and `--strict` (a `<speed>` of
    /// `n/a` is dropped and counted, and the file's event says so for the warning, or refuses the file).
    @Test func readingOptionsApplyToEveryFile() async throws {
        let directory = try TestPaths.temporaryDirectory("import-options")
        let gpx = String(decoding: SyntheticTrack.gpx(index: 1, points: 120), as: UTF8.self)
        let badSpeed = gpx.replacingOccurrences(of: "</time>", with: "</time><speed>n/a</speed>", options: [], range: gpx.range(of: "</time>"))
        #expect(badSpeed != gpx)
        try Data(badSpeed.utf8).write(to: directory.appendingPathComponent("speed.gpx"))
        try Data(SyntheticTrack.gpx(index: 2, points: 120)).write(to: directory.appendingPathComponent("gpx-named.json"))

        let lenient = try SQLiteWorkoutStore(path: directory.appendingPathComponent("lenient.sqlite").path)
        let cycling = WorkoutOptions(activity: .cycling, activityIsExplicit: true)
        var events: [WorkoutImporter.Event] = []
        let read = await WorkoutImporter.run(paths: [directory.path], into: lenient, athlete: "ana", options: cycling, format: .gpx) {
            events.append($0)
        }
        #expect(read.failures == [])
        #expect(read.stored == 2)
        let skipped = events.first { $0.path.hasSuffix("speed.gpx") }?.skippedFields
        #expect(skipped?["speed"]?.count == 1)
        #expect(skipped?["speed"]?.firstValue == "n/a")
        #expect(events.first { $0.path.hasSuffix("gpx-named.json") }?.skippedFields == [:])
        let stored = try await lenient.workouts(matching: WorkoutQuery())
        #expect(stored.map(\.activity) == ["cycling", "cycling"])
        #expect(stored.contains { $0.summaryJSON.contains(#""skippedFields":{"speed":1}"#) })
        await lenient.close()

        let strict = try SQLiteWorkoutStore(path: directory.appendingPathComponent("strict.sqlite").path)
        let refused = await WorkoutImporter.run(paths: [directory.path], into: strict, athlete: "ana", readOptions: TrackReadOptions(strict: true))
        #expect(refused.stored == 0)
        #expect(refused.failures.count == 2, "speed.gpx refused by --strict, gpx-named.json read as JSON: \(refused.failures)")
        await strict.close()
    }

    /// A file that cannot be opened is reported once, as `path: cannot open: reason`.
    @Test func aMissingFileIsNamedOnce() async throws {
        let directory = try TestPaths.temporaryDirectory("import-missing")
        let store = try SQLiteWorkoutStore(path: directory.appendingPathComponent("s.sqlite").path)
        let missing = directory.appendingPathComponent("ride.fit").path
        let report = await WorkoutImporter.run(paths: [missing], into: store, athlete: "ana")
        #expect(report.failures == ["\(missing): cannot open: No such file or directory"])
        await store.close()
    }
}
