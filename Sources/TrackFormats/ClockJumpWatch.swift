import WorkoutSamples

/// The rule every reader applies to a clock that jumps: one mis-dated record must not cost the rest of
/// the track. The engine's location filter rejects every fix dated at or before the last one it took
/// (`nonIncreasingTime`), so a single fix dated a day or a year ahead would otherwise throw away every
/// later fix of the track, and a first fix dated an hour ahead every fix of its first hour.
///
/// **In the middle of a track**: a record (a GPX `trkpt`, a TCX `Trackpoint`, a JSON sample, a FIT
/// `record`) dated more than ``jumpSeconds`` after the one before starts a watch, and the samples from it
/// on are held. When a later record returns to before the jump (at most ``returnToleranceSeconds``
/// before the last time ahead of it, and more than ``jumpSeconds`` before the jump's time), the records
/// between were mis-dated: their samples dated on the jumped clock are delivered without a time (their
/// positions and readings kept; each counted in ``TrackReadReport/skippedFields`` under the format's name
/// for a time: `time` in GPX and JSON, `Time` in TCX, `timestamp` in FIT). When the records go on from
/// the jump for ``confirmSeconds``, or ``maximumHeldSamples`` samples wait, or the input ends, the jump
/// was real (a later outing in the same file) and they are delivered as they are.
///
/// Six hours: no pause inside one outing lasts that long, so the watch starts only at a clock fault or
/// a new outing, and both a day's and a year's jump (a date that rolled over too early, a wrong year,
/// a GPS week rollover) are far beyond it; a GoldenCheetah test ride stamps 14 records two years and
/// two months ahead. A smaller mis-dating in the middle is left to the engine, whose summary warns when
/// the location filter rejects many fixes as out of time order.
///
/// **At the start of a track**: the first timed record is held until a record of another time comes;
/// when that one is more than ``startStepBackSeconds`` before it, the first record was mis-dated (a
/// recording's first fix cannot come after its second) and its samples lose their times the same way.
/// Events and untimed samples are never judged: they wait among the held samples, in order, and keep
/// their times unless those are on the jumped clock.
public struct ClockJumpWatch: Sendable {
    /// A record dated more than this many seconds after the one before starts a watch (six hours).
    public static let jumpSeconds = 6.0 * 60 * 60
    /// Records that go on this many seconds past the jump show it was real.
    public static let confirmSeconds = 300.0
    /// At most this many samples are held during a watch; then the jump is taken as real.
    public static let maximumHeldSamples = 4096
    /// A record that returns from a jump may be dated this many seconds before the last record ahead of
    /// it (a device that writes a fix or two out of order).
    public static let returnToleranceSeconds = 60.0
    /// A first record dated more than this many seconds after the next record of another time was
    /// mis-dated (one minute: a step back of less costs the engine at most a minute of fixes).
    public static let startStepBackSeconds = 60.0
    /// Times before this (1990-01-01T00:00:00Z, in seconds since 1970) are a clock that was never set
    /// (1970, 1901, the FIT epoch) or relative times (a test's seconds from 0): they neither start a watch
    /// nor end one.
    public static let earliestWatchedTime = 631_152_000.0

    /// The held samples a watch ended with, and whether they were mis-dated.
    struct Release: Sendable {
        /// The samples, in input order.
        var samples: ContiguousArray<Sample>
        /// Whether the samples dated on the jumped clock lose their times.
        var misdated: Bool
        /// The time the clock jumped to.
        var jumpedTo: Double
        /// The time of the record before the jump, or, at the start, of the record after it.
        var reference: Double
        /// Whether the jump was at the start of the track.
        var atStart: Bool

        /// `sample` as it is to be delivered: without its time when it is dated on the jumped clock of a
        /// mis-dated stretch (`stripped` then `true`).
        func deliverable(_ sample: Sample) -> (sample: Sample, stripped: Bool) {
            let reach = atStart ? ClockJumpWatch.startStepBackSeconds : ClockJumpWatch.jumpSeconds
            guard misdated, let time = sample.time, time >= jumpedTo - reach else { return (sample, false) }
            return (sample.withTime(nil), true)
        }

        /// The first stripped time for ``TrackReadReport/skippedFields``: its date and how far it was
        /// ahead (`2023-11-15T22:13:20Z, 24 h after the record before`).
        func describe(record: String) -> String {
            let stamp = ISO8601Text.string(secondsSince1970: jumpedTo) ?? "\(jumpedTo)"
            let seconds = abs(jumpedTo - reference)
            let hours = Int(seconds / 3600)
            let amount = seconds < 3600 ? "\(Int(seconds / 60)) min" : hours < 48 ? "\(hours) h" : "\(hours / 24) days"
            return atStart ? "\(stamp), \(amount) ahead of the \(record) after" : "\(stamp), \(amount) after the \(record) before"
        }
    }

    /// Whether a first record is held until the next shows whether it was mis-dated.
    private let watchesStart: Bool
    /// Whether a watched time was seen since the start (or ``restart()``).
    private var sawTime = false
    /// The last watched record time, when the record before was watched.
    private var lastTime: Double?
    /// The current watch: the time before the jump (`nil` at the start) and the time jumped to.
    private var jump: (before: Double?, to: Double)?
    private var held = ContiguousArray<Sample>()

    /// A watch on a clock that has read nothing yet; `watchesStart` holds the first record (see above).
    init(watchesStart: Bool = true) {
        self.watchesStart = watchesStart
    }

    /// Whether samples are being held.
    var isHolding: Bool { jump != nil }

    /// Whether no sample is held.
    var heldIsEmpty: Bool { held.isEmpty }

    /// Judges the time of the next record (seconds since 1970), before its samples are delivered or
    /// held: returns the samples of a watch this time ends, to deliver first (``Release/deliverable(_:)``),
    /// and may start a new watch.
    mutating func observe(recordTime time: Double) -> Release? {
        guard time >= Self.earliestWatchedTime, time.isFinite else { return nil }
        var release: Release?
        if let jump {
            if let before = jump.before {
                if time < jump.to - Self.jumpSeconds, time >= before - Self.returnToleranceSeconds {
                    release = end(misdated: true, reference: before)
                } else if time > jump.to + Self.confirmSeconds {
                    release = end(misdated: false, reference: before)
                }
            } else if time != jump.to {
                release = end(misdated: time < jump.to - Self.startStepBackSeconds, reference: time)
            }
        }
        if jump == nil {
            if let last = lastTime, time > last + Self.jumpSeconds {
                jump = (last, time)
            } else if !sawTime, watchesStart {
                jump = (nil, time)
            }
        }
        sawTime = true
        lastTime = time
        return release
    }

    /// A record without a watched time (a FIT record dated relative to power-on): the next watched
    /// record is not compared with the one before it.
    mutating func observeUnwatchedRecord() {
        lastTime = nil
    }

    /// Holds `sample` while a watch is on; `false` when none is, or when ``maximumHeldSamples`` are
    /// held (then call ``end(misdated:)`` and deliver it).
    mutating func hold(_ sample: Sample) -> Bool {
        guard jump != nil, held.count < Self.maximumHeldSamples else { return false }
        held.append(sample)
        return true
    }

    /// Ends the watch, if any: its samples, mis-dated or not, to deliver.
    mutating func end(misdated: Bool) -> Release? {
        guard let jump else { return nil }
        return end(misdated: misdated, reference: jump.before ?? jump.to)
    }

    private mutating func end(misdated: Bool, reference: Double) -> Release? {
        guard let jump else { return nil }
        self.jump = nil
        var samples = ContiguousArray<Sample>()
        swap(&samples, &held)
        return Release(samples: samples, misdated: misdated, jumpedTo: jump.to, reference: reference,
                       atStart: jump.before == nil)
    }

    /// Forgets the clock read so far (a FIT file of a chain starts a recording of its own); a watch must
    /// have been ended first.
    mutating func restart() {
        sawTime = false
        lastTime = nil
    }
}

/// A sink in front of another that applies ``ClockJumpWatch`` to the samples a reader delivers, for the
/// formats whose readers do not watch their clock themselves (GPX, TCX, JSON, NDJSON): a sample that is
/// not an event and has a time is a record; samples of one time (a track point's fix, heart rate and
/// cadence) are one record. ``TrackReader`` puts one in front of the caller's sink.
struct ClockWatchingSink<Base: TrackSampleSink>: TrackSampleSink {
    /// The caller's sink.
    var base: Base
    /// The name the format gives a sample's time, for ``TrackReadReport/skippedFields``.
    let timeFieldName: String
    private var watch = ClockJumpWatch()
    /// The times this sink took off mis-dated samples.
    private(set) var skippedTimes: SkippedField?
    /// The last record time judged (samples of the same time are judged once).
    private var lastJudged: Double?

    /// Wraps `base`; mis-dated samples are counted under `timeFieldName`.
    init(wrapping base: Base, timeFieldName: String) {
        self.base = base
        self.timeFieldName = timeFieldName
    }

    mutating func trackActivity(named name: String) throws {
        try base.trackActivity(named: name)
    }

    mutating func trackHasTimerEvents() throws {
        try base.trackHasTimerEvents()
    }

    @inline(__always)
    mutating func consume(_ sample: Sample) throws {
        if case .event = sample {
        } else if let time = sample.time, time != lastJudged {
            lastJudged = time
            if let release = watch.observe(recordTime: time) { try deliver(release) }
        }
        if watch.isHolding {
            if watch.hold(sample) { return }
            if let release = watch.end(misdated: false) { try deliver(release) }
        }
        try base.consume(sample)
    }

    /// Delivers what is still held, as it is (the input ended, or failed, during a watch).
    mutating func releaseHeld() throws {
        if let release = watch.end(misdated: false) { try deliver(release) }
    }

    /// Delivers what is still held, as it is (the input ended during a watch), and adds the times taken
    /// off to `report`.
    mutating func finish(adjusting report: inout TrackReadReport) throws {
        try releaseHeld()
        guard let skippedTimes else { return }
        if var known = report.skippedFields[timeFieldName] {
            known.count += skippedTimes.count
            report.skippedFields[timeFieldName] = known
        } else {
            report.skippedFields[timeFieldName] = skippedTimes
        }
    }

    private mutating func deliver(_ release: ClockJumpWatch.Release) throws {
        for sample in release.samples {
            let (deliverable, stripped) = release.deliverable(sample)
            if stripped {
                if skippedTimes == nil {
                    // The readers do not say where a sample was read: the value names the time instead.
                    skippedTimes = SkippedField(count: 0, firstPosition: SourcePosition(line: 0, column: 0),
                                                firstValue: release.describe(record: "sample"))
                }
                skippedTimes?.count += 1
            }
            try base.consume(deliverable)
        }
    }
}
