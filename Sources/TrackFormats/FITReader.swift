public import WorkoutSamples

/// Streaming reader of the FIT protocol (Garmin's Flexible and Interoperable Data Transfer), written from
/// the protocol's description: it takes the input in chunks of any size (a chunk may split a header, a
/// message or a CRC anywhere), decodes each message where it lies in the chunk, and hands samples to the
/// sink at once. Memory is bounded (the 16 local definitions, one carried message of at most 130,051
/// bytes across a chunk boundary, the device's laps up to ``maximumDeviceLaps``, and relative-time
/// samples held until a `timestamp_correlation`, up to ``maximumHeldSamples``); a steady stream of
/// records allocates nothing.
///
/// ## The protocol
/// - A file is a header of 12 or 14 bytes (size, protocol and profile versions, data size, `.FIT` at bytes
///   8-11, and in the 14-byte form a CRC of bytes 0-11, where 0x0000 means none), the data records, and a
///   little-endian CRC-16 (`FITCRC16`) of the header and data. Files may follow each other in one input
///   (chained FIT): each starts a new segment (`.event(.segmentStart)`), and its local definitions and
///   timestamps start afresh.
/// - Record headers: a definition (bit 6; bit 5 = it has developer fields) or data message for local type
///   0-15, or a compressed-timestamp header (bit 7): local type in bits 5-6, a 5-bit time offset rolled
///   over against the last full timestamp of any message.
/// - Definitions carry their byte order (architecture 1 = big-endian, anything else little-endian), may
///   redefine a local type at any time, and may declare up to 255 fields and 255 developer fields.
///   Developer fields are skipped by their declared size (their `field_description` is not needed).
///   A field whose size is not a multiple of its base type's is skipped as bytes; an array field gives
///   its first element. Invalid values (`FITFieldSlot`) are absent.
///
/// ## What becomes samples (``FITProfile`` lists the fields)
/// - `record`: `.location` when it has a position (with altitude, preferring `enhanced_altitude`, and
///   speed, preferring `enhanced_speed`), else `.distance` when it has a distance (treadmills, indoor
///   trainers: the engine uses it only for a workout without positions); a `compressed_speed_distance`
///   (`FITCompressedSpeedDistance`, older devices' foot pods) stands in for a missing speed and distance,
///   its distance accumulated over the file; a first record with nothing but its time (an older Forerunner
///   writes one as its timer starts) gives a `.resume` event at its time, which starts the workout there;
///   then `.heartRate`, `.cadence`
///   (`cadence` + `fractional_cadence`, as the file states it: strides per minute when running),
///   `.power` and `.weather(temperatureCelsius:)`, all at the record's time.
/// - `event` of the timer: start → `.resume`, stop, stop_all, stop_disable, stop_disable_all → `.pause`,
///   after one call to `trackHasTimerEvents()`: the device's own pauses replace the engine's gap pauses. A
///   timer event dated more than ``maximumTimerEventLatenessSeconds`` before the last record (a file that
///   writes its timer events after its records) is delivered in time order when a first pass over the
///   same input found it (``TrackReader`` reads a file or bytes in memory twice), else left out, a stop
///   counted in ``TrackReadReport/lateTimerStopCount``.
/// - `lap`: `.event(.lap)` at the lap's end (its timestamp, or `start_time + total_elapsed_time` when that
///   is more than 1 s earlier, when there is no timestamp, or when the lap is stamped with the activity's
///   start: its timestamp is not after its start, or the lap comes before any record and more than 1 s
///   before its start plus its time, as from a device that writes its summary at the head of the file)
///   with its trigger and `start_time`, and a ``/WorkoutSamples/DeviceLap`` in the report.
/// - `sport` or `session` (the first met): the activity (``FITProfile/activityName(sport:subSport:)``),
///   once, through `trackActivity(named:)` (``TrackReader``, reading a file twice, announces a multisport
///   file's fastest leg instead: ``FITProfile/multisportActivityName(legs:)``); `session` totals (summed over sessions), `file_id` and the
///   creator's `device_info`: ``TrackReadReport/device``.
/// - Times before 0x10000000 count from the device's power-on (action cameras): a `timestamp_correlation`
///   gives their UTC; samples met before it are held (up to ``maximumHeldSamples``) and released with
///   corrected times; without one they keep their times counted from the FIT epoch.
/// - Events (timer, laps) dated after the latest record are delivered in time order, before the first
///   sample at or after their time (Polar writes the timer's start and stop ahead of the records); a timer
///   stop goes after the samples of its own second (the record written as the timer stopped was taken
///   running).
/// - A compressed timestamp before any full timestamp gives an untimed sample, counted in
///   ``TrackReadReport/skippedFields`` under `timestamp`.
///
/// ## Damage
/// A CRC mismatch (header or file), a message for an undefined local type, a message running past the
/// file's declared data size, bytes after a file that are not a FIT header, or an input that ends early:
/// by default the reader stops there, keeps what it delivered, and reports ``TrackReadReport/damage``
/// (byte offset and reason). With ``TrackReadOptions/strict``, or when nothing had been read yet (no
/// record delivered), it is a `TrackFormatError` at that byte offset.
public struct FITReader: IncrementalTrackReader, Sendable {
    /// At most this many device laps are kept in the report (the lap events all reach the sink).
    public static let maximumDeviceLaps = 100_000
    /// At most this many distinct activity names of sessions are kept (``legActivityNames``).
    static let maximumLegs = 64
    /// At most this many events ahead of the records are held to be put in time order.
    public static let maximumEarlyEvents = 4096
    /// A timer event dated more than this many seconds before the last record read is out of order: a
    /// device writes a timer event within a record or two of its time, but some (a Garmin Oregon 700, a
    /// Fenix 2) write them all after the records. It is placed in time order when a first pass found it
    /// (``TrackReader`` reads a file or bytes in memory twice), else left out, a stop counted in
    /// ``TrackReadReport/lateTimerStopCount``.
    public static let maximumTimerEventLatenessSeconds = 60.0
    /// A record dated more than this many seconds after the one before starts a watch on the clock
    /// (``ClockJumpWatch``, the rule every reader applies: six hours, no recording pauses that long inside
    /// one outing): when a later record returns to before that jump, the records between were mis-dated (a
    /// GoldenCheetah test ride stamps 14 records two years and two months ahead, then goes on in its own
    /// year) and their samples dated on the jumped clock are delivered without a time (each sample counted
    /// in ``TrackReadReport/skippedFields`` as `timestamp`); when the records go on from the jump for
    /// ``clockJumpConfirmSeconds`` or ``maximumClockJumpHeldSamples`` samples, it was real (a later outing
    /// in the same file) and they are delivered as they are. A file's first record dated more than
    /// ``ClockJumpWatch/startStepBackSeconds`` after the next loses its time the same way.
    public static let clockJumpSeconds = Int64(ClockJumpWatch.jumpSeconds)
    /// See ``clockJumpSeconds``.
    public static let clockJumpConfirmSeconds = Int64(ClockJumpWatch.confirmSeconds)
    /// See ``clockJumpSeconds``.
    public static let maximumClockJumpHeldSamples = ClockJumpWatch.maximumHeldSamples
    /// At most this many samples with relative times are held waiting for a `timestamp_correlation`;
    /// later ones go to the sink with their relative times.
    public static let maximumHeldSamples = 200_000

    /// An event held ahead of the records, and whether it is a late timer event placed from a first pass
    /// (``lateTimerEventsReadAhead``).
    private struct EarlyEvent: Sendable {
        var sample: Sample
        var placed = false
    }

    /// A timer event dated long before the last record read (``maximumTimerEventLatenessSeconds``).
    struct LateTimerEvent: Sendable, Hashable {
        /// Which file of a chain holds it (1 for the first).
        var file: Int
        /// Its time as the file states it, FIT seconds.
        var fitTime: Int64
        /// What it does to the clock.
        var kind: WorkoutEventSample.Kind
    }

    private enum Phase: Sendable {
        case fileHeader
        case records
        case fileCRC
        case stopped
    }

    private let fileName: String
    private let options: TrackReadOptions
    /// Whether the reader announces the activity the file names (`false` when the caller did already).
    public var announcesActivity = true
    private var phase = Phase.fileHeader
    /// Offset of the next byte not yet consumed (the start of `carry` when it holds bytes).
    private var position = 0
    /// Bytes of an item split across chunks.
    private var carry: [UInt8] = []
    /// Bytes the current item needs, contiguous, before it can be decoded.
    private var needed = 1
    private var crc = FITCRC16()
    private var dataRemaining = 0
    private var fileCount = 0
    private var definitions = [FITMessageDefinition](repeating: FITMessageDefinition(), count: 16)
    private var slots = ContiguousArray<FITFieldSlot>(repeating: .absent, count: 16 * FITProfile.slotCount)
    private var lastTimestamp: Int64?
    /// The distance that `compressed_speed_distance` fields accumulate, in 1/16 m, with the last 12-bit
    /// value read (``FITCompressedSpeedDistance``).
    private var compressedDistance = FITCompressedSpeedDistance.Accumulator()
    /// FIT seconds to add to a relative (system) time, from a `timestamp_correlation`.
    private var correlationOffset: Int64?
    /// The device's laps read while their times counted from power-on and no correlation was known, with
    /// those times: a `timestamp_correlation` later in the file dates them as it dates the held samples.
    private var lapsAwaitingCorrelation: [(index: Int, start: Int64?, end: Int64?)] = []
    private var held = ContiguousArray<Sample>()
    /// Events whose time is ahead of the latest record's (Polar writes the timer's start and stop before
    /// the records): delivered in time order, before the first later sample, or at the file's end.
    private var earlyEvents = ContiguousArray<EarlyEvent>()
    private var earlyEventsStart = 0
    /// The latest time of a delivered sample that is not an event.
    private var latestSampleTime: Double?
    /// The time of the last record read in file order, FIT seconds (a late timer event is judged against it,
    /// so one record with a corrupt future time does not make every later event late).
    private var lastRecordTime: Int64?
    /// The watch on the records' clock (``clockJumpSeconds``): the samples from a jump on wait in it until
    /// the records show whether the clock jumped back (a glitch: they lose their times) or went on (a later
    /// outing).
    private var clockWatch = ClockJumpWatch()
    /// The byte offset of the record the current watch started at (where its skipped times are reported).
    private var clockJumpOffset = 0
    private var announcedTimerEvents = false
    /// The timer events this reader left out as late (``maximumTimerEventLatenessSeconds``), at most
    /// ``maximumEarlyEvents`` of them (``lateTimerEventsAreComplete`` says whether that was all).
    private(set) var lateTimerEvents: [LateTimerEvent] = []
    /// Whether ``lateTimerEvents`` holds every late timer event the reader met.
    private(set) var lateTimerEventsAreComplete = true
    /// The late timer events a first pass over the same input found: each file's are delivered in time order
    /// among its records (placed at the file's start, as events ahead of the records are), and left out
    /// where the file writes them, so the device's own pauses rule as in a file written in order.
    var lateTimerEventsReadAhead: [LateTimerEvent] = []
    /// The activity names of the file's `sport` and `session` messages, each once, in file order (at most
    /// ``maximumLegs``): a multisport file names several (``FITProfile/multisportActivityName(legs:)``).
    private(set) var legActivityNames: [String] = []
    /// Whether the current file's late timer events were placed from ``lateTimerEventsReadAhead``.
    private var placedLateTimerEvents = false
    /// The time of the placed late stop (``lateTimerEventsReadAhead``) the timer stands stopped at, if any.
    private var placedStopTime: Double?
    /// The first of ``lateTimerEventsReadAhead`` not yet placed.
    private var lateTimerEventsCursor = 0
    private var announcedActivity = false
    /// Whether this reader is the first pass over a file that is read twice (``TrackReader``): it looks
    /// for what the second pass needs to know first (the activity, the late timer events) and decodes of
    /// a `record` only its time and whether it gives a sample, and of a `lap` nothing (what it would hand
    /// over is not kept), so the first pass costs a fraction of the second (it was a fifth of converting a
    /// 20 000-record file to GPX). It stops where the second stops (damage, a CRC mismatch), and decides
    /// as the second does whether damage is an error (no record gave a sample) or a report.
    var scansAhead = false
    private var recordSamples = 0
    /// Whether a record gave a sample, or a first record with only its time started the workout (see the
    /// `record` case of `decode`).
    private var workoutStartIsDecided = false
    private var report = TrackReadReport(format: .fit)
    private var device = DeviceRecord()
    private var sawDevice = false
    private var fileManufacturer: Int64?
    private var sessionTimerForAverage = 0.0
    private var sessionHeartRateWeighted = 0.0

    /// A reader for the input named `fileName` (used in errors).
    public init(fileName: String = "-", options: TrackReadOptions = TrackReadOptions()) {
        self.fileName = fileName
        self.options = options
        carry.reserveCapacity(64)
    }

    /// Reads a whole FIT input and hands its samples to `sink`.
    /// - Throws: `TrackFormatError` (with a byte offset), `TrackInputError`, or whatever the sink throws.
    public func read<Sink: TrackSampleSink>(_ input: inout FormatSniffingInput, into sink: inout Sink) throws -> TrackReadReport {
        var reader = self
        return try reader.readToEnd(&input, into: &sink)
    }

    /// Reads a whole FIT input into `sink`, leaving this reader as it ends (``lateTimerEvents`` is what a
    /// first pass hands the second).
    mutating func readToEnd<Sink: TrackSampleSink>(_ input: inout FormatSniffingInput, into sink: inout Sink) throws -> TrackReadReport {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try input.read(into: chunk)
            if count == 0 { break }
            try consume(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), into: &sink)
        }
        return try finish(into: &sink)
    }

    // MARK: Chunks

    public mutating func consume<Sink: TrackSampleSink>(_ chunk: UnsafeRawBufferPointer, into sink: inout Sink) throws {
        var index = 0
        let count = chunk.count
        // The messages read from `chunk` go into the file's CRC in runs, from `unchecked` to `index`, eight bytes
        // at a time (message by message, a message's last bytes went one at a time: a tenth of a conversion).
        // A run ends before a file's CRC or header is read, where bytes are carried to the next chunk, and
        // with the chunk.
        var unchecked = 0
        func check() {
            if unchecked < index { crc.update(UnsafeRawBufferPointer(rebasing: chunk[unchecked..<index])) }
            unchecked = index
        }
        defer { check() }
        while index < count {
            if case .stopped = phase { return }
            let readsMessage = if case .records = phase { true } else { false }
            if !readsMessage { check() }
            if carry.isEmpty {
                let view = UnsafeRawBufferPointer(rebasing: chunk[index..<count])
                if view.count >= needed, let used = try step(view, into: &sink) {
                    index += used
                    position += used
                    if !readsMessage { unchecked = index }  // a header (checked on its own) or a file's CRC
                    continue
                }
                if case .stopped = phase { return }
                check()
                carry.append(contentsOf: view)
                index = count
                unchecked = count
            } else {
                let take = min(needed - carry.count, count - index)
                if take > 0 {
                    carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[index..<(index + take)]))
                    index += take
                }
                unchecked = index
                if carry.count < needed { continue }
                var local: [UInt8] = []
                swap(&local, &carry)
                let used = try local.withUnsafeBytes { bytes -> Int? in
                    let used = try step(bytes, into: &sink)
                    if let used, readsMessage { crc.update(UnsafeRawBufferPointer(rebasing: bytes[0..<used])) }
                    return used
                }
                swap(&local, &carry)
                if let used {
                    position += used
                    carry.removeFirst(used)
                }
            }
        }
    }

    public mutating func finish<Sink: TrackSampleSink>(into sink: inout Sink) throws -> TrackReadReport {
        switch phase {
        case .stopped:
            break
        case .fileHeader where carry.isEmpty:
            if fileCount == 0 {
                throw TrackFormatError(file: fileName, position: SourcePosition(byteOffset: 0),
                                       message: "empty input: no FIT file header")
            }
        case .fileHeader where fileCount == 0 && carry.count < 12:
            try damaged(at: position, "not a FIT file: \(carry.count) bytes, shorter than a FIT header", sink: &sink)
        case .fileHeader:
            try damaged(at: position, "truncated: the input ends inside a file header (\(carry.count) of \(needed) bytes)", sink: &sink)
        case .records:
            if carry.isEmpty {
                try damaged(at: position, "truncated: the input ends \(dataRemaining) bytes before the end of the file's data", sink: &sink)
            } else {
                try damaged(at: position, "truncated: the input ends inside a message (\(carry.count) of \(needed) bytes)", sink: &sink)
            }
        case .fileCRC:
            try damaged(at: position, "truncated: the input ends before the file CRC", sink: &sink)
        }
        try releaseHeld(into: &sink)
        try releaseClockJump(misdated: false, into: &sink)
        try releaseEarlyEvents(through: .infinity, into: &sink)
        if sawDevice { report.device = device }
        return report
    }

    // MARK: Items

    /// Decodes one item from the start of `bytes` (at least ``needed`` of them) and returns how many it
    /// took, or `nil` after raising ``needed`` (the item is longer) or stopping at damage.
    private mutating func step<Sink: TrackSampleSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws -> Int? {
        switch phase {
        case .stopped:
            return nil
        case .fileHeader:
            return try readFileHeader(bytes, into: &sink)
        case .fileCRC:
            guard bytes.count >= 2 else { needed = 2; return nil }
            let stored = UInt16(bytes[0]) | UInt16(bytes[1]) << 8
            if stored != crc.value {
                try damaged(at: position, "file CRC mismatch (stored 0x\(hex(stored)), computed 0x\(hex(crc.value)))", sink: &sink)
                return nil
            }
            phase = .fileHeader
            needed = 1
            return 2
        case .records:
            return try readMessage(bytes, into: &sink)
        }
    }

    private mutating func readFileHeader<Sink: TrackSampleSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws -> Int? {
        let size = Int(bytes[0])
        guard size >= 12 else {
            try damaged(at: position, fileCount == 0
                        ? "not a FIT file: header size \(size) (a FIT header is 12 or 14 bytes)"
                        : "after file \(fileCount): header size \(size) is not a FIT header", sink: &sink)
            return nil
        }
        guard bytes.count >= 12 else { needed = 12; return nil }
        guard bytes[8] == 0x2E, bytes[9] == 0x46, bytes[10] == 0x49, bytes[11] == 0x54 else {
            try damaged(at: position + 8, fileCount == 0
                        ? "not a FIT file: no \".FIT\" at bytes 8-11"
                        : "after file \(fileCount): no \".FIT\" signature at bytes 8-11 of the next header", sink: &sink)
            return nil
        }
        guard bytes.count >= size else { needed = size; return nil }
        if size >= 14 {
            let stored = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
            let computed = FITCRC16.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<12]))
            if stored != 0, stored != computed {
                try damaged(at: position + 12, "header CRC mismatch (stored 0x\(hex(stored)), computed 0x\(hex(computed)))", sink: &sink)
                return nil
            }
        }
        let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        crc = FITCRC16()
        crc.update(UnsafeRawBufferPointer(rebasing: bytes[0..<size]))
        fileCount += 1
        dataRemaining = dataSize
        for index in definitions.indices { definitions[index] = FITMessageDefinition() }
        lastTimestamp = nil
        compressedDistance = FITCompressedSpeedDistance.Accumulator()
        try releaseHeld(into: &sink)
        try releaseClockJump(misdated: false, into: &sink)
        try releaseEarlyEvents(through: .infinity, into: &sink)
        clockWatch.restart()
        latestSampleTime = nil
        lastRecordTime = nil
        correlationOffset = nil
        lapsAwaitingCorrelation.removeAll()
        phase = dataSize > 0 ? .records : .fileCRC
        needed = dataSize > 0 ? 1 : 2
        // Each file after the first starts a new segment (the first needs none: nothing precedes it, and
        // an activity named by a `sport` message can still apply).
        if fileCount > 1 { try deliver(.event(WorkoutEventSample(time: nil, kind: .segmentStart)), into: &sink) }
        try placeLateTimerEvents(into: &sink)
        return size
    }

    private mutating func readMessage<Sink: TrackSampleSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let header = bytes[0]
        let length: Int
        let isDefinition = header & 0xC0 == 0x40
        if isDefinition {
            guard bytes.count >= 6 else { return try need(6, &sink) }
            let fieldCount = Int(bytes[5])
            var total = 6 + 3 * fieldCount
            if header & 0x20 != 0 {
                guard bytes.count >= total + 1 else { return try need(total + 1, &sink) }
                total += 1 + 3 * Int(bytes[total])
            }
            length = total
        } else {
            let local = header & 0x80 != 0 ? Int((header >> 5) & 0x03) : Int(header & 0x0F)
            guard definitions[local].isDefined else {
                try damaged(at: position, "data message for local message type \(local), which no definition message defined", sink: &sink)
                return nil
            }
            length = 1 + definitions[local].dataSize
        }
        if length > dataRemaining {
            try damaged(at: position, "a message of \(length) bytes runs past the end of the file's data (\(dataRemaining) bytes left)", sink: &sink)
            return nil
        }
        guard bytes.count >= length else { return try need(length, &sink) }
        let message = UnsafeRawBufferPointer(start: base, count: length)
        if isDefinition {
            define(message)
        } else {
            try decode(message, into: &sink)
        }
        if case .stopped = phase { return nil }
        // (The message goes into the file's CRC with the run of messages around it: see `consume`.)
        dataRemaining -= length
        if dataRemaining == 0 {
            phase = .fileCRC
            needed = 2
        } else {
            needed = 1
        }
        return length
    }

    /// The message starting at `position` needs `count` bytes: raises ``needed``, or reports damage when
    /// they would run past the file's data.
    private mutating func need<Sink: TrackSampleSink>(_ count: Int, _ sink: inout Sink) throws -> Int? {
        if count > dataRemaining {
            try damaged(at: position, "a message of at least \(count) bytes runs past the end of the file's data (\(dataRemaining) bytes left)", sink: &sink)
            return nil
        }
        needed = count
        return nil
    }

    /// Records a definition message (complete in `message`, record header first).
    private mutating func define(_ message: UnsafeRawBufferPointer) {
        let local = Int(message[0] & 0x0F)
        let bigEndian = message[2] == 1
        let global = bigEndian ? UInt16(message[3]) << 8 | UInt16(message[4]) : UInt16(message[4]) << 8 | UInt16(message[3])
        let fieldCount = Int(message[5])
        let first = local * FITProfile.slotCount
        for index in first..<(first + FITProfile.slotCount) { slots[index] = .absent }
        var offset = 0
        for field in 0..<fieldCount {
            let at = 6 + 3 * field
            let number = message[at], size = Int(message[at + 1]), baseType = message[at + 2] & 0x1F
            if let slot = FITProfile.slot(message: global, field: number), size > 0, let baseSize = FITFieldSlot.baseSize(baseType),
               size % baseSize == 0, slots[first + slot].offset < 0 {
                slots[first + slot] = FITFieldSlot(offset: Int32(offset), size: UInt16(size), baseType: baseType)
            }
            offset += size
        }
        if message[0] & 0x20 != 0 {
            let at = 6 + 3 * fieldCount
            let developerCount = Int(message[at])
            for field in 0..<developerCount {
                offset += Int(message[at + 1 + 3 * field + 1])
            }
        }
        definitions[local] = FITMessageDefinition(globalMessage: global, bigEndian: bigEndian, dataSize: offset, isDefined: true)
    }

    // MARK: Data messages

    private mutating func decode<Sink: TrackSampleSink>(_ message: UnsafeRawBufferPointer, into sink: inout Sink) throws {
        guard let start = message.baseAddress else { return }
        let header = message[0]
        let compressed = header & 0x80 != 0
        let local = compressed ? Int((header >> 5) & 0x03) : Int(header & 0x0F)
        let definition = definitions[local]
        let fields = start + 1
        let first = local * FITProfile.slotCount
        let bigEndian = definition.bigEndian

        // The message's time, in FIT seconds.
        var time: Int64?
        if compressed {
            let offset = Int64(header & 0x1F)
            if let last = lastTimestamp {
                var next = (last & ~0x1F) + offset
                if offset < last & 0x1F { next += 0x20 }
                time = next
                lastTimestamp = next
            } else {
                skipField("timestamp", at: position, value: "compressed time offset \(offset) before any full timestamp")
            }
        } else if let stamp = slots[first + FITProfile.timestampSlot].integer(in: fields, bigEndian: bigEndian) {
            time = stamp
            lastTimestamp = stamp
        }

        func value(_ slot: Int) -> Double? { slots[first + slot].number(in: fields, bigEndian: bigEndian) }
        func integer(_ slot: Int) -> Int64? { slots[first + slot].integer(in: fields, bigEndian: bigEndian) }
        func text(_ slot: Int) -> String? { slots[first + slot].text(in: fields) }
        /// A record's altitude (stored as (metres + 500) × 5: `(raw − 2500) / 5` rounds once, so 3299 reads as
        /// 159.8, the nearest double, where `raw / 5 − 500` rounds twice and gives 159.79999999999995) and
        /// speed (`enhanced_speed`, else `speed`, else `fallback`).
        func recordAltitudeAndSpeed(_ fallback: Double?) -> (altitude: Double?, speed: Double?) {
            ((value(FITProfile.recordEnhancedAltitude) ?? value(FITProfile.recordAltitude)).map { ($0 - 2500) / 5 },
             (value(FITProfile.recordEnhancedSpeed) ?? value(FITProfile.recordSpeed)).map { $0 / 1000 } ?? fallback)
        }

        switch definition.globalMessage {
        case FITProfile.record where scansAhead:
            if let time { lastRecordTime = time }
            // Whether the record gives a sample (a fix, a distance, a reading), as `hand` counts them: damage
            // after none is an error, after some a report, in both passes.
            let givesSample = (integer(FITProfile.recordLatitude) != nil && integer(FITProfile.recordLongitude) != nil)
                || value(FITProfile.recordDistance) != nil
                || FITCompressedSpeedDistance(slots[first + FITProfile.recordCompressedSpeedDistance], in: fields) != nil
                || value(FITProfile.recordHeartRate) != nil || value(FITProfile.recordCadence) != nil
                || value(FITProfile.recordPower) != nil || value(FITProfile.recordTemperature) != nil
            if givesSample { recordSamples += 1 }
        case FITProfile.lap where scansAhead:
            break
        case FITProfile.record:
            if let time, time >= FITProfile.minimumDateTime, let when = seconds(fromFIT: time) {
                let watching = clockWatch.isHolding
                let release = clockWatch.observe(recordTime: when)
                if let release { try deliver(release, into: &sink) }
                // A watch that starts at this record reports its skipped times here.
                if clockWatch.isHolding, !watching || release != nil { clockJumpOffset = position }
            } else if time != nil {
                clockWatch.observeUnwatchedRecord()
            }
            if let time { lastRecordTime = time }
            let when = time.flatMap { seconds(fromFIT: $0) }
            let latitude = integer(FITProfile.recordLatitude), longitude = integer(FITProfile.recordLongitude)
            // Older devices (foot pods, the first Forerunners) pack speed and distance into three bytes.
            var compressed: (speed: Double, distanceMeters: Double)?
            if let packed = FITCompressedSpeedDistance(slots[first + FITProfile.recordCompressedSpeedDistance], in: fields) {
                compressed = (packed.speedMetersPerSecond, compressedDistance.add(packed.distanceSixteenths))
            }
            // Whether the record gave a sample (see the start by an empty record below).
            var gaveSample = true
            if let latitude, let longitude {
                let (altitude, speed) = recordAltitudeAndSpeed(compressed?.speed)
                try emit(.location(LocationSample(
                    time: when, latitude: Double(latitude) * FITProfile.degreesPerSemicircle,
                    longitude: Double(longitude) * FITProfile.degreesPerSemicircle,
                    altitudeMeters: altitude, speedMetersPerSecond: speed)), fitTime: time, into: &sink)
            } else if let distance = value(FITProfile.recordDistance).map({ $0 / 100 }) ?? compressed?.distanceMeters {
                let (altitude, speed) = recordAltitudeAndSpeed(compressed?.speed)
                try emit(.distance(DistanceSample(time: when, cumulativeMeters: distance, altitudeMeters: altitude,
                                                  speedMetersPerSecond: speed)),
                         fitTime: time, into: &sink)
            } else {
                gaveSample = false
            }
            if let heartRate = value(FITProfile.recordHeartRate) {
                gaveSample = true
                try emit(.heartRate(HeartRateSample(time: when, beatsPerMinute: heartRate)), fitTime: time, into: &sink)
            }
            if let cadence = value(FITProfile.recordCadence) {
                gaveSample = true
                let fraction = value(FITProfile.recordFractionalCadence).map { $0 / 128 } ?? 0
                try emit(.cadence(CadenceSample(time: when, perMinute: cadence + fraction)), fitTime: time, into: &sink)
            }
            if let power = value(FITProfile.recordPower) {
                gaveSample = true
                try emit(.power(PowerSample(time: when, watts: power)), fitTime: time, into: &sink)
            }
            if let temperature = value(FITProfile.recordTemperature) {
                gaveSample = true
                try emit(.weather(WeatherSample(time: when, temperatureCelsius: temperature)), fitTime: time, into: &sink)
            }
            // A first record with nothing but its time (an older Forerunner writes one as its timer starts)
            // starts the workout there: the timer's time counts from it.
            if !gaveSample, !workoutStartIsDecided, when != nil {
                try emit(.event(WorkoutEventSample(time: when, kind: .resume)), fitTime: time, into: &sink)
                workoutStartIsDecided = true
            }
            workoutStartIsDecided = workoutStartIsDecided || gaveSample
        case FITProfile.event:
            guard integer(FITProfile.eventEvent) == 0, let type = integer(FITProfile.eventType) else { return }
            let kind: WorkoutEventSample.Kind
            switch type {
            case 0: kind = .resume
            case 1, 4, 8, 9: kind = .pause
            default: return
            }
            // A timer event dated long before the last record read (a Garmin Oregon writes all its timer
            // events after its records) cannot pause or resume the clock in order: it is left out, a stop
            // counted (``TrackReadReport/lateTimerStopCount``; a late start stops nothing: the clock runs
            // from the first record), and the engine's own gap rules judge the stops. The events read in
            // order still count, as the last stop_all at the end of such a file does. Both times on one
            // clock, compared as the file states them (before any timestamp_correlation).
            // When a first pass found them (``lateTimerEventsReadAhead``; dated on the UTC clock), they were
            // placed in time order at the file's start and are not delivered again here.
            if let time, let last = lastRecordTime,
               FITProfile.areOnOneClock(time, last),
               Double(time) < Double(last) - Self.maximumTimerEventLatenessSeconds {
                let onUTC = time >= FITProfile.minimumDateTime
                if placedLateTimerEvents, onUTC { return }
                if kind == .pause { report.lateTimerStopCount += 1 }
                if !onUTC {
                    // Counted from power-on: not placed (see ``placeLateTimerEvents(into:)``).
                } else if lateTimerEvents.count < Self.maximumEarlyEvents {
                    lateTimerEvents.append(LateTimerEvent(file: fileCount, fitTime: time, kind: kind))
                } else {
                    lateTimerEventsAreComplete = false
                }
                return
            }
            if !announcedTimerEvents {
                announcedTimerEvents = true
                try sink.trackHasTimerEvents()
            }
            try emit(.event(WorkoutEventSample(time: time.flatMap { seconds(fromFIT: $0) }, kind: kind)), fitTime: time, into: &sink)
        case FITProfile.lap:
            let startTime = integer(FITProfile.lapStartTime)
            let elapsed = value(FITProfile.lapElapsed).map { $0 / 1000 }
            var end = time
            // A lap dated by a device that writes its summary (activity, session, laps) at the head of the
            // file, each with the activity's start as its timestamp (newer Garmins: an MTB ride in
            // fit-parser's tests, its three laps all stamped 09:36:24), ends at its start plus its elapsed
            // time: its timestamp is not after its start, or it comes before any record and more than 1 s
            // before its start plus its elapsed time (a lap's own timestamp is its end: the Forerunner
            // 920XT's are up to 1.9 s before it, but written after the lap's records). Both times on one
            // clock (both counted from power-on or both not).
            var stampedAtStart = false
            if let time, let startTime, let elapsed, elapsed > 0,
               FITProfile.areOnOneClock(time, startTime) {
                stampedAtStart = time <= startTime || (latestSampleTime == nil && Double(time) < Double(startTime) + elapsed - 1)
            }
            if let startTime, let elapsed, end == nil || stampedAtStart {
                end = startTime + Int64(elapsed.rounded())
            }
            // The end that start_time + total_elapsed_time states, to the millisecond (`end` is whole
            // seconds, as FIT times are).
            let statedEnd = startTime.flatMap { seconds(fromFIT: $0) }.flatMap { start in elapsed.map { start + $0 } }
            let trigger = integer(FITProfile.lapTrigger).flatMap(FITProfile.lapTrigger)
            if report.deviceLaps.count < Self.maximumDeviceLaps {
                report.deviceLaps.append(DeviceLap(
                    startTime: startTime.flatMap { seconds(fromFIT: $0) },
                    endTime: (stampedAtStart ? statedEnd : nil) ?? end.flatMap { seconds(fromFIT: $0) },
                    timerSeconds: value(FITProfile.lapTimer).map { $0 / 1000 }, elapsedSeconds: elapsed,
                    distanceMeters: value(FITProfile.lapDistance).map { $0 / 100 }, ascentMeters: value(FITProfile.lapAscent),
                    descentMeters: value(FITProfile.lapDescent), kilocalories: value(FITProfile.lapCalories),
                    averageHeartRate: value(FITProfile.lapAverageHeartRate), maximumHeartRate: value(FITProfile.lapMaximumHeartRate),
                    trigger: trigger))
                let relative = [startTime, end].contains { $0.map { $0 < FITProfile.minimumDateTime } ?? false }
                if relative, correlationOffset == nil {
                    lapsAwaitingCorrelation.append((report.deviceLaps.count - 1, startTime, end))
                }
            }
            // The lap ends at its timestamp, unless start_time + total_elapsed_time is more than 1 s before
            // it (timestamps are whole seconds): a lap message is often written after the timer stopped (a
            // Forerunner 910XT's last lap 12 min after its stop_all, an Edge 530's 13 s), and the device's
            // lap does not run on to it.
            var endSeconds = end.flatMap { seconds(fromFIT: $0) }
            if let startTime, let elapsed, let time, elapsed >= 0, let statedEnd,
               Double(startTime) + elapsed < Double(time) - 1 || stampedAtStart {
                endSeconds = statedEnd
            }
            // The lap's start goes with it: a device may leave time between two laps (an Edge 530's 2 s
            // between its laps 1 and 2) that belongs to neither.
            try emit(.event(WorkoutEventSample(time: endSeconds, kind: .lap, lapTrigger: trigger,
                                               lapStartTime: startTime.flatMap { seconds(fromFIT: $0) })),
                     fitTime: end, into: &sink)
        case FITProfile.session:
            sawDevice = true
            if let sport = integer(FITProfile.sessionSport) {
                let subSport = integer(FITProfile.sessionSubSport)
                if device.sport == nil { device.sport = FITProfile.sportDescription(sport: sport, subSport: subSport) }
                try announce(FITProfile.activityName(sport: sport, subSport: subSport), into: &sink)
            }
            func add(_ total: inout Double?, _ value: Double?) {
                if let value { total = (total ?? 0) + value }
            }
            let timer = value(FITProfile.sessionTimer).map { $0 / 1000 }
            add(&device.distanceMeters, value(FITProfile.sessionDistance).map { $0 / 100 })
            add(&device.timerSeconds, timer)
            add(&device.elapsedSeconds, value(FITProfile.sessionElapsed).map { $0 / 1000 })
            add(&device.ascentMeters, value(FITProfile.sessionAscent))
            add(&device.descentMeters, value(FITProfile.sessionDescent))
            add(&device.kilocalories, value(FITProfile.sessionCalories))
            if let average = value(FITProfile.sessionAverageHeartRate) {
                let weight = max(timer ?? 1, 1e-9)
                sessionHeartRateWeighted += average * weight
                sessionTimerForAverage += weight
                device.averageHeartRate = sessionHeartRateWeighted / sessionTimerForAverage
            }
            if let maximum = value(FITProfile.sessionMaximumHeartRate) {
                device.maximumHeartRate = max(device.maximumHeartRate ?? 0, maximum)
            }
        case FITProfile.sport:
            if let sport = integer(FITProfile.sportSport) {
                let subSport = integer(FITProfile.sportSubSport)
                if device.sport == nil { device.sport = FITProfile.sportDescription(sport: sport, subSport: subSport) }
                try announce(FITProfile.activityName(sport: sport, subSport: subSport), into: &sink)
            }
        case FITProfile.fileID:
            if let manufacturer = integer(FITProfile.fileManufacturer) {
                sawDevice = true
                fileManufacturer = manufacturer
                if device.manufacturer == nil { device.manufacturer = FITProfile.manufacturerName(manufacturer) }
            }
            if device.product == nil {
                if let name = text(FITProfile.fileProductName) {
                    device.product = name
                } else if let product = integer(FITProfile.fileProduct) {
                    device.product = FITProfile.productName(manufacturer: fileManufacturer, product: product)
                }
            }
        case FITProfile.deviceInfo:
            guard integer(FITProfile.deviceIndex) == 0 else { return }
            let manufacturer = integer(FITProfile.deviceManufacturer)
            if device.manufacturer == nil, let manufacturer {
                sawDevice = true
                device.manufacturer = FITProfile.manufacturerName(manufacturer)
            }
            if device.product == nil {
                if let name = text(FITProfile.deviceProductName) {
                    sawDevice = true
                    device.product = name
                } else if let product = integer(FITProfile.deviceProduct) {
                    sawDevice = true
                    device.product = FITProfile.productName(manufacturer: manufacturer ?? fileManufacturer, product: product)
                }
            }
        case FITProfile.timestampCorrelation:
            if correlationOffset == nil, let time, let system = integer(FITProfile.correlationSystemTimestamp),
               time >= FITProfile.minimumDateTime {
                correlationOffset = time - system
                for lap in lapsAwaitingCorrelation where lap.index < report.deviceLaps.count {
                    report.deviceLaps[lap.index].startTime = lap.start.flatMap { seconds(fromFIT: $0) }
                    report.deviceLaps[lap.index].endTime = lap.end.flatMap { seconds(fromFIT: $0) }
                }
                lapsAwaitingCorrelation.removeAll()
                try releaseHeld(into: &sink)
            }
        default:
            break
        }
    }

    /// Seconds since 1970 of FIT time `fit` (relative times corrected once a correlation is known).
    @inline(__always)
    private func seconds(fromFIT fit: Int64) -> Double? {
        var value = fit
        if fit < FITProfile.minimumDateTime, let offset = correlationOffset { value += offset }
        return Double(value) + FITProfile.epochOffsetSeconds
    }

    /// Delivers `sample`, or holds it while its time is relative and no correlation is known.
    @inline(__always)
    private mutating func emit<Sink: TrackSampleSink>(_ sample: Sample, fitTime: Int64?, into sink: inout Sink) throws {
        if let fitTime, fitTime < FITProfile.minimumDateTime, correlationOffset == nil, held.count < Self.maximumHeldSamples {
            held.append(sample)
            return
        }
        if !held.isEmpty { try releaseHeld(into: &sink) }
        if clockWatch.isHolding {
            if clockWatch.hold(sample) { return }
            try releaseClockJump(misdated: false, into: &sink)
        }
        try deliver(sample, into: &sink)
    }

    /// Ends the watch on the clock (``clockJumpSeconds``), if any: delivers the samples held since the
    /// jump, without their times when they were `misdated`.
    private mutating func releaseClockJump<Sink: TrackSampleSink>(misdated: Bool, into sink: inout Sink) throws {
        if let release = clockWatch.end(misdated: misdated) { try deliver(release, into: &sink) }
    }

    /// Delivers the samples a watch on the clock ended with: only those dated on the jumped clock lose
    /// their times (each counted as a skipped `timestamp`); an untimed one, or an event the file dates on
    /// the ride's own clock, is delivered as it is.
    private mutating func deliver<Sink: TrackSampleSink>(_ release: ClockJumpWatch.Release, into sink: inout Sink) throws {
        for sample in release.samples {
            let (deliverable, stripped) = release.deliverable(sample)
            if stripped { skipField("timestamp", at: clockJumpOffset, value: release.describe(record: "record")) }
            try deliver(deliverable, into: &sink)
        }
    }

    /// Releases the held samples, with their times corrected when a correlation is known.
    private mutating func releaseHeld<Sink: TrackSampleSink>(into sink: inout Sink) throws {
        guard !held.isEmpty else { return }
        var samples = ContiguousArray<Sample>()
        swap(&samples, &held)
        let shift = correlationOffset.map(Double.init) ?? 0
        for sample in samples {
            // `withTime` moves a lap's stated start with its time.
            try deliver(shift == 0 ? sample : sample.withTime(sample.time.map { $0 + shift }), into: &sink)
        }
    }

    /// Delivers `sample` in time order: an event ahead of the latest sample waits for the first sample at
    /// or after its time; a sample first releases the events due by its time.
    @inline(__always)
    private mutating func deliver<Sink: TrackSampleSink>(_ sample: Sample, into sink: inout Sink) throws {
        if case .event = sample {
            if let time = sample.time, time > latestSampleTime ?? -.infinity,
               earlyEvents.count - earlyEventsStart < Self.maximumEarlyEvents {
                // In time order (a later event of the file may be due first: a first record's start behind
                // laps written at the file's head); events of one time keep the file's order.
                var index = earlyEvents.count
                while index > earlyEventsStart, (earlyEvents[index - 1].sample.time ?? -.infinity) > time { index -= 1 }
                earlyEvents.insert(EarlyEvent(sample: sample), at: index)
                return
            }
            // An untimed event (a lap without a time, a sample the clock watch took the time of) comes at the
            // latest sample's time: the events due by then go first, the later ones keep waiting.
            try releaseEarlyEvents(through: sample.time ?? latestSampleTime ?? -.infinity, into: &sink)
        } else if let time = sample.time {
            if earlyEventsStart < earlyEvents.count { try releaseEarlyEvents(through: time, pausesAfter: true, into: &sink) }
            if let stop = placedStopTime, time - stop > Self.maximumTimerEventLatenessSeconds {
                try resumeUnlessDue(at: time, into: &sink)
            }
            latestSampleTime = max(latestSampleTime ?? time, time)
        }
        try hand(sample, into: &sink)
    }

    /// Places the current file's late timer events that a first pass found (``lateTimerEventsReadAhead``)
    /// among the events ahead of the records, in time order (file order within a time), so each is
    /// delivered before the first sample at or after its time. Only events dated on the UTC clock are
    /// collected (a time counted from power-on waits for a `timestamp_correlation` that the file's start
    /// does not know yet).
    private mutating func placeLateTimerEvents<Sink: TrackSampleSink>(into sink: inout Sink) throws {
        placedLateTimerEvents = false
        placedStopTime = nil
        // The list is in file order: a cursor finds each file's events.
        while lateTimerEventsCursor < lateTimerEventsReadAhead.count,
              lateTimerEventsReadAhead[lateTimerEventsCursor].file < fileCount {
            lateTimerEventsCursor += 1
        }
        var end = lateTimerEventsCursor
        while end < lateTimerEventsReadAhead.count, lateTimerEventsReadAhead[end].file == fileCount { end += 1 }
        let due = lateTimerEventsReadAhead[lateTimerEventsCursor..<end]
        lateTimerEventsCursor = end
        guard !due.isEmpty else { return }
        placedLateTimerEvents = true
        if !announcedTimerEvents {
            announcedTimerEvents = true
            try sink.trackHasTimerEvents()
        }
        let ordered = due.enumerated().sorted { ($0.element.fitTime, $0.offset) < ($1.element.fitTime, $1.offset) }
        for (_, event) in ordered {
            let timer = WorkoutEventSample(time: seconds(fromFIT: event.fitTime), kind: event.kind)
            earlyEvents.append(EarlyEvent(sample: .event(timer), placed: true))
        }
    }

    /// Delivers the held early events with times up to `time`, in time order (file order within a time). With
    /// `pausesAfter` (before a sample at `time`), a pause at `time` waits for the next later sample: the
    /// record written at the instant the timer stopped was still recorded running, as a file written in
    /// order puts it before its stop event.
    private mutating func releaseEarlyEvents<Sink: TrackSampleSink>(
        through time: Double, pausesAfter: Bool = false, into sink: inout Sink
    ) throws {
        while earlyEventsStart < earlyEvents.count {
            let event = earlyEvents[earlyEventsStart]
            let eventTime = event.sample.time ?? -.infinity
            var isPause = false
            if case .event(let timer) = event.sample, timer.kind == .pause { isPause = true }
            guard eventTime < time || (eventTime == time && !(pausesAfter && isPause)) else { break }
            earlyEventsStart += 1
            try hand(event.sample, into: &sink)
            if event.placed, isPause { placedStopTime = eventTime }
        }
        if earlyEventsStart == earlyEvents.count {
            earlyEvents.removeAll(keepingCapacity: true)
            earlyEventsStart = 0
        }
    }

    /// A record more than ``maximumTimerEventLatenessSeconds`` after a placed late stop (``placedStopTime``),
    /// with the timer still stopped and no placed start before the next placed stop or the file's end: the
    /// device's timer ran, though the file wrote no start (GPSBabel's Garmin Oregon 700 sample writes a start,
    /// a stop at 09:30:32 and a stop at its end: its records go on from 10:02:08, and its timer time, 4,146 s,
    /// counts them). The timer resumes at the record. Records in a pause that a placed start ends (devices write
    /// some) stay in it, however long the pause.
    private mutating func resumeUnlessDue<Sink: TrackSampleSink>(at time: Double, into sink: inout Sink) throws {
        var index = earlyEventsStart
        while index < earlyEvents.count {
            if earlyEvents[index].placed, case .event(let event) = earlyEvents[index].sample {
                if event.kind == .resume { return }
                if event.kind == .pause { break }
            }
            index += 1
        }
        try hand(.event(WorkoutEventSample(time: time, kind: .resume)), into: &sink)
    }

    @inline(__always)
    private mutating func hand<Sink: TrackSampleSink>(_ sample: Sample, into sink: inout Sink) throws {
        try sink.consume(sample)
        report.sampleCount += 1
        switch sample {
        case .location:
            report.locationCount += 1
            recordSamples += 1
        case .event(let event):
            if event.kind == .resume { placedStopTime = nil }
        default:
            recordSamples += 1
        }
    }

    private mutating func announce<Sink: TrackSampleSink>(_ name: String, into sink: inout Sink) throws {
        if legActivityNames.count < Self.maximumLegs, !legActivityNames.contains(name) { legActivityNames.append(name) }
        guard !announcedActivity else { return }
        announcedActivity = true
        report.activityName = name
        if announcesActivity { try sink.trackActivity(named: name) }
    }

    private mutating func skipField(_ name: String, at offset: Int, value: String) {
        if report.skippedFields[name] != nil {
            report.skippedFields[name]?.count += 1
        } else {
            report.skippedFields[name] = SkippedField(count: 1, firstPosition: SourcePosition(byteOffset: offset), firstValue: value)
        }
    }

    /// Damage at byte `offset`: an error in strict mode or when nothing was read yet, else the reader
    /// stops and reports it.
    private mutating func damaged<Sink: TrackSampleSink>(at offset: Int, _ reason: String, sink: inout Sink) throws {
        phase = .stopped
        carry = []
        if options.strict || (recordSamples == 0 && held.isEmpty && clockWatch.heldIsEmpty) {
            throw TrackFormatError(file: fileName, position: SourcePosition(byteOffset: offset), message: reason)
        }
        try releaseHeld(into: &sink)
        try releaseClockJump(misdated: false, into: &sink)
        try releaseEarlyEvents(through: .infinity, into: &sink)
        report.damage = TrackDamage(byteOffset: offset, reason: reason)
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
