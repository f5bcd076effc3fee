import Foundation
public import WorkoutEngine

/// Imports track files into a store: each file is read whole (its SHA-256 needs every byte), run through
/// the engine and saved in one transaction. A file that fails is reported and skipped; the others go on.
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
    /// Parsing and saving overlap: a parsed file goes to a save of its own and the next parse starts at once,
    /// so no core waits while a transaction commits (PostgreSQL's `fsync` of each commit, SQLite's one writer).
    /// At most `jobs` parses and `8 × jobs` saves are in flight, which bounds the workouts held in memory (a
    /// one-hour workout waiting for its save holds about 0.3 MB). Eight per parse, not two: SQLite's writer
    /// stops for 20–35 ms when a commit checkpoints the WAL into the database file and syncs it (about every
    /// 60 one-hour workouts), and with two per parse the parses stopped too, waiting for room (16 saves: 0.96x
    /// the wall time of an import of 1 000 files on 2 cores, 3 MB more at the peak).
    public static func run(
        paths: [String], into store: any WorkoutStore, athlete: String, jobs: Int = 1,
        options: WorkoutOptions = WorkoutOptions(), progress: (Event) -> Void = { _ in }
    ) async -> Report {
        let files = expand(paths)
        let total = files.count
        let parseLimit = max(1, jobs)
        let saveLimit = 8 * parseLimit
        var report = Report()
        var done = 0
        await withTaskGroup(of: Stage.self) { group in
            var next = 0
            var parsing = 0
            // One serial queue per parse slot, kept for the whole import: a parse takes a free one and gives
            // it back. A new queue for every file (what `OffCooperativePool.run` makes without one) left the
            // cores idle for about 6 % of an import's wall time on 2 cores (`farm-bench`, 1 000 files).
            var freeQueues = (0..<parseLimit).map { DispatchQueue(label: "workout.import.parse.\($0)") }
            var saving = 0
            func startParses() {
                while next < files.count, parsing < parseLimit, saving < saveLimit {
                    let path = files[next]
                    next += 1
                    parsing += 1
                    let queue = freeQueues.removeLast()
                    group.addTask { await parse(path: path, athlete: athlete, options: options, total: total, on: queue) }
                }
            }
            startParses()
            for await stage in group {
                var finished: Event
                switch stage {
                case .parsed(let path, let workout, let queue):
                    parsing -= 1
                    freeQueues.append(queue)
                    saving += 1
                    group.addTask { .saved(await save(workout, path: path, into: store, total: total)) }
                    startParses()
                    continue
                case .failed(let event, let queue):
                    parsing -= 1
                    freeQueues.append(queue)
                    finished = event
                case .saved(let event):
                    saving -= 1
                    finished = event
                }
                done += 1
                finished.done = done
                switch finished.outcome {
                case .stored: report.stored += 1; report.pointCount += finished.pointCount
                case .alreadyStored: report.alreadyStored += 1
                case .failed(let message): report.failures.append(message)
                }
                progress(finished)
                startParses()
            }
        }
        return report
    }

    /// What a task of the import's group did: a file parsed (its save comes next), or a file done; a parse
    /// gives its slot's queue back.
    enum Stage: Sendable {
        case parsed(path: String, workout: ImportedWorkout, queue: DispatchQueue)
        /// The file could not be read or summarised.
        case failed(Event, queue: DispatchQueue)
        case saved(Event)
    }

    /// Parses one file off the cooperative pool, on `queue` (a parse slot's), which comes back with the stage.
    static func parse(path: String, athlete: String, options: WorkoutOptions, total: Int, on queue: DispatchQueue) async -> Stage {
        do {
            let workout = try await OffCooperativePool.run(on: queue) { try ImportedWorkout(contentsOf: path, athlete: athlete, options: options) }
            return .parsed(path: path, workout: workout, queue: queue)
        } catch {
            return .failed(failure(error, path: path, total: total), queue: queue)
        }
    }

    /// Saves one parsed file.
    static func save(_ workout: ImportedWorkout, path: String, into store: any WorkoutStore, total: Int) async -> Event {
        do {
            switch try await store.save(workout) {
            case .stored(let id):
                return Event(path: path, outcome: .stored(id: id), pointCount: workout.channels.count, done: 0, total: total)
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
