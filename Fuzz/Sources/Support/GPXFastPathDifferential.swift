import TrackFormats
import WorkoutSamples

/// What a reader handed to its sink, in order.
private struct RecordingSink: TrackSampleSink {
    enum Event: Hashable {
        case activity(String)
        case sample(Sample)
    }

    var events: [Event] = []

    mutating func trackActivity(named name: String) throws { events.append(.activity(name)) }
    mutating func consume(_ sample: Sample) throws { events.append(.sample(sample)) }
}

/// The outcome of one read: the sink's events and either the report or the error's text.
private struct Reading {
    var events: [RecordingSink.Event]
    var report: TrackReadReport?
    var error: String?
}

private func read(_ bytes: UnsafeRawBufferPointer, path: GPXReader.ParsePath, chunkSize: Int) -> Reading {
    var reader = GPXReader(chunkSize: chunkSize)
    reader.path = path
    var input = FormatSniffingInput(TrackInput(bytes: bytes, name: "fuzz-input"))
    var sink = RecordingSink()
    do {
        let report = try reader.read(&input, into: &sink)
        return Reading(events: sink.events, report: report, error: nil)
    } catch {
        return Reading(events: sink.events, report: nil, error: "\(error)")
    }
}

/// The differential check of the GPX fast path (`GPXFastScanner`): on every input, when the fast path
/// alone reads it, libxml2 reads it too, without error, with the same samples, activity and report; and
/// the reader as it runs (fast path, falling back to libxml2 while skipping what was already handed on)
/// gives exactly what libxml2 alone gives with the same chunk size: the same events and report, or the
/// same error at the same position. Chunks of 61 bytes exercise every token crossing a chunk boundary.
/// A difference traps, which the fuzzer reports.
func fuzzGPXFastPath(_ bytes: UnsafeRawBufferPointer) {
    let reference = read(bytes, path: .libxml2, chunkSize: 64 * 1024)
    let fast = read(bytes, path: .fastOnly, chunkSize: 64 * 1024)
    if fast.error == nil {
        precondition(reference.error == nil, "the fast path read an input libxml2 refuses: \(reference.error ?? "")")
        precondition(fast.events == reference.events, "the fast path's samples differ from libxml2's")
        precondition(fast.report == reference.report, "the fast path's report differs from libxml2's")
    }
    // libxml2's push parser may report a different error for different chunk sizes (a truncated
    // multi-byte character before or after extra content), so each size has its own reference.
    for chunkSize in [64 * 1024, 61] {
        let expected = chunkSize == 64 * 1024 ? reference : read(bytes, path: .libxml2, chunkSize: chunkSize)
        let combined = read(bytes, path: .automatic, chunkSize: chunkSize)
        precondition(combined.events == expected.events, "with fallback (chunks of \(chunkSize)): the samples differ from libxml2's")
        precondition(combined.report == expected.report, "with fallback (chunks of \(chunkSize)): the report differs from libxml2's")
        precondition(combined.error == expected.error,
                     "with fallback (chunks of \(chunkSize)): error \(combined.error ?? "none") instead of \(expected.error ?? "none")")
    }
}
