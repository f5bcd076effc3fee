/// Keeps every outcome of a session, in order: a journal (`PersistentSessionRecorder` in
/// WorkoutPersistence) or a store. A live session and a replay hand each outcome to their recorder as they
/// apply it, so what is recorded is exactly what the session did.
public protocol OutcomeRecorder: AnyObject, Sendable {
    /// Records one outcome. Must not block for long (buffer, and sync on the recorder's own policy).
    func record(_ outcome: SampleOutcome)
}
