public import WorkoutSamples

extension TrackReader {
    /// Reads a track that arrives as chunks of bytes over time (an HTTP request body, a socket) into
    /// `sink`, parsing each chunk as it arrives, without a temporary file and without blocking a thread of
    /// Swift's cooperative pool: the reader runs on a dedicated thread and the chunks reach it through a
    /// bounded channel (at most 16 chunks in flight, so a fast producer waits for the parser).
    ///
    /// ```swift
    /// // A Hummingbird handler: request.body is an AsyncSequence of ByteBuffer (a Sequence of UInt8).
    /// let (report, builder) = try await TrackReader.read(chunks: request.body.map { $0.readableBytesView },
    ///                                                    name: "upload.gpx", into: WorkoutBuilder())
    /// ```
    ///
    /// - Parameters:
    ///   - chunks: the bytes, in order; chunks may split anything (a tag, a number, a multi-byte character).
    ///   - name: the name used in error messages and for detecting the format by extension.
    ///   - sink: where samples go; it is handed back with the report.
    ///   - format: the input format, or `nil` to detect it from `name`'s extension, then from the first bytes.
    ///   - options: how to treat readable but unclean input (see ``TrackReadOptions``).
    ///   - expectedSizeBytes: the stream's size when it is stated in advance (an HTTP `Content-Length`).
    ///     A stream of at most ``keptStreamLimitBytes`` is then kept as it arrives, so that a GPX file can
    ///     take the fast path, which must be able to start again with libxml2 on what it does not read
    ///     (a DOCTYPE, an entity, another encoding); otherwise GPX goes to libxml2 directly and nothing is
    ///     kept. A FIT stream (by `format` or `name`) of unstated size is received whole before it is read
    ///     (up to ``keptStreamLimitBytes``; a longer one is read once, as it arrives), so that its sport,
    ///     which the file states in its last messages, decides the rules from the first sample.
    /// - Returns: the reader's report and the sink after the last sample.
    /// - Throws: `TrackFormatError` for malformed input; when the chunks' sequence fails, its own error, as
    ///   it threw it (not wrapped in a `TrackInputError`); `CancellationError` when the task is cancelled; or
    ///   what the sink throws.
    public static func read<Chunks: AsyncSequence, Sink: TrackSampleSink & Sendable>(
        chunks: Chunks,
        name: String,
        format: TrackFormat? = nil,
        options: TrackReadOptions = TrackReadOptions(),
        expectedSizeBytes: Int? = nil,
        into sink: Sink
    ) async throws -> (report: TrackReadReport, sink: Sink) where Chunks.Element: Sequence<UInt8> {
        let channel = ThreadBridgeChannel<[UInt8]>(capacity: 16)
        let kept = expectedSizeBytes.flatMap { $0 <= keptStreamLimitBytes ? $0 : nil }
        async let parsed: Result<(report: TrackReadReport, sink: Sink), any Error> = DedicatedThread.run {
            var sink = sink
            let input = TrackInput(channel: channel, name: name, keepingSizeBytes: kept)
            let result = Result {
                // A FIT file names its sport in its last messages: read once, as it arrives, a ride would be
                // measured as a run. Without a stated size it is received whole first (up to the kept limit),
                // so that it is read twice as a file is.
                if expectedSizeBytes == nil, Self.namesFIT(name: name, format: format) {
                    try input.bufferWholeStream(upToBytes: keptStreamLimitBytes)
                }
                return (try TrackReader.read(input, format: format, options: options, into: &sink), sink)
            }
            // The reader stopped (done or failed): a producer still sending must not wait for it.
            channel.cancel()
            return result.map { (report: $0.0, sink: $0.1) }
        }
        var producerError: (any Error)?
        do {
            for try await chunk in chunks {
                try Task.checkCancellation()
                guard await channel.send(Array(chunk)) else { break }
            }
            channel.finish()
        } catch {
            producerError = error
            channel.finish(throwing: error)
        }
        let outcome = await parsed
        if let producerError, case .failure = outcome { throw producerError }
        return try outcome.get()
    }

    /// The activity `input` names, as its reader announces it before the first sample (GPX `trk/type`, TCX
    /// `Activity Sport`, FIT `sport` or `session`, JSON `activity`, the NDJSON header), as written there;
    /// `nil` when it names none. Reads up to the first sample (a FIT file that can be read again to its end:
    /// its sport is in its last messages), so `input` is used up: open the track again to read its samples.
    /// - Throws: what ``read(_:format:options:into:)`` throws before the first sample.
    public static func activityName(of input: TrackInput, format: TrackFormat? = nil) throws -> String? {
        var sink = FirstAnnouncementSink()
        do {
            _ = try read(input, format: format, into: &sink)
        } catch is FirstAnnouncementSink.Reached {}
        return sink.name
    }

    /// Keeps the activity a track names and stops the reader at the first sample.
    private struct FirstAnnouncementSink: TrackSampleSink {
        struct Reached: Error {}
        var name: String?
        mutating func trackActivity(named name: String) throws {
            if self.name == nil { self.name = name }
        }
        mutating func consume(_ sample: Sample) throws { throw Reached() }
    }

    /// Whether a stream is FIT by its stated format or its name's extension.
    static func namesFIT(name: String, format: TrackFormat?) -> Bool {
        (format ?? TrackFormat(pathExtensionOf: name)) == .fit
    }

    /// The largest stream of chunks of stated size that ``read(chunks:name:format:options:expectedSizeBytes:into:)``
    /// keeps in memory as it arrives (16 MiB: a day-long 1 Hz GPX is about 30 MB, a one-hour one under 1 MB).
    public static let keptStreamLimitBytes = 16 << 20

    /// A track's samples as an `AsyncSequence`, read on a dedicated thread as the consumer asks for them
    /// (at most 1 024 samples ahead, so memory stays bounded whatever the file's size).
    ///
    /// ```swift
    /// for try await sample in TrackReader.samples(of: try TrackInput(path: "run.gpx")) { … }
    /// ```
    ///
    /// The sequence ends after the last sample, or throws the reader's error (`TrackFormatError`,
    /// `TrackInputError`) after the samples read before it. Stopping the iteration, or cancelling the
    /// task, stops the reader. The input is read once: iterate the sequence once.
    ///
    /// The sequence holds samples only: the activity the track names (a ride's FIT `sport`, a GPX
    /// `trk/type`) is not among them, and a session fed from it measures by the activity it was made
    /// with. Ask the track first with ``activityName(of:format:)``:
    ///
    /// ```swift
    /// let named = try TrackReader.activityName(of: TrackInput(path: "ride.fit"))
    /// let activity = named.flatMap(ActivityType.init(parsing:)) ?? .running
    /// ```
    public static func samples(
        of input: TrackInput, format: TrackFormat? = nil, options: TrackReadOptions = TrackReadOptions()
    ) -> TrackSampleStream {
        TrackSampleStream(input: input, format: format, options: options)
    }
}

/// The samples of one track as an `AsyncSequence` (see ``TrackReader/samples(of:format:options:)``).
public struct TrackSampleStream: AsyncSequence, Sendable {
    public typealias Element = Sample

    private let start: @Sendable () -> ThreadBridgeChannel<Sample>

    init(input: TrackInput, format: TrackFormat?, options: TrackReadOptions) {
        let box = InputBox(input)
        start = {
            let channel = ThreadBridgeChannel<Sample>(capacity: 1024)
            DedicatedThread.start {
                var sink = ChannelSink(channel: channel)
                do {
                    guard let input = box.take() else {
                        channel.finish(throwing: TrackInputError.readFailed(path: "-", reason: "a track's samples can be iterated only once"))
                        return
                    }
                    _ = try TrackReader.read(input, format: format, options: options, into: &sink)
                    channel.finish()
                } catch is ChannelSink.Stopped {
                    channel.finish()
                } catch {
                    channel.finish(throwing: error)
                }
            }
            return channel
        }
    }

    public func makeAsyncIterator() -> Iterator { Iterator(start: start) }

    /// Iterates the samples; the reader starts with the first call of `next()`.
    public struct Iterator: AsyncIteratorProtocol {
        private let start: @Sendable () -> ThreadBridgeChannel<Sample>
        private var channel: ThreadBridgeChannel<Sample>?

        init(start: @escaping @Sendable () -> ThreadBridgeChannel<Sample>) { self.start = start }

        public mutating func next() async throws -> Sample? {
            let channel = self.channel ?? start()
            self.channel = channel
            return try await channel.receive()
        }
    }

    /// Hands the input to the one reader thread (an input is not thread safe; it moves, it is not shared).
    private final class InputBox: @unchecked Sendable {
        /// The input until a reader takes it; `taken` guards it (set once, under the channel's lock).
        private var input: TrackInput?
        private let handOver = ThreadBridgeChannel<Bool>(capacity: 1)
        init(_ input: TrackInput) {
            self.input = input
            _ = handOver.sendBlocking(true)
        }
        /// The input for the first caller, `nil` for any later one.
        func take() -> TrackInput? {
            guard (try? handOver.receiveBlocking()) == true else { return nil }
            handOver.finish()
            defer { input = nil }
            return input
        }
    }

    /// A sink that forwards samples into the channel, blocking the reader's thread while it is full.
    private struct ChannelSink: TrackSampleSink {
        struct Stopped: Error {}
        let channel: ThreadBridgeChannel<Sample>
        mutating func consume(_ sample: Sample) throws {
            guard channel.sendBlocking(sample) else { throw Stopped() }
        }
    }
}
