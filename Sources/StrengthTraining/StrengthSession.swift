import SessionSupport
public import Logging

/// A strength workout being done: the session rules of ``StrengthSessionState`` on an injected
/// `Clock`, with resume persistence, in-flight actions and a throttled display state.
///
/// Time: the session reads `clock.now` and maps it to seconds since 1970 through the pair
/// (`clock.now`, `wallTimeAtStart`) taken at creation, so production passes `ContinuousClock()` and
/// the current date, and tests pass a manual clock and any date.
///
/// Persistence: call ``persist()`` after actions and when the app goes to the background
/// (``leave()`` does). Before writing, an in-flight action (``swapExercise(_:using:)``,
/// ``flagPain(_:note:reporting:)``) is awaited for up to ``inFlightTimeout`` (3 s) on the
/// injected clock; after that, the state before the action is written.
///
/// Display: ``displayUpdates`` yields a ``StrengthDisplayState`` after every change, and on
/// ``tick()`` at most once per the throttle's minimum interval while only counters move. Its
/// buffer keeps the newest state only.
public actor StrengthSession<C: Clock> where C.Duration == Duration {
    /// Three seconds: how long ``persist()`` waits for an in-flight action.
    public static var defaultInFlightTimeout: Duration { .seconds(3) }

    /// The full state (workout, timers, phase).
    public private(set) var state: StrengthSessionState
    /// The error of the last failed persist; cleared by a successful one.
    public private(set) var lastPersistenceError: String?
    /// The last display state published.
    public var displayState: StrengthDisplayState? { throttle.lastPublished }
    /// How many display states were published.
    public private(set) var displayPublishCount = 0
    /// Display states as they are published (newest kept when nobody reads).
    public nonisolated let displayUpdates: AsyncStream<StrengthDisplayState>
    /// How long ``persist()`` waits for an in-flight action.
    public let inFlightTimeout: Duration

    private let clock: C
    private let origin: C.Instant
    private let originWallTime: Double
    private let store: ResumeStore?
    private let logger: Logger
    private let displayContinuation: AsyncStream<StrengthDisplayState>.Continuation
    private var throttle: DisplayStateThrottle
    private var inFlightCount = 0
    private var idleWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiterID = 0

    /// A session for a new workout, in phase ``WorkoutPhase/generating`` until ``start()``.
    /// - Parameters:
    ///   - workout: the workout to do; it must pass ``StrengthWorkout/validate()``.
    ///   - presentationMode: how the app shows it (one exercise at a time by default).
    ///   - clock: the time source (`ContinuousClock()` in production).
    ///   - wallTimeAtStart: seconds since 1970 at `clock.now` (for example `Date().timeIntervalSince1970`).
    ///   - store: where the resume state goes; `nil` for none.
    ///   - displayMinimumInterval: see ``DisplayStateThrottle``.
    ///   - inFlightTimeout: how long an action in flight is awaited before persisting (3 s by default).
    ///   - logger: where the session's log lines go; by default nowhere.
    /// - Throws: ``StrengthSessionError/invalidWorkout(_:)``.
    public init(
        workout: StrengthWorkout, presentationMode: PresentationMode = .single, clock: C, wallTimeAtStart: Double,
        store: ResumeStore?, displayMinimumInterval: Double = DisplayStateThrottle.defaultMinimumInterval,
        inFlightTimeout: Duration = defaultInFlightTimeout, logger: Logger = .quiet
    ) throws(StrengthSessionError) {
        let state = try StrengthSessionState(workout: workout, presentationMode: presentationMode, createdAt: wallTimeAtStart)
        self.init(state: state, clock: clock, wallTimeAtStart: wallTimeAtStart, store: store,
                  displayMinimumInterval: displayMinimumInterval, inFlightTimeout: inFlightTimeout, logger: logger)
    }

    /// A session continuing `state` (typically from ``ResumeStore/load(workoutID:now:logger:)``).
    /// A resumed workout's timer stays paused until ``returnToWorkout()``; a workout whose sets are all
    /// done is not completed until the user calls ``complete(confirmed:)``.
    public init(
        resuming state: StrengthSessionState, clock: C, wallTimeAtStart: Double, store: ResumeStore?,
        displayMinimumInterval: Double = DisplayStateThrottle.defaultMinimumInterval,
        inFlightTimeout: Duration = defaultInFlightTimeout, logger: Logger = .quiet
    ) {
        self.init(state: state, clock: clock, wallTimeAtStart: wallTimeAtStart, store: store,
                  displayMinimumInterval: displayMinimumInterval, inFlightTimeout: inFlightTimeout, logger: logger)
    }

    private init(
        state: StrengthSessionState, clock: C, wallTimeAtStart: Double, store: ResumeStore?,
        displayMinimumInterval: Double, inFlightTimeout: Duration, logger: Logger
    ) {
        self.state = state
        self.clock = clock
        self.origin = clock.now
        self.originWallTime = wallTimeAtStart
        self.store = store
        self.logger = logger
        self.inFlightTimeout = inFlightTimeout
        self.throttle = DisplayStateThrottle(minimumInterval: displayMinimumInterval)
        (displayUpdates, displayContinuation) = AsyncStream.makeStream(of: StrengthDisplayState.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit { displayContinuation.finish() }

    /// Now, in seconds since 1970 on the session's axis.
    public var now: Double { originWallTime + origin.duration(to: clock.now).seconds }

    // MARK: Life cycle

    /// Makes the workout active and starts the workout timer.
    public func start() {
        state.start(at: now)
        publishDisplay()
    }

    /// The user left the workout: the workout timer pauses and the state is persisted.
    @discardableResult
    public func leave() async -> PersistOutcome {
        state.leave(at: now)
        publishDisplay()
        return await persist()
    }

    /// The user came back: the workout timer resumes.
    public func returnToWorkout() {
        state.returnToWorkout(at: now)
        publishDisplay()
    }

    /// Completes the workout (see ``StrengthSessionState/completeWorkout(confirmed:at:)``); once
    /// completed, the resume file is removed.
    public func complete(confirmed: Bool) throws(StrengthSessionError) -> FinishOutcome {
        let outcome = try state.completeWorkout(confirmed: confirmed, at: now)
        if outcome == .finished { removeResumeFile() }
        publishDisplay()
        return outcome
    }

    /// Completes the workout and uploads it. A server whose session is gone gives
    /// ``CompletionResult/savedLocally(_:)`` with the local summary; another upload failure gives
    /// ``CompletionResult/uploadFailed(_:_:)``; the workout is completed locally either way.
    public func complete(confirmed: Bool, backend: any StrengthSyncBackend) async throws(StrengthSessionError) -> CompletionResult {
        if case .needsConfirmation(let completed, let total) = try complete(confirmed: confirmed) {
            return .needsConfirmation(completed: completed, total: total)
        }
        let summary = self.summary
        do {
            try await backend.uploadCompletedWorkout(state.workout, summary: summary)
            return .synced(summary)
        } catch StrengthBackendError.sessionGone {
            logger.notice("strength: server session gone; workout saved locally", metadata: ["workout": "\(summary.workoutID)"])
            return .savedLocally(summary)
        } catch {
            logger.warning("strength: upload failed", metadata: ["workout": "\(summary.workoutID)", "error": "\(error)"])
            return .uploadFailed(summary, "\(error)")
        }
    }

    /// The summary now (final once completed).
    public var summary: StrengthWorkoutSummary { StrengthWorkoutSummary(state: state, at: now) }

    /// Merges the server's view of the workout (see ``StrengthSync``); the rest timer is kept.
    /// - Throws: ``StrengthSessionError/invalidWorkout(_:)`` when the merged workout is invalid
    ///   (for example the server sent an exercise without sets); nothing changes then.
    @discardableResult
    public func applyServerState(_ server: StrengthWorkout) throws(StrengthSessionError) -> SyncMergeReport {
        let (merged, report) = StrengthSync.merge(local: state.workout, server: server)
        try state.replaceWorkout(merged)
        publishDisplay()
        return report
    }

    // MARK: Session rules (see StrengthSessionState for each rule)

    /// Logs the next set of the current exercise (planned values when none are given) and starts the rest.
    @discardableResult
    public func logSet(reps: Int? = nil, loadKg: Double? = nil) throws(StrengthSessionError) -> SetLogResult {
        defer { publishDisplay() }
        return try state.logSet(reps: reps, loadKg: loadKg, at: now)
    }

    /// Skips the next set of the current exercise.
    @discardableResult
    public func skipSet() throws(StrengthSessionError) -> Int {
        defer { publishDisplay() }
        return try state.skipSet(at: now)
    }

    /// Turns a completed set back into a pending one.
    public func unlogSet(exercise: Int, set: Int) throws(StrengthSessionError) {
        defer { publishDisplay() }
        try state.unlogSet(exercise: exercise, set: set, at: now)
    }

    /// Adds a set copying the last set's targets.
    @discardableResult
    public func addSet(exercise: Int) throws(StrengthSessionError) -> Int {
        defer { publishDisplay() }
        return try state.addSet(exercise: exercise, at: now)
    }

    /// Removes the last pending set.
    public func removeLastPendingSet(exercise: Int) throws(StrengthSessionError) {
        defer { publishDisplay() }
        try state.removeLastPendingSet(exercise: exercise, at: now)
    }

    /// Changes a set's load and cascades it to the later pending sets.
    @discardableResult
    public func changeLoad(exercise: Int, set: Int, to kg: Double?) throws(StrengthSessionError) -> [Int] {
        defer { publishDisplay() }
        return try state.changeLoad(exercise: exercise, set: set, to: kg, at: now)
    }

    /// Makes an exercise the current one.
    public func selectExercise(_ index: Int) throws(StrengthSessionError) {
        defer { publishDisplay() }
        try state.selectExercise(index, at: now)
    }

    /// Sets list or single presentation.
    public func setPresentationMode(_ mode: PresentationMode) {
        state.presentationMode = mode
    }

    /// Finishes an exercise, or asks for confirmation when sets are pending.
    public func finishExercise(_ index: Int, confirmed: Bool) throws(StrengthSessionError) -> FinishOutcome {
        defer { publishDisplay() }
        return try state.finishExercise(index, confirmed: confirmed, at: now)
    }

    /// Skips an exercise.
    public func skipExercise(_ index: Int) throws(StrengthSessionError) {
        defer { publishDisplay() }
        try state.skipExercise(index, at: now)
    }

    /// Swaps an exercise for the one `replacement` supplies (a catalog pick, a server call). While
    /// `replacement` runs, the action is in flight: ``persist()`` waits for it up to
    /// ``inFlightTimeout``. The swap is applied when it returns, if still allowed.
    /// - Throws: ``StrengthSessionError`` from the rule, or what `replacement` throws (nothing changes then).
    public func swapExercise(_ index: Int, using replacement: @Sendable () async throws -> ExerciseDefinition) async throws {
        try await inFlight(replacement) { state, definition, time throws(StrengthSessionError) in
            try state.swapExercise(index, with: definition, at: time)
        }
    }

    /// Flags pain on an exercise once `reporting` (for example a server call or a confirmation
    /// sheet) returns; in flight meanwhile, like ``swapExercise(_:using:)``.
    public func flagPain(_ index: Int, note: String? = nil, reporting: @Sendable () async throws -> Void = {}) async throws {
        try await inFlight(reporting) { state, _, time throws(StrengthSessionError) in
            try state.flagPain(index, note: note, at: time)
        }
    }

    // MARK: Rest timer

    /// Pauses the rest timer.
    public func pauseRest() { state.pauseRest(at: now); publishDisplay() }
    /// Resumes the rest timer.
    public func resumeRest() { state.resumeRest(at: now); publishDisplay() }
    /// Ends the rest without a completion event.
    public func skipRest() { state.skipRest(at: now); publishDisplay() }

    /// Reads the time: returns the rest's completion if it became due (exactly once per rest) and
    /// publishes the display state when the throttle allows. Call it from a UI timer or after
    /// ``waitForRestCompletion()``.
    @discardableResult
    public func tick() -> RestCompletion? {
        let completion = state.takeRestCompletion(at: now)
        publishDisplay()
        return completion
    }

    /// Sleeps on the injected clock until the running rest reaches its target, then returns its
    /// completion (exactly once: `nil` when it was already reported, the rest was skipped or paused,
    /// or no rest runs).
    /// - Throws: `CancellationError` when the task is cancelled.
    public func waitForRestCompletion() async throws -> RestCompletion? {
        while let rest = state.restTimer, !rest.completionDelivered {
            if let completion = tick() { return completion }
            guard let due = rest.dueTime else { return nil }
            let wait = max(0, due - now)
            try await clock.sleep(until: clock.now.advanced(by: .seconds(wait)), tolerance: nil)
        }
        return nil
    }

    // MARK: Persistence

    /// Persists the state for resuming: waits up to ``inFlightTimeout`` for an in-flight action,
    /// then writes the state (only when active) atomically. A write failure is logged, kept in
    /// ``lastPersistenceError`` and returned; the workout goes on in memory.
    @discardableResult
    public func persist() async -> PersistOutcome {
        if !(await waitUntilIdle()) {
            logger.notice("strength: an action is still in flight; persisting the state before it", metadata: ["workout": "\(state.workout.id)"])
        }
        guard let store else { return .noStore }
        state.touch(at: now)
        do {
            switch try store.save(state) {
            case .written:
                if lastPersistenceError != nil {
                    logger.notice("strength: resume state written again", metadata: ["workout": "\(state.workout.id)"])
                }
                lastPersistenceError = nil
                return .written
            case .notActive(let phase):
                return .notActive(phase)
            }
        } catch {
            let description = "\(error)"
            logger.error("strength: resume state not written; the workout goes on in memory", metadata: [
                "workout": "\(state.workout.id)", "error": "\(description)",
            ])
            lastPersistenceError = description
            return .failed(description)
        }
    }

    /// Whether an action is in flight.
    public var hasActionInFlight: Bool { inFlightCount > 0 }

    // MARK: Private

    private func removeResumeFile() {
        guard let store else { return }
        do {
            try store.save(state)
        } catch {
            logger.warning("strength: resume file of the completed workout not removed", metadata: ["error": "\(error)"])
        }
    }

    private func publishDisplay() {
        let time = now
        if let published = throttle.offer(StrengthDisplayState(state: state, at: time), at: time) {
            displayPublishCount += 1
            displayContinuation.yield(published)
        }
    }

    private func inFlight<T: Sendable>(
        _ work: @Sendable () async throws -> T,
        apply: (inout StrengthSessionState, T, Double) throws(StrengthSessionError) -> Void
    ) async throws {
        inFlightCount += 1
        defer {
            inFlightCount -= 1
            if inFlightCount == 0 { resumeIdleWaiters(idle: true) }
        }
        let value = try await work()
        try apply(&state, value, now)
        publishDisplay()
    }

    /// `true` when no action is in flight, at once or within ``inFlightTimeout``; `false` on timeout.
    private func waitUntilIdle() async -> Bool {
        guard inFlightCount > 0 else { return true }
        nextWaiterID += 1
        let id = nextWaiterID
        let deadline = clock.now.advanced(by: inFlightTimeout)
        let clock = self.clock
        let timer = Task { [weak self] in
            try? await clock.sleep(until: deadline, tolerance: nil)
            await self?.timeOutWaiter(id)
        }
        let idle = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            idleWaiters[id] = continuation
        }
        timer.cancel()
        return idle
    }

    private func timeOutWaiter(_ id: Int) {
        idleWaiters.removeValue(forKey: id)?.resume(returning: false)
    }

    private func resumeIdleWaiters(idle: Bool) {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters.values { waiter.resume(returning: idle) }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
