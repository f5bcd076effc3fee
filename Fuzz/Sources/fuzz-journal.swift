import Foundation
import Logging
import WorkoutEngine

/// libFuzzer entry point: session journals. Each input is scanned as it is (`JournalReader.scan`), then
/// recovered (`SessionRecovery.recover`, over an in-memory directory) twice: as it is, and with every
/// checksum recomputed, so mutations reach the record decoders and the builder replay instead of
/// stopping at the first checksum.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = UnsafeRawBufferPointer(start: data, count: size)
    if let scan = try? JournalReader.scan(raw) {
        precondition(scan.validLength + scan.droppedTailBytes == size)
        // The header's own length: 160 bytes, or 76 for a version 1 journal (the committed seeds are version 1).
        precondition(scan.validLength >= scan.header.encodedLength && scan.validLength <= size)
    }
    recover(Array(raw))
    recover(withRepairedChecksums(Array(raw)))
    return 0
}

/// Writes seed journals (built from the tracks given, or synthetic samples) when
/// `FUZZ_WRITE_JOURNAL_SEEDS=<dir>` is set, then exits. Fuzz/build.sh's seed step uses it.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["FUZZ_WRITE_JOURNAL_SEEDS"] else { return 0 }
    let tracks = (ProcessInfo.processInfo.environment["FUZZ_SEED_TRACKS"] ?? "").split(separator: ":").map(String.init)
    writeJournalSeeds(to: directory, tracks: tracks)
    exit(0)
}

private let logger = Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() })

private func recover(_ journal: [UInt8]) {
    let fileSystem = MemoryFileSystem()
    fileSystem.files["/fuzz/00000000-0000-0000-0000-000000000001.wejournal"] = journal
    guard let outcomes = try? SessionRecovery.recover(
        directory: "/fuzz", now: 2e9, maxAge: .infinity, includeSamples: true, fileSystem: fileSystem, logger: logger) else { return }
    for case .recovered(let session) in outcomes {
        precondition(session.validJournalLength + session.droppedTailBytes == journal.count)
        if let summary = session.summary {
            let json = summary.jsonText()
            do { _ = try JSONSerialization.jsonObject(with: Data(json.utf8)) } catch {
                fatalError("recovered summary is not valid JSON: \(error)\n\(json)")
            }
        }
    }
}

/// The journal with its header checksum and every record checksum recomputed (records walked by their
/// length fields; a length past the end stops the walk).
private func withRepairedChecksums(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let headerLength = JournalHeader.encodedLength
    guard bytes.count >= headerLength else { return bytes }
    func store(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { source in
            for index in 0..<4 { bytes[offset + index] = source[index] }
        }
    }
    store(CRC32C.checksum(bytes[..<(headerLength - 4)]), at: headerLength - 4)
    var offset = headerLength
    while bytes.count - offset >= JournalFormat.recordOverhead {
        let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        let end = offset + JournalFormat.recordOverhead + length
        guard length <= JournalFormat.maximumPayloadLength, end <= bytes.count else { break }
        store(CRC32C.checksum(bytes[(offset + 4)..<(end - 4)]), at: end - 4)
        offset = end
    }
    return bytes
}

/// Collects what a track reader finds.
private struct Collector: TrackSampleSink {
    var samples: [Sample] = []
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}

private func writeJournalSeeds(to directory: String, tracks: [String]) {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var seedNumber = 0
    func write(_ header: JournalHeader, _ records: [JournalRecord]) {
        var bytes = header.encoded()
        for record in records { record.encode(into: &bytes) }
        seedNumber += 1
        FileManager.default.createFile(atPath: "\(directory)/journal-\(seedNumber).wejournal", contents: Data(bytes))
    }
    let start = 1_700_000_000.0
    for (index, track) in tracks.enumerated() {
        guard let input = try? TrackInput(path: track) else { continue }
        var collector = Collector()
        _ = try? TrackReader.read(input, into: &collector)
        // Keep seeds small: the first 60 samples, with a pause, a resume and a lap among them.
        var records: [JournalRecord] = [.event(.start, time: collector.samples.first?.time ?? start), .activity(.cycling)]
        for (position, sample) in collector.samples.prefix(60).enumerated() {
            records.append(.sample(sample))
            if position == 20, let time = sample.time { records.append(.event(.pause, time: time)) }
            if position == 30, let time = sample.time { records.append(.event(.resume, time: time)); records.append(.event(.lap, time: time)) }
        }
        let options = WorkoutOptions(activity: ActivityType.allCases[index % ActivityType.allCases.count], filterMode: index % 2 == 0 ? .default : .none)
        write(JournalHeader(sessionID: UUID(), options: options, startTime: collector.samples.first?.time ?? start), records)
    }
    // Synthetic: every sample kind, and an ended session.
    var records: [JournalRecord] = [.event(.start, time: start)]
    for second in 0..<20 {
        let time = start + Double(second)
        records.append(.sample(.location(LocationSample(
            time: time, latitude: 47.0 + Double(second) * 1e-4, longitude: 8.0, altitudeMeters: 400 + Double(second),
            horizontalAccuracyMeters: 5, verticalAccuracyMeters: 3, speedMetersPerSecond: 3, courseDegrees: 10))))
        records.append(.sample(.heartRate(HeartRateSample(time: time, beatsPerMinute: 140))))
        records.append(.sample(.cadence(CadenceSample(time: time, perMinute: 85))))
        records.append(.sample(.power(PowerSample(time: time, watts: 220))))
        records.append(.sample(.activeEnergy(ActiveEnergySample(time: time, kilocalories: 0.2))))
    }
    records.append(.sample(.weather(WeatherSample(time: start, temperatureCelsius: 20, humidityPercent: 50))))
    records.append(.sample(.event(WorkoutEventSample(time: start + 5, kind: .lap))))
    records.append(.event(.end, time: start + 20))
    write(JournalHeader(sessionID: UUID(), options: WorkoutOptions(activity: .cycling), startTime: start), records)
}
