public import WorkoutSamples

extension TrackReader {
    /// The smallest input that ``read(_:format:options:readingAheadInto:)`` parses on a second thread
    /// (1 MiB: about 3 000 GPX track points with time, elevation and heart rate). Below it, starting the
    /// thread and handing the samples over cost about what the overlap saves.
    public static let readAheadMinimumBytes = 1 << 20

    /// Reads `input` like ``read(_:format:options:into:)``, but parses on a second thread while `sink`
    /// takes the samples on the calling thread, so that on two cores the parse overlaps the work the sink
    /// does with each sample (the engine's filter, smoothers and analysis). The sink sees exactly the
    /// calls, in the same order, that a read on one thread gives it; only when they happen changes.
    ///
    /// The input is read on a second thread only when it is a regular file or bytes in memory of at least
    /// ``readAheadMinimumBytes``, when `options.readsAhead` is `true`, and when a thread can be started;
    /// otherwise it is read on the calling thread as ``read(_:format:options:into:)`` does.
    ///
    /// The input moves to the reader's thread for the duration of the call: nothing else may read it, or
    /// its ``TrackInput/bytesRead``, meanwhile. An observer set with ``TrackInput/observeBytes(_:)`` runs on
    /// that thread: it must not share unguarded state with the sink. The call returns only after the
    /// reader's thread is done with the input, and has let go of it.
    ///
    /// - Parameters:
    ///   - input: a file or bytes in memory.
    ///   - format: the input format, or `nil` to detect it.
    ///   - options: how readers treat optional fields that do not parse, and whether to read ahead.
    ///   - sink: where each sample goes, in input order, on the calling thread.
    /// - Returns: the reader's report.
    /// - Throws: what ``read(_:format:options:into:)`` throws: the sink's error when the sink throws (the
    ///   reader then stops), else the reader's (after the sink took every sample read before the fault).
    public static func read<Sink: TrackSampleSink>(
        _ input: TrackInput,
        format: TrackFormat? = nil,
        options: TrackReadOptions = TrackReadOptions(),
        readingAheadInto sink: inout Sink
    ) throws -> TrackReadReport {
        try read(input, format: format, options: options, readingAheadInto: &sink, minimumBytes: readAheadMinimumBytes)
    }

    /// ``read(_:format:options:readingAheadInto:)`` with another threshold (tests read small files ahead).
    static func read<Sink: TrackSampleSink>(
        _ input: TrackInput, format: TrackFormat?, options: TrackReadOptions, readingAheadInto sink: inout Sink,
        minimumBytes: Int
    ) throws -> TrackReadReport {
        guard options.readsAhead, input.isRandomAccess, let size = input.sizeBytes, size >= minimumBytes else {
            return try read(input, format: format, options: options, into: &sink)
        }
        let events = ThreadBridgeChannel<ReadAheadEvent>(capacity: 4)
        let outcome = ThreadBridgeChannel<Result<TrackReadReport, any Error>>(capacity: 1)
        let moved = MovedInput(input)
        let started = DedicatedThread.startIfPossible {
            var forward = ReadAheadSink(events: events)
            var result = moved.read(format: format, options: options, into: &forward)
            // The input goes before the outcome does: the caller may drop its own reference at once, and the
            // input (its descriptor, its observer) must not end on this thread after the call returned.
            moved.input = nil
            // The samples read before a fault go to the sink before the fault is reported, as on one thread.
            if !forward.flush(), case .success = result { result = .failure(ReadAheadSink.Stopped()) }
            events.finish()
            _ = outcome.sendBlocking(result)
            outcome.finish()
        }
        guard started else { return try read(input, format: format, options: options, into: &sink) }
        var sinkError: (any Error)?
        do {
            while let event = try events.receiveBlocking() {
                switch event {
                case .samples(let batch):
                    for sample in batch { try sink.consume(sample) }
                case .activity(let name):
                    try sink.trackActivity(named: name)
                case .timerEvents:
                    try sink.trackHasTimerEvents()
                }
            }
        } catch {
            // The sink failed: the reader stops at its next hand-over.
            sinkError = error
            events.cancel()
        }
        // Waits for the reader's thread to finish with the input.
        let result = try outcome.receiveBlocking()
        if let sinkError { throw sinkError }
        guard let result else { throw ReadAheadSink.Stopped() }
        return try result.get()
    }
}

/// What the reader's thread hands to the calling thread, in order.
private enum ReadAheadEvent: Sendable {
    case samples([Sample])
    case activity(String)
    case timerEvents
}

/// Moves a `TrackInput` (not thread safe) to the reader's thread: the calling thread does not touch it
/// until the reader's outcome arrives, which orders every access.
private final class MovedInput: @unchecked Sendable {
    var input: TrackInput?
    init(_ input: TrackInput) { self.input = input }

    /// Reads the input into `sink`; the reference taken here ends when this returns.
    func read<Sink: TrackSampleSink>(format: TrackFormat?, options: TrackReadOptions, into sink: inout Sink) -> Result<TrackReadReport, any Error> {
        guard let input else { return .failure(ReadAheadSink.Stopped()) }
        return Result { try TrackReader.read(input, format: format, options: options, into: &sink) }
    }
}

/// The sink on the reader's thread: batches samples and hands them over, blocking while the calling
/// thread is four batches behind.
private struct ReadAheadSink: TrackSampleSink {
    /// The calling thread stopped taking samples (its sink failed).
    struct Stopped: Error {}

    /// Samples per hand-over: a few microseconds of locking per batch, a few milliseconds of work.
    static let batchSize = 1024

    let events: ThreadBridgeChannel<ReadAheadEvent>
    private var batch: [Sample] = []

    init(events: ThreadBridgeChannel<ReadAheadEvent>) {
        self.events = events
        batch.reserveCapacity(Self.batchSize)
    }

    mutating func consume(_ sample: Sample) throws {
        batch.append(sample)
        if batch.count >= Self.batchSize, !flush() { throw Stopped() }
    }

    mutating func trackActivity(named name: String) throws {
        guard flush(), events.sendBlocking(.activity(name)) else { throw Stopped() }
    }

    mutating func trackHasTimerEvents() throws {
        guard flush(), events.sendBlocking(.timerEvents) else { throw Stopped() }
    }

    /// Hands over the samples batched so far; `false` when the calling thread stopped taking them.
    mutating func flush() -> Bool {
        guard !batch.isEmpty else { return true }
        let full = batch
        batch = []
        batch.reserveCapacity(Self.batchSize)
        return events.sendBlocking(.samples(full))
    }
}
