import Foundation
import Synchronization
public import WorkoutEngine

/// Imports track files into a store: each file is read once through the engine, its SHA-256 taken on the way
/// (the hash needs every byte: what the reader leaves unread is read for it), and saved in one transaction. A file that fails is reported and skipped; the others go on.
public enum WorkoutImporter {
    /// What happened to one file.
    public enum Outcome: Sendable, Hashable {
        case stored(id: Int64)
        case alreadyStored(id: Int64)
        /// `path:line:column: what` for malformed input, `path: what` otherwise.
        case failed(String)
    }

    /// One file done, in completion order.
    public struct Event: Sendable, Hashable {
        public var path: String
        public var outcome: Outcome
        /// Accepted fixes in the workout (0 when it failed).
        public var pointCount: Int
        /// Files done so far, this one included, and files in all.
        public var done: Int
        public var total: Int
        /// A stored file's optional values that did not parse and were dropped, by field name (its
        /// summary's `skippedFields`).
        public var skippedFields: [String: SkippedField] = [:]
        /// What the engine had to assume about a stored file (its summary's `warnings`: unusable times, fixes
        /// too fast for the activity, nothing to measure).
        public var warnings: [String] = []
    }

    /// Totals of a run.
    public struct Report: Sendable, Hashable {
        public var stored = 0
        public var alreadyStored = 0
        /// Failed files with their messages, in completion order.
        public var failures: [String] = []
        public var pointCount = 0

        public init() {}
    }

    /// File extensions imported from a directory.
    public static let trackExtensions: Set<String> = ["gpx", "json", "ndjson", "tcx", "fit"]

    /// The files named, with each directory replaced by the track files under it (recursively, by
    /// extension, hidden entries skipped), sorted by path; a path that does not exist is kept and fails
    /// when read.
    public static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            if let enumerator = manager.enumerator(atPath: path) {
                while let relative = enumerator.nextObject() as? String {
                    let name = (relative as NSString).lastPathComponent
                    if name.hasPrefix(".") { enumerator.skipDescendants(); continue }
                    let ext = (name as NSString).pathExtension.lowercased()
                    guard trackExtensions.contains(ext) else { continue }
                    let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                    var childIsDirectory: ObjCBool = false
                    if manager.fileExists(atPath: full, isDirectory: &childIsDirectory), !childIsDirectory.boolValue { found.append(full) }
                }
            }
            files += found.sorted()
        }
        return files
    }

    /// Imports `paths` (files or directories) into `store`, parsing up to `jobs` files at once, and calls
    /// `progress` after each file (serially, in completion order).
    ///
    /// `jobs` parse workers, each on a thread of its own off the cooperative pool, take the next file as soon
    /// as they are done with one and hand it, parsed, to a save of its own: parsing and saving overlap, so no
    /// core waits while a transaction commits (PostgreSQL's `fsync` of each commit, SQLite's one writer), and a
    /// worker does not wait for the importer's task to start its next parse. At most `jobs` parses and
    /// `8 × jobs` saves are in flight, which bounds the workouts held in memory (a one-hour workout waiting for
    /// its save holds about 0.3 MB). Eight per parse, not two: SQLite's writer stops for 20–35 ms when a commit
    /// checkpoints the WAL into the database file and syncs it (about every 60 one-hour workouts), and with two
    /// per parse the parses stopped too, waiting for room (16 saves: 0.96x the wall time of an import of 1 000
    /// files on 2 cores, 3 MB more at the peak).
    ///
    /// `options`, `format` and `readOptions` apply to every file (``ImportedWorkout/init(contentsOf:athlete:options:format:readOptions:)``).
    public static func run(
        paths: [String], into store: any WorkoutStore, athlete: String, jobs: Int = 1,
        options: WorkoutOptions = WorkoutOptions(), format: TrackFormat? = nil, readOptions: TrackReadOptions = TrackReadOptions(),
        progress: (Event) -> Void = { _ in }
    ) async -> Report {
        let files = expand(paths)
        let total = files.count
        var report = Report()
        guard total > 0 else { return report }
        let workers = min(max(1, jobs), total)
        let (stages, continuation) = AsyncStream<Stage>.makeStream()
        let claims = FileClaims(count: total, room: 9 * workers)
        let reading = Reading(options: options, format: format, readOptions: readOptions)
        for worker in 0..<workers {
            DispatchQueue(label: "workout.import.parse.\(worker)").async {
                while let index = claims.next() {
                    continuation.yield(parse(path: files[index], athlete: athlete, reading: reading, total: total))
                }
            }
        }
        var done = 0
        await withDiscardingTaskGroup { group in
            for await stage in stages {
                let finished: Event
                switch stage {
                case .parsed(let path, let workout):
                    group.addTask {
                        continuation.yield(.saved(await save(workout, path: path, into: store, total: total)))
                    }
                    continue
                case .failed(let event), .saved(let event):
                    finished = event
                }
                claims.release()
                done += 1
                var event = finished
                event.done = done
                switch event.outcome {
                case .stored: report.stored += 1; report.pointCount += event.pointCount
                case .alreadyStored: report.alreadyStored += 1
                case .failed(let message): report.failures.append(message)
                }
                progress(event)
                if done == total { break }
            }
        }
        continuation.finish()
        return report
    }

    /// What a worker or a save of the import did: a file parsed (its save comes next), or a file done.
    enum Stage: Sendable {
        case parsed(path: String, workout: ImportedWorkout)
        /// The file could not be read or summarised.
        case failed(Event)
        case saved(Event)
    }

    /// The files of an import handed out to its workers, one at a time and in order, and the room for
    /// workouts between the start of their parse and the end of their save (a worker waits for room before
    /// it takes a file).
    final class FileClaims: Sendable {
        private let count: Int
        private let nextIndex = Mutex(0)
        private let room: DispatchSemaphore

        init(count: Int, room: Int) {
            self.count = count
            self.room = DispatchSemaphore(value: room)
        }

        /// The next file's index once there is room for it; `nil` when every file was taken. Blocks: call
        /// it off the cooperative pool.
        func next() -> Int? {
            guard nextIndex.withLock({ $0 < count }) else { return nil }
            room.wait()
            let index = nextIndex.withLock { next in
                defer { next += 1 }
                return next
            }
            guard index < count else {
                room.signal()
                return nil
            }
            return index
        }

        /// A file is done (saved, or failed): its room goes to the next.
        func release() { room.signal() }
    }

    /// How every file of an import is read and measured.
    struct Reading: Sendable {
        var options: WorkoutOptions
        var format: TrackFormat?
        var readOptions: TrackReadOptions
    }

    /// Parses one file, on the calling thread (a worker's).
    static func parse(path: String, athlete: String, reading: Reading, total: Int) -> Stage {
        do {
            let workout = try ImportedWorkout(
                contentsOf: path, athlete: athlete, options: reading.options, format: reading.format, readOptions: reading.readOptions)
            return .parsed(path: path, workout: workout)
        } catch {
            return .failed(failure(error, path: path, total: total))
        }
    }

    /// Saves one parsed file.
    static func save(_ workout: ImportedWorkout, path: String, into store: any WorkoutStore, total: Int) async -> Event {
        do {
            switch try await store.save(workout) {
            case .stored(let id):
                return Event(path: path, outcome: .stored(id: id), pointCount: workout.channels.count, done: 0, total: total,
                             skippedFields: workout.summary.skippedFields, warnings: workout.summary.metrics.warnings)
            case .alreadyStored(let id):
                return Event(path: path, outcome: .alreadyStored(id: id), pointCount: workout.channels.count, done: 0, total: total)
            }
        } catch {
            return failure(error, path: path, total: total)
        }
    }

    /// A failed file's event: `path:line:column: what` for malformed input, `path: what` otherwise.
    static func failure(_ error: any Error, path: String, total: Int) -> Event {
        let message: String
        switch error {
        case let error as TrackFormatError:
            message = error.description
        case let error as StoreError:
            switch error {
            case .unreadable, .unusable: message = error.description
            default: message = "\(path): \(error.description)"
            }
        default:
            message = "\(path): \(error)"
        }
        return Event(path: path, outcome: .failed(message), pointCount: 0, done: 0, total: total)
    }
}
