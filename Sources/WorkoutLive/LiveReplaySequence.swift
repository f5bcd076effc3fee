public import WorkoutSamples

extension AsyncSequence where Element == Sample {
    /// The samples of a recorded track as if they were arriving now: every time is shifted so that the
    /// first timed sample is at `startTime` (seconds since 1970 on the session's axis), and each sample is
    /// handed out when it is due on `clock` (after `(t - t₀) / speed` seconds), so a ``WorkoutSession``
    /// fed from it behaves as during the real workout. The session measures by the activity it was made
    /// with: `TrackReader.activityName(of:)` says which one the track names.
    ///
    /// ```swift
    /// let session = WorkoutSession(configuration: .init(options: .init(activity: .running)))
    /// let now = Date().timeIntervalSince1970
    /// await session.start(at: now)
    /// for try await sample in TrackReader.samples(of: try TrackInput(path: "run.gpx"))
    ///     .replayedLive(startingAt: now, on: ContinuousClock()) {
    ///     await session.ingest(sample)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - startTime: the session time of the first timed sample.
    ///   - startInstant: the instant of `clock` the first timed sample is due at, the one that
    ///     corresponds to `startTime` (a session whose time axis was fixed before the replay began);
    ///   `nil` (the default): when the first sample is asked for. Samples due before the replay began are
    ///     handed out at once.
    ///   - clock: the clock to wait on (`ContinuousClock()` live; a manual clock in tests).
    ///   - speed: how many times faster than real time the samples are handed out (their times are only
    ///     shifted, never scaled, so speeds and paces stay true). Use 1 when a ``TimelineScheduler`` on the
    ///     same clock draws frames, or give the scheduler the same `timeScale`.
    public func replayedLive<C: Clock>(
        startingAt startTime: Double, at startInstant: C.Instant? = nil, on clock: C, speed: Double = 1
    ) -> LiveReplaySequence<Self, C>
    where C.Duration == Duration {
        LiveReplaySequence(base: self, startTime: startTime, startInstant: startInstant, clock: clock, speed: speed)
    }

    /// The same samples with every time shifted by `seconds` (untimed samples stay untimed).
    public func shiftingTimes(by seconds: Double) -> AsyncMapSequence<Self, Sample> {
        map { sample in sample.withTime(sample.time.map { $0 + seconds }) }
    }
}

/// Recorded samples handed out as if live (see ``_Concurrency/AsyncSequence/replayedLive(startingAt:at:on:speed:)``).
public struct LiveReplaySequence<Base: AsyncSequence, C: Clock>: AsyncSequence where Base.Element == Sample, C.Duration == Duration {
    public typealias Element = Sample

    let base: Base
    let startTime: Double
    let startInstant: C.Instant?
    let clock: C
    let speed: Double

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), startTime: startTime, startInstant: startInstant, clock: clock,
                 speed: speed.isFinite && speed > 0 ? speed : 1)
    }

    /// Waits on the clock until each sample is due, then hands it out with its shifted time.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let startTime: Double
        let startInstant: C.Instant?
        let clock: C
        let speed: Double
        /// The first timed sample's original time, and the clock's instant it was due at.
        var origin: (time: Double, instant: C.Instant)?

        public mutating func next() async throws -> Sample? {
            guard let sample = try await base.next() else { return nil }
            guard let time = sample.time, time.isFinite else { return sample }
            guard let origin else {
                let instant = startInstant ?? clock.now
                self.origin = (time, instant)
                if startInstant != nil { try await clock.sleep(until: instant, tolerance: nil) }
                return sample.withTime(startTime)
            }
            let offset = time - origin.time
            if offset > 0 {
                try await clock.sleep(until: origin.instant.advanced(by: .seconds(offset / speed)), tolerance: nil)
            }
            return sample.withTime(startTime + offset)
        }
    }
}
