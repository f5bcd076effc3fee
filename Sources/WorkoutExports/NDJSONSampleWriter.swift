import Foundation
public import WorkoutSamples

/// Writes a track's samples as NDJSON, the engine's own sample format, as a reader hands them over: a
/// ``/WorkoutSamples/TrackSampleSink`` that converts a file without losing a sample (GPX, TCX and FIT in,
/// every location, reading, event, lap and device distance out), so the converted file reads back as the
/// same samples.
///
/// A `{"type":"header","activity":…}` line comes first when the reader names the activity before the
/// first sample (every reader does), with `"timerEvents":true` when it said the samples carry the device's
/// own timer events (FIT, TCX: the engine then adds no pauses of its own); then one line per sample, as `Sample`'s `Codable` encoding writes
/// it (`time` in seconds since 1970, keys sorted). NDJSON requires a time on every sample. An event without
/// one (the start of a GPX `trkseg` or a TCX `Track`) takes the time of the next sample that has one, before
/// which it is written, so it reads back where it was; one that nothing dated follows is left out. Any
/// other untimed sample (a GPX without `<time>`, a FIT record the reader could not date) ends the
/// conversion with ``NDJSONSampleWriter/UntimedSampleError``. The device's own totals (a FIT `session` or
/// `lap`'s figures, `TrackReadReport/device` and `deviceLaps`) are not samples and are not written.
///
/// ```swift
/// var writer = NDJSONSampleWriter(output: "")
/// let report = try TrackReader.read(TrackInput(path: "run.tcx"), into: &writer)
/// let ndjson = writer.finish()
/// ```
public struct NDJSONSampleWriter<Output: TextOutputStream>: TrackSampleSink {
    /// A sample without a time, which an NDJSON sample cannot be.
    public struct UntimedSampleError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The sample's position among the samples read, from 1.
        public var sampleNumber: Int
        /// Its NDJSON `type`.
        public var type: String

        /// The error for sample number `sampleNumber` (from 1), of NDJSON `type`.
        public init(sampleNumber: Int, type: String) {
            self.sampleNumber = sampleNumber
            self.type = type
        }

        public var description: String {
            "sample \(sampleNumber) (\(type)) has no time, and an NDJSON sample needs one; convert this track to GPX instead"
        }
    }

    private var output: Output
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]  // the same bytes for the same samples, run after run
        return encoder
    }()
    private var activityName: String?
    private var hasTimerEvents = false
    private var wroteHeader = false

    /// Samples written (the header line not counted).
    public private(set) var sampleCount = 0
    /// Samples handed over.
    private var readCount = 0
    /// Events without a time, written with the time of the next sample that has one.
    private var undatedEvents: [Sample] = []

    /// A writer appending to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Keeps the activity's name for the header line.
    public mutating func trackActivity(named name: String) throws {
        if activityName == nil, !wroteHeader { activityName = name }
    }

    /// Notes for the header line that the device's timer events are in the samples (`"timerEvents": true`),
    /// so the converted file's pauses are the device's, as the original's are. Told after the first
    /// sample (a FIT file whose first timer event follows records), it cannot be written.
    public mutating func trackHasTimerEvents() throws {
        if !wroteHeader { hasTimerEvents = true }
    }

    /// Writes one sample as a line (the header line first).
    /// - Throws: ``UntimedSampleError`` for a sample without a time; what encoding throws.
    public mutating func consume(_ sample: Sample) throws {
        writeHeader()
        readCount += 1
        guard let time = sample.time else {
            // A segment's start in GPX and TCX has no time of its own: it is dated by what follows it.
            guard case .event = sample else {
                throw UntimedSampleError(sampleNumber: readCount, type: Self.type(of: sample))
            }
            undatedEvents.append(sample)
            return
        }
        for event in undatedEvents { try write(event.withTime(time)) }
        undatedEvents.removeAll()
        try write(sample)
    }

    private mutating func write(_ sample: Sample) throws {
        let line = try encoder.encode(sample)
        output.write(String(decoding: line, as: UTF8.self))
        output.write("\n")
        sampleCount += 1
    }

    /// Writes the header line if nothing was written and returns the output.
    @discardableResult
    public mutating func finish() -> Output {
        writeHeader()
        return output
    }

    private mutating func writeHeader() {
        guard !wroteHeader else { return }
        wroteHeader = true
        guard activityName != nil || hasTimerEvents else { return }
        var line = "{\"type\":\"header\""
        if let activityName {
            line += ",\"activity\":"
            JSONText.appendQuoted(activityName, to: &line)
        }
        if hasTimerEvents { line += ",\"timerEvents\":true" }
        output.write(line + "}\n")
    }

    private static func type(of sample: Sample) -> String {
        switch sample {
        case .location: "location"
        case .heartRate: "heartRate"
        case .activeEnergy: "activeEnergy"
        case .cadence: "cadence"
        case .power: "power"
        case .weather: "weather"
        case .event: "event"
        case .distance: "distance"
        }
    }
}
