import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

struct JournalFormatTests {
    @Test func crc32cCheckValue() {
        // RFC 3720 (iSCSI) / the CRC catalogue: CRC-32C of the ASCII digits 1-9.
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8]()) == 0)
        // RFC 3720 B.4: 32 bytes of zeros, and of 0xFF.
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
    }

    @Test func crc32cIncrementalMatchesOneShot() {
        var rng = SplitMix64(seed: 7)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let split = length / 3
            var crc = CRC32C()
            crc.update(bytes[..<split])
            crc.update(bytes[split...])
            #expect(crc.value == CRC32C.checksum(bytes))
            // Against a plain bit-at-a-time reference.
            var reference: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                reference ^= UInt32(byte)
                for _ in 0..<8 { reference = reference & 1 != 0 ? (reference >> 1) ^ 0x82F6_3B78 : reference >> 1 }
            }
            #expect(crc.value == ~reference)
        }
    }

    /// A value from a mix of ordinary numbers, signed zeros, subnormals, extremes and NaNs with payloads.
    /// Infinities are included too: the format stores any bit pattern; they are simply not expected in input.
    static func randomDouble(_ rng: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<11, using: &rng) {
        case 0: return 0.0
        case 1: return -0.0
        case 2: return Double(bitPattern: rng.next())  // any bit pattern, NaN payloads included
        case 3: return .leastNonzeroMagnitude
        case 4: return -.greatestFiniteMagnitude
        case 5: return Bool.random(using: &rng) ? .infinity : -.infinity
        default: return Double.random(in: -1e7...1e7, using: &rng)
        }
    }

    static func optional(_ rng: inout SplitMix64) -> Double? {
        Bool.random(using: &rng) ? randomDouble(&rng) : nil
    }

    static func randomRecord(_ rng: inout SplitMix64) -> JournalRecord {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            return .sample(.location(LocationSample(
                time: optional(&rng), latitude: randomDouble(&rng), longitude: randomDouble(&rng),
                altitudeMeters: optional(&rng), horizontalAccuracyMeters: optional(&rng), verticalAccuracyMeters: optional(&rng),
                speedMetersPerSecond: optional(&rng), courseDegrees: optional(&rng), hasFix: Bool.random(using: &rng))))
        case 1: return .sample(.heartRate(HeartRateSample(time: optional(&rng), beatsPerMinute: randomDouble(&rng))))
        case 2: return .sample(.activeEnergy(ActiveEnergySample(time: optional(&rng), kilocalories: randomDouble(&rng))))
        case 3: return .sample(.cadence(CadenceSample(time: optional(&rng), perMinute: randomDouble(&rng))))
        case 4: return .sample(.power(PowerSample(time: optional(&rng), watts: randomDouble(&rng))))
        case 5: return .sample(.weather(WeatherSample(time: optional(&rng), temperatureCelsius: optional(&rng), humidityPercent: optional(&rng))))
        case 6:
            let kind = WorkoutEventSample.Kind.allCases.randomElement(using: &rng) ?? .lap
            // A lap's trigger and start, each present or not.
            let trigger = Bool.random(using: &rng) ? LapTrigger.allCases.randomElement(using: &rng) : nil
            return .sample(.event(WorkoutEventSample(time: optional(&rng), kind: kind, lapTrigger: trigger, lapStartTime: optional(&rng))))
        case 7: return .activity(ActivityType.allCases.randomElement(using: &rng) ?? .running)
        case 8:
            return .sample(.distance(DistanceSample(time: optional(&rng), cumulativeMeters: randomDouble(&rng), altitudeMeters: optional(&rng),
                                                    speedMetersPerSecond: optional(&rng))))
        default:
            return .event(SessionEventKind.allCases.randomElement(using: &rng) ?? .lap, time: randomDouble(&rng))
        }
    }

    static func header(_ seed: UInt64 = 1) -> JournalHeader {
        JournalHeader(sessionID: UUID(), options: WorkoutOptions(activity: .cycling, activityIsExplicit: true, filterMode: .none), startTime: 1_700_000_000.25)
    }

    @Test func everyRecordTypeRoundTripsExactly() throws {
        var rng = SplitMix64(seed: 42)
        let records = (0..<5000).map { _ in Self.randomRecord(&rng) }
        var bytes = Self.header().encoded()
        for record in records { record.encode(into: &bytes) }
        let (scan, decoded) = try JournalReader.records(in: bytes)
        #expect(scan.damage == nil)
        #expect(scan.droppedTailBytes == 0)
        #expect(scan.recordCount == records.count)
        try #require(decoded.count == records.count)
        for (original, back) in zip(records, decoded) {
            // Compare encodings, so NaN payloads and -0.0 are checked bit for bit.
            #expect(original.encoded() == back.encoded())
        }
        // Every case of every enum appears.
        let types = Set(decoded.map { record -> String in
            switch record {
            case .sample(let sample): "\(sample)".prefix { $0 != "(" }.description
            case .event(let kind, _): "event.\(kind)"
            case .activity: "activity"
            case .deviceTimer: "deviceTimer"
            }
        })
        #expect(types.count == 8 + 1 + SessionEventKind.allCases.count)
    }

    @Test func signedZeroAndNaNPayloadSurvive() throws {
        let nan = Double(bitPattern: 0x7FF8_0000_DEAD_BEEF)
        let fix = LocationSample(time: -0.0, latitude: -0.0, longitude: 0.0, altitudeMeters: nan)
        let (_, decoded) = try JournalReader.records(in: Self.header().encoded() + JournalRecord.sample(.location(fix)).encoded())
        guard case .sample(.location(let back))? = decoded.first else {
            Issue.record("no location decoded")
            return
        }
        #expect(back.time?.bitPattern == (-0.0).bitPattern)
        #expect(back.latitude.sign == .minus)
        #expect(back.altitudeMeters?.bitPattern == nan.bitPattern)
    }

    @Test func headerRoundTripsAndRejectsDamage() throws {
        let header = Self.header()
        let bytes = header.encoded()
        #expect(bytes.count == JournalHeader.encodedLength)
        let back = try bytes.withUnsafeBytes { try JournalHeader.decode($0) }
        #expect(back == header)

        var badMagic = bytes
        badMagic[1] ^= 0xFF
        #expect(throws: JournalHeader.DecodingError.self) { try badMagic.withUnsafeBytes { try JournalHeader.decode($0) } }

        var future = bytes
        future[8] = 3
        #expect(throws: JournalHeader.DecodingError.unknownFormatVersion(3)) { try future.withUnsafeBytes { try JournalHeader.decode($0) } }

        var flipped = bytes
        flipped[40] ^= 0x01
        #expect(throws: JournalHeader.DecodingError.self) { try flipped.withUnsafeBytes { try JournalHeader.decode($0) } }

        let short = Array(bytes.prefix(30))
        #expect(throws: JournalHeader.DecodingError.self) { try short.withUnsafeBytes { try JournalHeader.decode($0) } }
    }

    @Test func scanStopsAtEachKindOfDamage() throws {
        let header = Self.header().encoded()
        let good = JournalRecord.sample(.heartRate(HeartRateSample(time: 1, beatsPerMinute: 140))).encoded()
        func scan(_ tail: [UInt8]) throws -> JournalScan {
            try JournalReader.records(in: header + good + tail).scan
        }
        let torn = try scan(Array(good.prefix(7)))
        #expect(torn.damage == .truncatedRecord && torn.recordCount == 1 && torn.droppedTailBytes == 7)

        var badCRC = good
        badCRC[badCRC.count - 1] ^= 0x80
        #expect(try scan(badCRC).damage == .checksumMismatch)

        var unknown: [UInt8] = [1, 0, 0, 0, 0x7E, 0]
        unknown += withUnsafeBytes(of: CRC32C.checksum([0x7E, 0]).littleEndian) { Array($0) }
        #expect(try scan(unknown).damage == .unknownRecordType)

        let absurd: [UInt8] = [0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3, 4, 5, 6]
        #expect(try scan(absurd).damage == .absurdLength)

        // A known type with a length its flags do not imply, with a valid checksum.
        let body: [UInt8] = [0x02, 0, 0]
        let malformed: [UInt8] = [2, 0, 0, 0] + body + withUnsafeBytes(of: CRC32C.checksum(body).littleEndian) { Array($0) }
        #expect(try scan(malformed).damage == .malformedPayload)

        let clean = try scan([])
        #expect(clean.damage == nil && clean.droppedTailBytes == 0 && clean.validLength == header.count + good.count)
    }
}
