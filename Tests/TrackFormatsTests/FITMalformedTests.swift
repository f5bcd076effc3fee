import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// Damaged and adversarial FIT input: each gives a report with damage (the samples before it kept) or a
/// `TrackFormatError` naming a byte offset; never a crash.
@Suite struct FITMalformedTests {
    static let realFile = "run-polar-treadmill-12km.fit"

    /// A record definition (local 0) with timestamp, position, heart rate; then one record.
    static func recordFile(time: UInt32 = 1_000_000_000) -> FITTestFile {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (3, 1, 0x02)])
        file.message(local: 0, FITTestFile.le32(time) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000) + [150])
        return file
    }

    func expectDamageOrError(_ bytes: [UInt8], _ label: String, full: [Sample]? = nil) {
        do {
            let (report, sink) = try FITTestReading.read(bytes)
            #expect(report.damage != nil, "\(label): no damage reported")
            if let full { #expect(Array(full.prefix(sink.samples.count)) == sink.samples, "\(label): not a prefix") }
        } catch let error as TrackFormatError {
            #expect(error.position.byteOffset != nil, "\(label): \(error)")
            #expect(error.description.contains("test.fit:byte "), "\(label): \(error)")
        } catch {
            Issue.record("\(label): unexpected \(error)")
        }
    }

    @Test("truncation at every message boundary keeps the samples before it")
    func truncationAtEveryBoundary() throws {
        let bytes = try #require(FITTestReading.bytes(Self.realFile))
        let fullRecords = try FITTestReading.read(bytes).sink.samples.filter { if case .event = $0 { false } else { true } }
        let boundaries = FITTestReading.messageBoundaries(bytes)
        #expect(boundaries.count > 3000)
        var damaged = 0
        for cut in boundaries + [bytes.count - 2, bytes.count - 1] {
            let prefix = Array(bytes[0..<cut])
            do {
                let (report, sink) = try FITTestReading.read(prefix)
                let damage = try #require(report.damage, "cut at \(cut)")
                #expect(damage.byteOffset == cut || cut >= bytes.count - 2, "cut at \(cut): \(damage)")
                // Records keep their order; the device's events ahead of them are released at the damage.
                let records = sink.samples.filter { if case .event = $0 { false } else { true } }
                #expect(Array(fullRecords.prefix(records.count)) == records)
                damaged += 1
            } catch let error as TrackFormatError {
                // Nothing readable before the cut.
                #expect(error.position.byteOffset != nil)
            }
            // Strict: always an error naming a byte offset.
            #expect(throws: TrackFormatError.self) { try FITTestReading.read(prefix, strict: true) }
        }
        #expect(damaged > boundaries.count - 20)
    }

    @Test("a bad file CRC: the samples are kept and the damage names the CRC's offset; strict is an error")
    func badFileCRC() throws {
        var bytes = try #require(FITTestReading.bytes(Self.realFile))
        let full = try FITTestReading.read(bytes).sink.samples
        bytes[bytes.count - 1] ^= 0x55
        let (report, sink) = try FITTestReading.read(bytes)
        #expect(report.damage?.byteOffset == bytes.count - 2)
        #expect(report.damage?.reason.contains("file CRC mismatch") == true)
        #expect(sink.samples == full)
        #expect {
            try FITTestReading.read(bytes, strict: true)
        } throws: { error in
            (error as? TrackFormatError)?.description.hasPrefix("test.fit:byte \(bytes.count - 2): file CRC mismatch") == true
        }
    }

    /// The file's CRC covers every data byte however the input is cut: a byte of a record's heart rate or a
    /// definition's field size changed in the middle of a real file is a CRC mismatch at the file's end, read
    /// whole or in chunks that end anywhere in a message (the CRC is taken over runs of messages and over
    /// messages carried from one chunk to the next). Untouched, the same cuts read without damage.
    @Test("a data byte changed anywhere is a file CRC mismatch, whatever the chunks", arguments: [1, 7, 64, 4096, 1 << 16])
    func changedDataByteIsACRCMismatchInAnyChunks(_ chunkSize: Int) throws {
        let original = try #require(FITTestReading.bytes(Self.realFile))
        #expect(try FITTestReading.read(original, chunkSize: chunkSize).report.damage == nil)
        let boundaries = FITTestReading.messageBoundaries(original)
        for boundary in [boundaries[boundaries.count / 3], boundaries[boundaries.count / 2], boundaries[boundaries.count - 5]] {
            var bytes = original
            // The last byte of the message that ends at `boundary`: a field's value (or a definition's last
            // base type), which leaves the file's structure as it was.
            bytes[boundary - 1] ^= 0x01
            let report = try FITTestReading.read(bytes, chunkSize: chunkSize).report
            #expect(report.damage?.reason.contains("file CRC mismatch") == true, "byte \(boundary - 1), chunks of \(chunkSize): \(String(describing: report.damage))")
        }
    }

    @Test("a bad header CRC is an error at byte 12; a zero header CRC means none")
    func badHeaderCRC() throws {
        var bytes = Self.recordFile().bytes()
        bytes[12] ^= 0xFF
        #expect {
            try FITTestReading.read(bytes)
        } throws: { error in
            (error as? TrackFormatError)?.description.contains("byte 12: header CRC mismatch") == true
        }
        let noCRC = Self.recordFile().bytes(headerCRC: false)
        #expect(try FITTestReading.read(noCRC).sink.locations.count == 1)
        let twelve = Self.recordFile().bytes(twelveByteHeader: true)
        #expect(try FITTestReading.read(twelve).sink.locations.count == 1)
    }

    @Test("a definition with 255 fields reads")
    func twoHundredFiftyFiveFields() throws {
        var file = FITTestFile()
        var fields: [(UInt8, UInt8, UInt8)] = [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)]
        for number in 0..<252 { fields.append((UInt8(100 + number % 100), 1, 0x02)) }
        #expect(fields.count == 255)
        file.define(local: 3, global: 20, fields: fields)
        file.message(local: 3, FITTestFile.le32(1_000_000_000) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000)
                     + [UInt8](repeating: 7, count: 252))
        let (report, sink) = try FITTestReading.read(file.bytes())
        #expect(report.damage == nil)
        let fix = try #require(sink.locations.first)
        #expect(abs(fix.latitude - 45) < 1e-9)
        #expect(abs(fix.longitude - 22.5) < 1e-9)
        let expectedTime: Double = 1_631_065_600
        #expect(fix.time == expectedTime)
    }

    @Test("a field of size 0 is absent; a size that is not a multiple of the base type's is skipped as bytes")
    func oddFieldSizes() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (3, 0, 0x02), (7, 3, 0x84), (0, 4, 0x85), (1, 4, 0x85)])
        file.message(local: 0, FITTestFile.le32(1_000_000_000) + [1, 2, 3] + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0))
        let (report, sink) = try FITTestReading.read(file.bytes())
        #expect(report.damage == nil)
        #expect(sink.heartRates.isEmpty)
        #expect(sink.powers.isEmpty)
        #expect(sink.locations.count == 1)
    }

    @Test("a data message for an undefined local type is damage after records, an error before")
    func undefinedLocalType() throws {
        var file = Self.recordFile()
        file.message(local: 5, [1, 2, 3])
        let (report, sink) = try FITTestReading.read(file.bytes())
        #expect(sink.locations.count == 1)
        #expect(report.damage?.reason.contains("local message type 5") == true)
        var empty = FITTestFile()
        empty.message(local: 2, [0])
        #expect(throws: TrackFormatError.self) { try FITTestReading.read(empty.bytes()) }
    }

    @Test("compressed timestamps roll over against the last full one; before any, the sample is untimed")
    func compressedTimestamps() throws {
        var file = FITTestFile()
        file.define(local: 1, global: 20, fields: [(3, 1, 0x02)])
        file.compressed(local: 1, offset: 3, [100])
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
        file.message(local: 0, FITTestFile.le32(1000) + [110])   // 1000 = 31 × 32 + 8
        file.compressed(local: 1, offset: 12, [120])             // 992 + 12 = 1004
        file.compressed(local: 1, offset: 5, [130])              // 5 < 12: rolls over, 992 + 32 + 5 = 1029
        let (report, sink) = try FITTestReading.read(file.bytes())
        let times = sink.samples.map(\.time)
        let epoch = 631_065_600.0
        let expected: [Double?] = [nil, 1000 + epoch, 1004 + epoch, 1029 + epoch]
        #expect(times == expected)
        #expect(report.skippedFields["timestamp"]?.count == 1)
    }

    @Test("developer fields are skipped by their size, described or not")
    func developerFields() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)], developer: [(0, 5, 0), (1, 2, 3)])
        file.message(local: 0, FITTestFile.le32(1_000_000_000) + [140] + [1, 2, 3, 4, 5] + [9, 9])
        file.message(local: 0, FITTestFile.le32(1_000_000_001) + [141] + [0, 0, 0, 0, 0] + [0, 0])
        let (report, sink) = try FITTestReading.read(file.bytes())
        #expect(report.damage == nil)
        #expect(sink.heartRates == [140, 141])
    }

    @Test("big-endian definitions read the same values")
    func bigEndian() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, bigEndian: true, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (2, 2, 0x84), (7, 2, 0x84)])
        let be32: (UInt32) -> [UInt8] = { [UInt8($0 >> 24), UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
        // altitude 2600 → 2600 / 5 - 500 = 20 m; power 250 W.
        file.message(local: 0, be32(1_000_000_000) + be32(0x2000_0000) + be32(0xF000_0000) + [0x0A, 0x28] + [0x00, 0xFA])
        let (_, sink) = try FITTestReading.read(file.bytes())
        let fix = try #require(sink.locations.first)
        #expect(abs(fix.latitude - 45) < 1e-9)
        #expect(abs(fix.longitude - (-22.5)) < 1e-9)
        #expect(fix.altitudeMeters == 20)
        #expect(sink.powers == [250])
    }

    @Test("invalid values are absent")
    func invalidValues() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (3, 1, 0x02), (7, 2, 0x84), (13, 1, 0x01), (5, 4, 0x86)])
        file.message(local: 0, FITTestFile.le32(1_000_000_000) + FITTestFile.le32(0x7FFF_FFFF) + FITTestFile.le32(0x7FFF_FFFF)
                     + [0xFF] + [0xFF, 0xFF] + [0x7F] + FITTestFile.le32(0xFFFF_FFFF))
        let (_, sink) = try FITTestReading.read(file.bytes())
        // No value, so no sample: the record holds nothing but its time, which starts the workout.
        #expect(sink.samples == [.event(WorkoutEventSample(time: 1_000_000_000 + 631_065_600, kind: .resume))])
    }

    @Test("chained files: each after the first starts a segment; a garbage second header is damage")
    func chainedFiles() throws {
        let one = Self.recordFile(time: 1_000_000_000).bytes()
        let two = Self.recordFile(time: 1_000_000_100).bytes()
        let (report, sink) = try FITTestReading.read(one + two)
        #expect(report.damage == nil)
        #expect(sink.locations.count == 2)
        #expect(sink.events(.segmentStart).count == 1)
        var garbage = two
        garbage[9] = 0x00
        let damaged = try FITTestReading.read(one + garbage)
        #expect(damaged.sink.locations.count == 1)
        #expect(damaged.report.damage?.byteOffset == one.count + 8)
        let junk = try FITTestReading.read(one + [0x03, 0x01, 0x02])
        #expect(junk.report.damage?.byteOffset == one.count)
        #expect(throws: TrackFormatError.self) { try FITTestReading.read(one + garbage, strict: true) }
    }

    @Test("not FIT at all, or empty: an error at a byte offset")
    func notFIT() {
        #expect(throws: TrackFormatError.self) { try FITTestReading.read([]) }
        #expect(throws: TrackFormatError.self) { try FITTestReading.read(Array("<gpx></gpx> and more text".utf8)) }
        #expect(throws: TrackFormatError.self) { try FITTestReading.read([14, 0, 0, 0, 255, 255, 255, 255, 0x2E, 0x46, 0x49, 0x54, 0, 0]) }
    }

    @Test("a message longer than the data size left is damage, not an over-read")
    func messagePastDataSize() throws {
        var file = Self.recordFile()
        file.define(local: 1, global: 20, fields: [(3, 200, 0x0D)])
        var bytes = file.bytes()
        // Declare fewer data bytes than there are: the definition now runs past the end.
        let declared = file.data.count - 5
        bytes[4] = UInt8(declared & 0xFF)
        bytes[5] = UInt8(declared >> 8)
        bytes[12] = 0; bytes[13] = 0
        expectDamageOrError(bytes, "definition past data size")
    }

    @Test("random corruption of a real file never crashes")
    func randomCorruption() throws {
        let original = try #require(FITTestReading.bytes(Self.realFile))
        var generator = SplitMix64(seed: 15)
        for round in 0..<60 {
            var bytes = original
            for _ in 0..<(1 + round % 8) {
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? FITTestReading.read(bytes, chunkSize: 1 + round * 97)
        }
    }
}

