import WorkoutEngine

/// A reader's sink that hands each sample to an `AsyncStream` as it is read, so a live session takes
/// the samples of a streamed body in as they arrive (the reader runs on a thread of its own).
struct SampleForwardingSink: TrackSampleSink, Sendable {
    let continuation: AsyncStream<Sample>.Continuation

    mutating func consume(_ sample: Sample) throws {
        continuation.yield(sample)
    }

    /// A session's activity is set when it is created; a header naming another is ignored.
    mutating func trackActivity(named name: String) throws {}
}
