import WorkoutSamples

/// Streaming reader of workout samples in JSON (one document) or NDJSON (one record per line).
///
/// The schema is also published as JSON Schema (draft 2020-12) in `Schemas/workout-samples.schema.json`.
///
/// ## Forms
/// - **Document** (`.json`): one object with a `samples` array, an optional `activity` string, and any
///   other keys, which are ignored:
///   ```json
///   {"activity": "running", "samples": [{"type": "heartRate", "time": 1717171717, "bpm": 141}]}
///   ```
///   `activity` should come before `samples`; when it comes after, the sink hears of it when it is
///   found, after the samples.
/// - **NDJSON** (`.ndjson`, `.jsonl`): one sample object per line, with an optional first line
///   `{"type": "header", "activity": "cycling"}` (`"timerEvents": true` there says the samples carry the
///   device's own timer events: `TrackSampleSink.trackHasTimerEvents()` is called, as for the FIT or TCX file
///   `NDJSONSampleWriter` converted). Blank lines (empty, spaces, `\r\n`) are skipped. After
///   a record's closing `}` only spaces, tabs and `\r` may follow on its line; a record itself may span
///   lines.
///
/// Both forms are accepted whatever `expected` says (it is only a hint from a file extension or an
/// option): the first top-level object is the document if it has a `samples` key, and otherwise the
/// first NDJSON record. `TrackReadReport.format` says which form was found; empty or all-whitespace
/// input is an empty track reported as `expected`. A top-level array is an error.
///
/// ## Records
/// Keys may come in any order; unknown keys are ignored (their values are still checked to be valid
/// JSON). `time` is required in every sample: seconds since 1970 as a JSON number, or an ISO 8601 string
/// parsed by the shared `ISO8601Time` (`2024-05-31T16:08:37.250+02:00`: the RFC 3339 profile, offset `Z`
/// or `±hh:mm`, a missing offset meaning UTC, optional fraction). Up to microseconds the string form
/// equals the numeric form exactly. `activity` is at most 4096 bytes of UTF-8.
///
/// | `type` | required | optional (`null` = absent) | sample |
/// |---|---|---|---|
/// | `location` | `time`, `latitude`, `longitude` | `altitude`, `horizontalAccuracy`, `verticalAccuracy`, `speed`, `course`, `hasFix` (a boolean; absent: true) | `.location` |
/// | `heartRate` | `time`, `bpm` | | `.heartRate` |
/// | `activeEnergy` | `time`, `kilocalories` (an increment) | | `.activeEnergy` |
/// | `cadence` | `time`, `perMinute` | | `.cadence` |
/// | `power` | `time`, `watts` | | `.power` |
/// | `event` | `time`, `event` (`pause`, `resume`, `lap`, `segment`) | `lapTrigger` (a ``/WorkoutSamples/LapTrigger`` raw value), `lapStartTime` (like `time`) | `.event` |
/// | `weather` | `time`, and at least one of the optional two | `temperatureCelsius`, `humidityPercent` | `.weather` |
/// | `distance` | `time`, `cumulativeMeters` (the device's running total) | `altitude`, `speed` (with no position) | `.distance` |
///
/// `hasFix`, `lapTrigger`, `lapStartTime` and `distance` are what `Sample`'s `Codable` encoding writes beyond the first
/// version of the schema, so encoded samples read back as the same samples.
///
/// A record with another `type` is skipped and counted in `skippedUnknownRecords`. Ranges are not
/// checked here (a latitude of 200 is passed on; the engine's filter counts it).
///
/// ## Errors
/// Every problem throws a `TrackFormatError` with the file, the 1-based line and byte column, and a
/// message naming the record (1-based: the NDJSON line among non-blank lines, or the index in
/// `samples`) and the field, for example `record 12: field "latitude": expected a number, found string`.
/// Errors are: a missing `type` or required field; a required value of the wrong kind or a number that
/// overflows a `Double` (`1e999`) in a required field; an unknown `event` name; an invalid date-time; a duplicate known key (known keys
/// must be unique, unknown ones are not checked); a `header` record that is not the first line; and any
/// JSON syntax error: RFC 8259 numbers (no `NaN`, `Infinity`, `+1`, `01`, `1.`), strings with valid
/// escapes (a lone surrogate is an error) and valid UTF-8 (invalid UTF-8 is an error, not replaced),
/// nesting deeper than 64 arrays and objects, truncated input, and bytes after the document.
/// An optional field (`altitude`, `horizontalAccuracy`, `verticalAccuracy`, `speed`, `course`, `hasFix`,
/// `lapTrigger`, `lapStartTime`, `temperatureCelsius`, `humidityPercent`) of the wrong kind (or an unknown `lapTrigger`) or out of range is not an error: it is
/// dropped from its sample and counted in ``TrackReadReport/skippedFields`` with its first position, the
/// sample kept (a weather record left with no value is skipped); with ``TrackReadOptions/strict`` it is an
/// error as above. Samples before the error have already reached the sink. Errors thrown by the sink propagate
/// unchanged, and so do `TrackInputError`s from reading.
///
/// ## Cost
/// One pass over the input through a fixed buffer (64 KiB by default), with no allocation per sample or
/// per key: keys are matched as bytes and numbers are converted from bytes (correctly rounded: an exact
/// fast path, else `strtod` on a fixed buffer). Memory does not grow with the input.
public struct JSONSampleReader {
    /// The form the caller expects (`.json` or `.ndjson`). Only a hint: both forms are read. It is the
    /// reported format of an empty input.
    public var expected: TrackFormat

    /// Bytes read from the input at a time. Internal so tests can force tokens across chunk boundaries.
    var chunkSize = 64 * 1024

    /// How optional fields of the wrong type are treated (dropped and counted, or errors when strict).
    public var options: TrackReadOptions

    /// A reader expecting `expected` (`.json` or `.ndjson`; a `.gpx` hint is treated like `.ndjson`).
    public init(expected: TrackFormat, options: TrackReadOptions = TrackReadOptions()) {
        self.expected = expected == .gpx ? .ndjson : expected
        self.options = options
    }

    /// Reads every sample of `input` into `sink`, in input order.
    ///
    /// - Returns: the form found, the number of samples and location samples handed to the sink, the
    ///   number of records skipped for an unknown `type`, and the activity name if the input gives one.
    /// - Throws: `TrackFormatError` for malformed input, `TrackInputError` when reading fails, or
    ///   whatever the sink throws.
    /// - Complexity: O(n) in the input's length, with constant memory.
    public func read<Sink: TrackSampleSink>(_ input: inout FormatSniffingInput, into sink: inout Sink) throws -> TrackReadReport {
        var parser = JSONRecordParser(source: input, chunkSize: chunkSize, expected: expected, strict: options.strict)
        defer { parser.deallocate() }
        let report = try parser.run(into: &sink)
        input = parser.scanner.source
        return report
    }
}
