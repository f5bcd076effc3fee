public import WorkoutSamples

extension WorkoutSummary {
    /// Summarises samples held in memory, in order.
    ///
    /// ```swift
    /// let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .cycling))
    /// print(summary.metrics.distanceMeters)
    /// ```
    @inlinable
    public init(samples: some Sequence<Sample>, options: WorkoutOptions = WorkoutOptions()) throws {
        var builder = WorkoutBuilder(options: options)
        for sample in samples { builder.addWithoutOutcome(sample) }
        self = try builder.finishingSummary()
    }

    /// Summarises samples as they arrive from any `AsyncSequence` (a live feed, a socket, a queue).
    /// Honours task cancellation through the sequence.
    @inlinable
    public init<Samples: AsyncSequence>(samples: Samples, options: WorkoutOptions = WorkoutOptions()) async throws
    where Samples.Element == Sample {
        var builder = WorkoutBuilder(options: options)
        for try await sample in samples { builder.addWithoutOutcome(sample) }
        self = try builder.finishingSummary()
    }

}
