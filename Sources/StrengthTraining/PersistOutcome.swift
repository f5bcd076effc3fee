import SessionSupport
import Logging

/// What ``StrengthSession/persist()`` did.
public enum PersistOutcome: Sendable, Hashable {
    /// The state was written atomically.
    case written
    /// Nothing was written: the workout is not active (generating or completed).
    case notActive(WorkoutPhase)
    /// The session has no ``ResumeStore``.
    case noStore
    /// The write failed; the workout goes on in memory and the next persist retries. The error (in
    /// words) is also in ``StrengthSession/lastPersistenceError``.
    case failed(String)
}
