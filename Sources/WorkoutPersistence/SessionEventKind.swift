import WorkoutCore
import Foundation
import WorkoutSamples

/// The session-state changes a journal records besides samples.
public enum SessionEventKind: UInt8, Sendable, Hashable, CaseIterable, Codable {
    /// The session started (informational: the builder's clock starts at the first timed sample).
    case start = 0x10
    /// The user paused: ``/WorkoutCore/WorkoutBuilder/pause(at:)``.
    case pause = 0x11
    /// The user resumed: ``/WorkoutCore/WorkoutBuilder/resume(at:)``.
    case resume = 0x12
    /// The user marked a lap: a ``/WorkoutSamples/WorkoutEventSample`` of kind `lap` added to the builder.
    case lap = 0x13
    /// The session ended: ``/WorkoutCore/WorkoutBuilder/end(at:)``.
    case end = 0x14
}
