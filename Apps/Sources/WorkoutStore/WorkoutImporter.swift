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
    public static func run(
        paths: [String], into store: any WorkoutStore, athlete: String, jobs: Int = 1,
        options: WorkoutOptions = WorkoutOptions(), progress: (Event) -> Void = { _ in }
    ) async -> Report {
        let files = expand(paths)
        var report = Report()
        var done = 0
        await withTaskGroup(of: Event.self) { group in
            var next = 0
            func addTask() {
                let path = files[next]
                let total = files.count
                next += 1
                group.addTask {
                    await importOne(path: path, into: store, athlete: athlete, options: options, total: total)
                }
            }
            while next < files.count, next < max(1, jobs) { addTask() }
            for await var event in group {
                done += 1
                event.done = done
                switch event.outcome {
                case .stored: report.stored += 1; report.pointCount += event.pointCount
                case .alreadyStored: report.alreadyStored += 1
                case .failed(let message): report.failures.append(message)
                }
                progress(event)
                if next < files.count { addTask() }
            }
        }
        return report
    }

    /// Parses one file off the cooperative pool, then saves it.
    static func importOne(path: String, into store: any WorkoutStore, athlete: String, options: WorkoutOptions, total: Int) async -> Event {
        do {
            let workout = try await OffCooperativePool.run { try ImportedWorkout(contentsOf: path, athlete: athlete, options: options) }
            switch try await store.save(workout) {
            case .stored(let id):
                return Event(path: path, outcome: .stored(id: id), pointCount: workout.channels.count, done: 0, total: total)
            case .alreadyStored(let id):
                return Event(path: path, outcome: .alreadyStored(id: id), pointCount: workout.channels.count, done: 0, total: total)
            }
        } catch let error as TrackFormatError {
            return Event(path: path, outcome: .failed(error.description), pointCount: 0, done: 0, total: total)
        } catch let error as StoreError {
            switch error {
            case .unreadable, .unusable: return Event(path: path, outcome: .failed(error.description), pointCount: 0, done: 0, total: total)
            default: return Event(path: path, outcome: .failed("\(path): \(error.description)"), pointCount: 0, done: 0, total: total)
            }
        } catch {
            return Event(path: path, outcome: .failed("\(path): \(error)"), pointCount: 0, done: 0, total: total)
        }
    }
}
