import WorkoutSamples

/// Streaming reader of Garmin Training Center XML (TCX v2) over libxml2's SAX2 push parser, built like
/// ``GPXReader`` (the same `XMLPushParser` driver, byte buffers, number and time parsing): no document
/// tree, the file never held in memory, nothing allocated per trackpoint once its buffers have grown.
///
/// ## What is read
/// Elements match by local name in the TCX v2 namespace
/// (`http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2`) or in none, with any prefix.
/// - `Activities/Activity`, and each `Activity` of a `MultiSportSession`'s `FirstSport` and `NextSport`s (Garmin
///   Training Center's multisport workout, read into one workout): the first `Sport` attribute goes to
///   `TrackSampleSink.trackActivity(named:)`
///   as written (`Running`, `Biking`, `Other`), before the samples that follow it (unless
///   ``announcesActivity`` is `false`: `TrackReader` announces a multisport session's fastest leg itself,
///   found by ``multisportLegs(_:)``). The engine's
///   `ActivityType(parsing:)` maps `Running` to running and `Biking` to cycling; `Other` (and anything it
///   does not know) names no activity, so the caller's activity stays (running by default).
/// - `Lap` (attribute `StartTime`; `TotalTimeSeconds`, `DistanceMeters`, `Calories`,
///   `AverageHeartRateBpm/Value`, `MaximumHeartRateBpm/Value`, `TriggerMethod`): a
///   `.event(kind: .lap, lapTrigger:)`, emitted after the next `Lap`'s first `Track` marker (or at the `Activity`'s end), at the
///   earlier of `StartTime + TotalTimeSeconds` and the next lap's `StartTime` when that lies between the
///   lap's last trackpoint and 60 s after it (where the device's lap ends), else at the last trackpoint
///   (untimed, so at the latest sample, when the lap has no timed trackpoint: a `StartTime` years off cannot
///   move the clock), so N laps in the file give the summary N laps (but for laps before any timed trackpoint,
///   which end no lap); and, at its end tag, a ``/WorkoutSamples/DeviceLap`` in
///   ``TrackReadReport/deviceLaps`` (its end
///   is `StartTime` plus `TotalTimeSeconds` when it has no trackpoint). `TriggerMethod` maps `Manual` → `.manual`,
///   `Distance` → `.distance`, `Location` → `.position`, `Time` → `.time`, `HeartRate` → `.heartRate`.
/// - The laps' `TotalTimeSeconds` are the device's timer, and its running the pauses, when a device wrote the
///   file (`Activity/Creator`) and every lap's timer covers the span of its timed trackpoints (to 2 s, one lap
///   a minute or longer): `TrackSampleSink.trackHasTimerEvents()` is then called before any sample, and the
///   engine adds no recording-gap pauses (a Garmin's smart recording leaves minutes without a trackpoint at a
///   standstill while its timer runs). To decide first, the activities' samples are held until the end of
///   `Activities` (at most 500 000; more go on undecided, as do those of a document cut before that end).
/// - A `Track` start emits `.event(WorkoutEventSample(time: nil, kind: .segmentStart))`, the gap before
///   it a pause, unless it is the first `Track` of a `Lap` when an earlier `Lap` of the same `Activity` had a
///   `Track` and the device's timer ran on between the laps (the lap's `StartTime` within 5 s of the one
///   before's `StartTime` + `TotalTimeSeconds`): the schema nests a `Track` in its `Lap`, so a device
///   recording on across a lap boundary (a Garmin's auto lap) writes a new `Track` there, and that one goes
///   on with the segment (the step across it counts, and a gap there is the engine's to judge by its
///   time). A second `Track` in one `Lap` (after the timer was stopped), a lap's first after a timer stop
///   between the laps, and an `Activity`'s first start a segment.
/// - `Trackpoint` (`Time`, `Position/LatitudeDegrees` and `LongitudeDegrees`, `AltitudeMeters`,
///   `DistanceMeters`, `HeartRateBpm/Value`, `Cadence`, and in `Extensions` the ActivityExtension v2
///   `TPX` values `Speed`, `Watts` and `RunCadence`, whatever prefix the file binds): at its end tag, all
///   with the trackpoint's time, `.location` (when it has a position; `Speed` becomes the device speed),
///   then `.heartRate`, `.cadence` (`Cadence`, else `RunCadence`, as written), `.power` and `.distance`
///   (the device's cumulative distance, which the engine uses only for a workout without positions).
///   A trackpoint without a position still gives its sensor samples.
/// - `Activity/Creator/Name` is the device's product. The report's ``/WorkoutSamples/DeviceRecord``: sport, product,
///   distance, timer time (Σ `TotalTimeSeconds`) and calories summed over the laps, the maximum of the
///   laps' maxima, the laps' average heart rate weighted by their time, and elapsed time from the first
///   to the last trackpoint time of each `Activity` (of each `MultiSportSession`, transitions included),
///   summed over them (a file may list several workouts, latest first). TCX states no manufacturer, ascent or descent: those are `nil`.
/// - `Courses/Course/Track`, when no `Activity` trackpoint came before the `Courses` (a course file: a
///   planned route, as Garmin Connect exports them and GPSBabel writes a GPX track to TCX): each `Track` is
///   a segment and its trackpoints are read as an activity's, like a GPX file's `rte` when it has no track.
///   A course's `Lap`s (planned, without a start time), course points and name are skipped: they add
///   nothing to the report's ``/WorkoutSamples/DeviceRecord``, which is the activities' (an `Activity` with
///   laps but no trackpoint still states its totals). An `Activity` after a course that was read (out of the
///   schema's order, which puts `Activities` first) is read into the same workout.
/// - `Folders`, a `NextSport`'s `Transition`, `Author`, lap extensions and everything else are skipped.
///
/// ## Values and errors
/// Errors are `TrackFormatError` with the file name and a 1-based line and column, as for GPX.
/// - Required: a root `TrainingCenterDatabase` (TCX v2 namespace or none); a `Time` that parses
///   (``/WorkoutSamples/ISO8601Time``); both coordinates of a `Position`, as finite numbers. Anything else is an error
///   naming the element and the value.
/// - Optional fields (altitude, distances, heart rates, cadences, speed, power, lap totals, `StartTime`,
///   `TriggerMethod`) that do not parse are dropped from their sample or lap and counted in
///   ``TrackReadReport/skippedFields`` under their element name (`AltitudeMeters`, `Lap/Calories`, ...)
///   with the first position; with ``TrackReadOptions/strict`` the first one is an error. Empty elements
///   mean "absent".
/// - White space and a byte order mark before `<?xml` (real Polar exports) are skipped, with positions
///   still true to the file; entities and DTDs as for GPX (nothing external is ever loaded).
///
/// A `TCXReader` value holds no state: separate calls may run on separate threads.
public struct TCXReader: Sendable {
    /// At most this many laps are kept in ``TrackReadReport/deviceLaps`` (a hostile file of empty `<Lap/>`
    /// elements would otherwise grow memory without bound); later laps still give their lap events and
    /// count in the device's totals.
    public static let maximumDeviceLaps = 100_000

    /// Bytes read from the input and pushed into the parser at a time.
    let chunkSize: Int
    let options: TrackReadOptions
    /// Whether the first `Activity`'s `Sport` goes to `TrackSampleSink.trackActivity(named:)`; `false`
    /// when the caller announced the activity itself (a `MultiSportSession`'s fastest leg, read ahead by
    /// ``multisportLegs(_:)``).
    public var announcesActivity = true

    /// A reader with the default 64 KiB chunk size.
    public init(options: TrackReadOptions = TrackReadOptions()) {
        self.chunkSize = 64 * 1024
        self.options = options
    }

    /// A reader that pushes `chunkSize` bytes at a time (tests use tiny chunks to exercise boundaries).
    init(chunkSize: Int, options: TrackReadOptions = TrackReadOptions()) {
        self.chunkSize = max(1, chunkSize)
        self.options = options
    }

    /// Reads a whole TCX document from `input` and hands its samples to `sink`, in document order.
    ///
    /// - Returns: format `.tcx`, the counts of samples and locations handed to the sink, the activity
    ///   name, the device's record and laps, and the fields that were skipped.
    /// - Throws: `TrackFormatError` for malformed XML or TCX, `TrackInputError` when the input cannot be
    ///   read, or whatever the sink throws. Samples handed to the sink before an error stay handed.
    /// - Complexity: O(n) in the input size; memory is O(chunk size) plus one ``/WorkoutSamples/DeviceLap`` per lap (at most
    ///   ``maximumDeviceLaps``), plus the activities' samples, held until the end of `Activities` to decide
    ///   whether the laps' times are the device's timer (at most 500 000 samples).
    public func read<Sink: TrackSampleSink>(_ input: inout FormatSniffingInput, into sink: inout Sink) throws -> TrackReadReport {
        let state = UnsafeMutablePointer<TCXParseState>.allocate(capacity: 1)
        state.initialize(to: TCXParseState(fileName: input.name, options: options))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        var report = TrackReadReport(format: .tcx)
        var announcedTimer = false
        var sinkFailed = false

        // Hands the sink what the callbacks found, but for the activities' samples held until the end of
        // `Activities` (see `TCXParseState.decideLapTimer()`); the device's timer is announced before them.
        func drain() throws {
            state.pointee.limitHeldSamples()
            var delivered = 0
            defer { state.pointee.removeHandedOn(delivered) }
            do {
                if !announcedTimer, state.pointee.lapTimerDecides == true {
                    announcedTimer = true
                    try sink.trackHasTimerEvents()
                }
                let count = state.pointee.heldFrom ?? state.pointee.pending.count
                let activityIndex = state.pointee.activityIndex
                for index in 0..<count {
                    if announcesActivity, index == activityIndex, let name = state.pointee.activityName {
                        try sink.trackActivity(named: name)
                    }
                    let sample = state.pointee.pending[index]
                    try sink.consume(sample)
                    delivered = index + 1
                    report.sampleCount += 1
                    if case .location = sample { report.locationCount += 1 }
                }
                if announcesActivity, activityIndex == count, let name = state.pointee.activityName {
                    try sink.trackActivity(named: name)
                    state.pointee.activityIndex = nil
                }
            } catch {
                sinkFailed = true
                throw error
            }
        }

        do {
            try XMLPushParser.parse(&input, chunkSize: chunkSize, state: state, afterChunk: drain)
        } catch {
            // What the callbacks completed before the error reaches the sink, held or not.
            if !sinkFailed {
                state.pointee.releaseHeldSamples()
                try drain()
            }
            throw error
        }
        state.pointee.releaseHeldSamples()
        try drain()

        report.activityName = state.pointee.activityName
        report.skippedFields = state.pointee.skippedFields
        report.deviceLaps = state.pointee.laps
        let totals = state.pointee.totals
        if state.pointee.sawActivity {
            report.device = DeviceRecord(
                manufacturer: nil, product: state.pointee.creatorName, sport: state.pointee.activityName,
                distanceMeters: totals.distanceMeters, timerSeconds: totals.timerSeconds, elapsedSeconds: totals.elapsedSeconds,
                ascentMeters: nil, descentMeters: nil, kilocalories: totals.kilocalories,
                averageHeartRate: totals.averageHeartRate, maximumHeartRate: totals.maximumHeartRate
            )
        }
        return report
    }

    /// The sports of the activities of the document's first `MultiSportSession`, as written, each once, in
    /// file order (at most 64): what the engine needs before the first leg's samples to take the workout's
    /// activity from its fastest leg (`ActivityType.multisport(legs:)`), since each leg names its sport only
    /// where it starts. The scan stops at the end of that session, or at an `Activity` outside one or
    /// `Courses` before it (a document of plain activities: the first 4 KiB or so are parsed); what does
    /// not parse ends it with the sports found so far. Samples are not kept.
    /// - Parameter input: the document from its first byte; read up to where the scan stops.
    public func multisportLegs(_ input: inout FormatSniffingInput) -> [String] {
        let state = UnsafeMutablePointer<TCXParseState>.allocate(capacity: 1)
        state.initialize(to: TCXParseState(fileName: input.name, options: options))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        struct LegsAreKnown: Error {}
        try? XMLPushParser.parse(&input, chunkSize: min(chunkSize, 4096), state: state) {
            state.pointee.releaseHeldSamples()
            state.pointee.removeHandedOn(state.pointee.pending.count)
            if state.pointee.legsAreKnown { throw LegsAreKnown() }
        }
        return state.pointee.legActivityNames
    }
}
