import Foundation
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// A sink that records what a FIT read produces, including the timer-events announcement.
struct FITRecordingSink: TrackSampleSink {
    var samples: [Sample] = []
    var activities: [String] = []
    var timerAnnouncements = 0
    /// Samples delivered before the timer announcement that were timer events (must stay 0).
    var timerEventsBeforeAnnouncement = 0

    mutating func trackActivity(named name: String) throws { activities.append(name) }
    mutating func trackHasTimerEvents() throws { timerAnnouncements += 1 }
    mutating func consume(_ sample: Sample) throws {
        if timerAnnouncements == 0, case .event(let event) = sample, event.kind == .pause || event.kind == .resume {
            timerEventsBeforeAnnouncement += 1
        }
        samples.append(sample)
    }

    /// What came in order, as `fix@s`, `pause@s`, `resume@s` (seconds after `start`) or `untimed`.
    func timeline(from start: Double) -> [String] {
        samples.map { sample in
            guard let time = sample.time else { return "untimed" }
            if case .event(let event) = sample { return "\(event.kind)@\(Int(time - start))" }
            return "fix@\(Int(time - start))"
        }
    }

    func events(_ kind: WorkoutEventSample.Kind) -> [WorkoutEventSample] {
        samples.compactMap { if case .event(let event) = $0, event.kind == kind { event } else { nil } }
    }
    var locations: [LocationSample] { samples.compactMap { if case .location(let s) = $0 { s } else { nil } } }
    var heartRates: [Double] { samples.compactMap { if case .heartRate(let s) = $0 { s.beatsPerMinute } else { nil } } }
    var cadences: [Double] { samples.compactMap { if case .cadence(let s) = $0 { s.perMinute } else { nil } } }
    var powers: [Double] { samples.compactMap { if case .power(let s) = $0 { s.watts } else { nil } } }
    var temperatures: [Double] { samples.compactMap { if case .weather(let s) = $0 { s.temperatureCelsius } else { nil } } }
    var distances: [DistanceSample] { samples.compactMap { if case .distance(let s) = $0 { s } else { nil } } }
}

/// Reading FIT bytes in memory, in chunks of a given size.
enum FITTestReading {
    static func read(_ bytes: [UInt8], chunkSize: Int = 1 << 16, strict: Bool = false) throws -> (report: TrackReadReport, sink: FITRecordingSink) {
        var reader = FITReader(fileName: "test.fit", options: TrackReadOptions(strict: strict))
        var sink = FITRecordingSink()
        try bytes.withUnsafeBytes { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + chunkSize)
                try reader.consume(UnsafeRawBufferPointer(rebasing: all[start..<end]), into: &sink)
                start = end
            }
        }
        let report = try reader.finish(into: &sink)
        return (report, sink)
    }

    /// A FIT file's bytes: a real one from `SampleTracks/`, or from `../shared/tracks/` (nil when absent).
    static func bytes(_ name: String) -> [UInt8]? {
        let sample = TestPaths.sampleTrack(name)
        if let data = try? Data(contentsOf: sample) { return Array(data) }
        guard let shared = TestPaths.sharedTrack(name), let data = try? Data(contentsOf: shared) else { return nil }
        return Array(data)
    }

    /// The offsets where the messages of a single FIT file start (after its header), found by walking
    /// the record headers and definitions here, independently of the reader.
    static func messageBoundaries(_ bytes: [UInt8]) -> [Int] {
        let headerSize = Int(bytes[0])
        let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        var sizes = [Int](repeating: 0, count: 16)
        var offset = headerSize
        var boundaries: [Int] = []
        while offset < headerSize + dataSize {
            boundaries.append(offset)
            let header = bytes[offset]
            if header & 0x80 != 0 {
                offset += 1 + sizes[Int((header >> 5) & 3)]
            } else if header & 0x40 != 0 {
                let count = Int(bytes[offset + 5])
                var size = 0
                for field in 0..<count { size += Int(bytes[offset + 6 + 3 * field + 1]) }
                var length = 6 + 3 * count
                if header & 0x20 != 0 {
                    let developerCount = Int(bytes[offset + length])
                    for field in 0..<developerCount { size += Int(bytes[offset + length + 1 + 3 * field + 1]) }
                    length += 1 + 3 * developerCount
                }
                sizes[Int(header & 0x0F)] = size
                offset += length
            } else {
                offset += 1 + sizes[Int(header & 0x0F)]
            }
        }
        return boundaries
    }
}

/// CRC-16 of the FIT protocol computed bit by bit (polynomial 0xA001 reflected, initial 0), to build test
/// files without the reader's table.
func referenceFITCRC(_ bytes: some Sequence<UInt8>) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
        crc ^= UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
    }
    return crc
}

/// Builds small FIT files message by message.
struct FITTestFile {
    var data: [UInt8] = []

    /// A file of records at `base` + each of `recordSeconds` (FIT seconds, a position each), then timer
    /// events (`event` 21, event 0 = timer) at `base` + their second, of their type (0 start, 4 stop_all), all
    /// after the records; `lapAfterSecond` writes a lap with no time of its own (only `total_distance`) after
    /// the record of that second.
    static func recordsThenTimerEvents(base: UInt32, recordSeconds: [Int], events: [(second: UInt32, type: UInt8)],
                                       lapAfterSecond: Int? = nil) -> FITTestFile {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        file.define(local: 2, global: 19, fields: [(9, 4, 0x86)])
        for second in recordSeconds {
            file.message(local: 0, le32(base + UInt32(second)) + le32(0x2000_0000) + le32(0x1000_0000))
            if second == lapAfterSecond { file.message(local: 2, le32(50_000)) }
        }
        file.define(local: 1, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
        for event in events { file.message(local: 1, le32(base + event.second) + [0, event.type]) }
        return file
    }

    /// A definition message. `fields`: (number, size, base type byte); `developer`: (number, size, index).
    mutating func define(local: UInt8, global: UInt16, bigEndian: Bool = false,
                         fields: [(UInt8, UInt8, UInt8)], developer: [(UInt8, UInt8, UInt8)]? = nil) {
        data.append(0x40 | (developer == nil ? 0 : 0x20) | local)
        data.append(0)
        data.append(bigEndian ? 1 : 0)
        data += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        data.append(UInt8(fields.count))
        for (number, size, base) in fields { data += [number, size, base] }
        if let developer {
            data.append(UInt8(developer.count))
            for (number, size, index) in developer { data += [number, size, index] }
        }
    }

    /// A data message with a normal header.
    mutating func message(local: UInt8, _ payload: [UInt8]) {
        data.append(local & 0x0F)
        data += payload
    }

    /// A data message with a compressed-timestamp header.
    mutating func compressed(local: UInt8, offset: UInt8, _ payload: [UInt8]) {
        data.append(0x80 | (local & 0x03) << 5 | (offset & 0x1F))
        data += payload
    }

    /// The whole file: a 14-byte header (with its CRC unless `headerCRC` is false), the data, the file CRC.
    func bytes(headerCRC: Bool = true, twelveByteHeader: Bool = false) -> [UInt8] {
        let size = data.count
        var header: [UInt8] = [twelveByteHeader ? 12 : 14, 0x20, 0x5C, 0x08,
                               UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24),
                               0x2E, 0x46, 0x49, 0x54]
        if !twelveByteHeader {
            let crc = headerCRC ? referenceFITCRC(header) : 0
            header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        }
        let body = header + data
        let crc = referenceFITCRC(body)
        return body + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    static func le32(_ value: UInt32) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)] }
    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
}
