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
}
