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

/// A clock the tests move by hand (wall-clock seconds since 1970).
final class TestWallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double
    init(_ value: Double) { self.value = value }
    var now: Double {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
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
    ) -> PersistentSessionRecorder {
        let recorder = PersistentSessionRecorder(directory: directory, policy: policy, fileSystem: fileSystem, logger: quietLogger(), now: now)
        recorder.start(activity: activity, sessionID: sessionID, at: samples.first?.time ?? 0)
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
