import SessionSupport
public import Logging
public import SessionSupport

/// The resume file of the active strength workout: one JSON file (see ``StrengthSessionState``)
/// replaced atomically with ``/SessionSupport/SessionFileSystem/writeAtomically(_:to:)`` (temporary file, flush,
/// rename, directory flush), so a kill at any moment leaves the old state or the new one. Saving the
/// same state twice writes the same bytes and is harmless.
public struct ResumeStore: Sendable {
    /// Six hours: a state last active longer ago is discarded.
    public static let defaultMaximumAgeSeconds: Double = 6 * 60 * 60
    /// Five minutes: a rest timer whose target passed longer ago than this is dropped on resume.
    public static let defaultRestGraceSeconds: Double = 5 * 60

    /// The file.
    public var path: String
    /// The file layer (``/SessionSupport/POSIXFileSystem`` in production, a fault-injecting double in tests).
    public var fileSystem: any SessionFileSystem
    /// States older than this are discarded as expired.
    public var maximumAgeSeconds: Double
    /// Rest timers past their target by more than this are dropped on resume.
    public var restGraceSeconds: Double
    /// Key spelling of the file.
    public var keyStyle: JSONKeyStyle

    /// A store at `path`; states older than `maximumAgeSeconds` (6 hours by default) are discarded, rest
    /// timers more than `restGraceSeconds` (5 minutes) past their target are dropped on resume.
    public init(
        path: String,
        fileSystem: any SessionFileSystem = POSIXFileSystem(),
        maximumAgeSeconds: Double = defaultMaximumAgeSeconds,
        restGraceSeconds: Double = defaultRestGraceSeconds,
        keyStyle: JSONKeyStyle = .camelCase
    ) {
        self.path = path
        self.fileSystem = fileSystem
        self.maximumAgeSeconds = maximumAgeSeconds
        self.restGraceSeconds = restGraceSeconds
        self.keyStyle = keyStyle
    }

    /// Writes `state` when it is active; otherwise writes nothing and removes the file when it holds
    /// this workout (a completed workout must not come back).
    /// - Throws: ``/SessionSupport/FileSystemError`` from the failing step (the old file is untouched), or an
    ///   `EncodingError` for a value JSON cannot hold.
    @discardableResult
    public func save(_ state: StrengthSessionState) throws -> ResumeSaveResult {
        guard state.phase == .active else {
            if state.phase == .completed { removeIfHolds(workoutID: state.workout.id) }
            return .notActive(state.phase)
        }
        let bytes = try StrengthJSON.encode(state, keyStyle: keyStyle)
        try fileSystem.writeAtomically(bytes, to: path)
        return .written
    }

    /// Reads the saved state at `now` (seconds since 1970). Discards, logging the reason and removing
    /// the file: a corrupt file, a state of another workout than `workoutID` (any workout when `nil`),
    /// a state that is not active, or one last active more than ``maximumAgeSeconds`` ago. Never throws.
    public func load(workoutID: String? = nil, now: Double, logger: Logger = .quiet) -> ResumeLoadResult {
        let bytes: [UInt8]
        do {
            guard try fileSystem.fileSize(path) != nil else { return .nothing }
            bytes = try fileSystem.readFile(path)
        } catch let error as FileSystemError {
            return discard(.unreadable(error), logger: logger, remove: false)
        } catch {
            return discard(.corrupt("\(error)"), logger: logger, remove: false)
        }
        var state: StrengthSessionState
        do {
            state = try StrengthJSON.decode(StrengthSessionState.self, from: bytes, keyStyle: keyStyle)
        } catch {
            return discard(.corrupt(Self.describe(error)), logger: logger)
        }
        if let workoutID, state.workout.id != workoutID {
            return discard(.otherWorkout(found: state.workout.id, expected: workoutID), logger: logger)
        }
        guard state.phase == .active else { return discard(.notActive(state.phase), logger: logger) }
        if now - state.lastActiveAt > maximumAgeSeconds {
            return discard(.expired(lastActiveAt: state.lastActiveAt, maximumAgeSeconds: maximumAgeSeconds), logger: logger)
        }
        let dropped = state.prepareForResume(now: now, restGraceSeconds: restGraceSeconds)
        logger.info("strength: resume state loaded", metadata: [
            "workout": "\(state.workout.id)", "completedSets": "\(state.workout.completedSetCount)",
            "restTimerDropped": "\(dropped)",
        ])
        return .resumed(state, restTimerDropped: dropped)
    }

    /// Removes the file (ignoring a missing one).
    /// - Throws: ``/SessionSupport/FileSystemError``.
    public func remove() throws {
        guard try fileSystem.fileSize(path) != nil else { return }
        try fileSystem.removeFile(path)
    }

    private func discard(_ reason: ResumeDiscardReason, logger: Logger, remove: Bool = true) -> ResumeLoadResult {
        logger.warning("strength: resume state discarded", metadata: ["file": "\(path)", "reason": "\(reason)"])
        if remove { try? fileSystem.removeFile(path) }
        return .discarded(reason)
    }

    private func removeIfHolds(workoutID: String) {
        guard let bytes = try? fileSystem.readFile(path),
              let saved = try? StrengthJSON.decode(SavedWorkoutID.self, from: bytes, keyStyle: keyStyle),
              saved.workout.id == workoutID
        else { return }
        try? fileSystem.removeFile(path)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing key \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
