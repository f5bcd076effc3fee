/// Keeps every outcome of a session, in order: a journal (`PersistentSessionRecorder` in
/// WorkoutPersistence) or a store. A live session and a replay hand each outcome to their recorder as they
/// apply it, so what is recorded is exactly what the session did.
public protocol OutcomeRecorder: AnyObject, Sendable {
    /// Records one outcome. Must not block for long (buffer, and sync on the recorder's own policy).
    func record(_ outcome: SampleOutcome)

    /// Called once by a new session given this recorder, before its first outcome: the options its builder
    /// measures with (a `WorkoutSessionConfiguration`'s, whose auto-pause may differ from the options
    /// the recorder was made with). A journal keeps these, so that recovery rebuilds the session the way
    /// it ran. The default does nothing.
    func sessionUses(options: WorkoutOptions)
}

extension OutcomeRecorder {
    /// Does nothing: a recorder that keeps no options needs none.
    public func sessionUses(options: WorkoutOptions) {}
}
