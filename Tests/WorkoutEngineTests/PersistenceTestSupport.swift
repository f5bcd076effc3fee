import Foundation
import Logging
import Testing
import TestSupport
import TrackFormats
import WorkoutEngine
import WorkoutSamples

/// Collects what a track reader finds.
struct CollectingSink: TrackSampleSink {
    var activityName: String?
    var samples: [Sample] = []
    mutating func trackActivity(named name: String) throws { activityName = name }
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}

/// A builder whose every outcome goes to a journal, with the calls the persistence tests make: a session
/// as an app drives it (start, samples, pauses, end), journaled from the builder's outcomes.
final class RecordingSession: @unchecked Sendable {
    private(set) var builder: WorkoutBuilder
    let recorder: PersistentSessionRecorder

    init(
        directory: String, activity: ActivityType = .running, sessionID: UUID = UUID(), policy: JournalDurabilityPolicy = .default,
        fileSystem: any SessionFileSystem = POSIXFileSystem(), logger: Logger = PersistenceFixtures.quietLogger(),
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        let options = WorkoutOptions(activity: activity)
        builder = WorkoutBuilder(options: options)
        recorder = PersistentSessionRecorder(
            directory: directory, options: options, sessionID: sessionID, policy: policy, fileSystem: fileSystem, logger: logger, now: now)
    }

    func start(at time: Double) { recorder.record(builder.start(at: time)) }
    func record(_ sample: Sample) { recorder.record(builder.add(sample)) }
    /// The input's pauses are the device's timer events (a FIT file's), journaled like a reader's call.
    func useDeviceTimer() { if let outcome = builder.useDeviceTimer() { recorder.record(outcome) } }
    /// The builder's figures so far.
    var snapshot: WorkoutSnapshot { builder.snapshot }
    func recordEvent(_ kind: SessionEventKind, at time: Double) {
        switch kind {
        case .start: recorder.record(builder.start(at: time))
        case .pause: recorder.record(builder.pause(at: time))
        case .resume: recorder.record(builder.resume(at: time))
        case .lap: recorder.record(builder.markLap(at: time))
        case .end: recorder.record(builder.end(at: time))
        }
    }

    @discardableResult func sync() -> Bool { recorder.sync() }
    @discardableResult func close() -> Bool { recorder.close() }
    @discardableResult func finish(summaryJSON: String) -> Bool { recorder.finish(summaryJSON: summaryJSON) }
    var status: PersistenceStatus { recorder.status }
    var sessionID: UUID? { recorder.sessionID }
    var journalPath: String? { recorder.journalPath }
    var durableOffset: Int { recorder.durableOffset }
    var durableRecordCount: Int { recorder.durableRecordCount }
    var durableSampleCount: Int { recorder.durableSampleCount }
    var pendingByteCount: Int { recorder.pendingByteCount }
    var droppedRecordCount: Int { recorder.droppedRecordCount }
}

enum PersistenceFixtures {
    static let trackName = "run-garmin-connect-hr-cadence.gpx"

    /// The samples of a real track, in input order, and the activity it names.
    static func trackSamples(_ name: String = trackName) throws -> (activity: ActivityType?, samples: [Sample]) {
        var sink = CollectingSink()
        _ = try TrackReader.read(TrackInput(path: TestPaths.sampleTrack(name).path), into: &sink)
        return (sink.activityName.flatMap { ActivityType(parsing: $0) }, sink.samples)
    }

    static func quietLogger() -> Logger {
        Logger(label: "persistence-tests", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    static func capturingLogger() -> (Logger, CapturedLog) {
        let log = CapturedLog()
        return (log.logger(label: "persistence-tests"), log)
    }

    /// Exact equality of samples, bit for bit (so NaN payloads and the sign of zero count).
    static func sameBits(_ a: Sample, _ b: Sample) -> Bool {
        JournalRecord.sample(a).encoded() == JournalRecord.sample(b).encoded()
    }

    static func samePrefix(_ recovered: [Sample], of original: [Sample]) -> Bool {
        guard recovered.count <= original.count else { return false }
        return zip(recovered, original).allSatisfy { sameBits($0, $1) }
    }

    /// Records `samples` through a recorder into `directory`, as a live session would, and returns the
    /// session id. `finish` leaves it unfinished (as after a crash) unless asked.
    @discardableResult
    static func recordSession(
        _ samples: [Sample], activity: ActivityType = .running, directory: String, sessionID: UUID = UUID(),
        fileSystem: any SessionFileSystem = POSIXFileSystem(), now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        policy: JournalDurabilityPolicy = .default
    ) -> RecordingSession {
        let recorder = RecordingSession(directory: directory, activity: activity, sessionID: sessionID, policy: policy, fileSystem: fileSystem, now: now)
        recorder.start(at: samples.first { $0.time != nil }?.time ?? 0)
        for sample in samples { recorder.record(sample) }
        return recorder
    }

    /// A builder fed `samples` the way recovery feeds a journal, then paused like recovery does.
    static func referenceBuilder(_ samples: [Sample], activity: ActivityType = .running) -> WorkoutBuilder {
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: activity))
        var last: Double?
        for sample in samples {
            builder.apply(.sample(sample))
            if let time = sample.time, time.isFinite { last = max(last ?? time, time) }
        }
        if builder.clock.state == .running { builder.pause(at: last) }
        return builder
    }

    static func temporaryDirectory(_ label: String) throws -> String {
        try TestPaths.temporaryDirectory(label).path
    }
}
