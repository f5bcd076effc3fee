import Foundation
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// A sink that records everything, in order.
struct RecordingSink: TrackSampleSink {
    enum Entry: Hashable {
        case activity(String)
        case sample(Sample)
    }

    var entries: [Entry] = []

    mutating func trackActivity(named name: String) throws { entries.append(.activity(name)) }
    mutating func consume(_ sample: Sample) throws { entries.append(.sample(sample)) }

    var samples: [Sample] {
        entries.compactMap { if case .sample(let sample) = $0 { sample } else { nil } }
    }
    var locations: [LocationSample] {
        samples.compactMap { if case .location(let location) = $0 { location } else { nil } }
    }
    var heartRates: [HeartRateSample] {
        samples.compactMap { if case .heartRate(let value) = $0 { value } else { nil } }
    }
    var cadences: [CadenceSample] {
        samples.compactMap { if case .cadence(let value) = $0 { value } else { nil } }
    }
    var weather: [WeatherSample] {
        samples.compactMap { if case .weather(let value) = $0 { value } else { nil } }
    }
    var segmentStarts: Int {
        samples.filter { $0 == .event(WorkoutEventSample(time: nil, kind: .segmentStart)) }.count
    }
    var activities: [String] {
        entries.compactMap { if case .activity(let name) = $0 { name } else { nil } }
    }
}

/// Reads GPX through `GPXReader` from files and from inline text.
enum GPXTestReading {
    static func read(_ url: URL, chunkSize: Int? = nil, options: TrackReadOptions = TrackReadOptions()) throws -> (report: TrackReadReport, sink: RecordingSink) {
        let input = try TrackInput(path: url.path)
        var sniffing = FormatSniffingInput(input)
        var sink = RecordingSink()
        let reader = chunkSize.map { GPXReader(chunkSize: $0, options: options) } ?? GPXReader(options: options)
        let report = try reader.read(&sniffing, into: &sink)
        return (report, sink)
    }

    static func read(bytes: [UInt8], chunkSize: Int? = nil, options: TrackReadOptions = TrackReadOptions()) throws -> (report: TrackReadReport, sink: RecordingSink) {
        let url = try write(bytes)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        return try read(url, chunkSize: chunkSize, options: options)
    }

    static func read(_ text: String, chunkSize: Int? = nil, options: TrackReadOptions = TrackReadOptions()) throws -> (report: TrackReadReport, sink: RecordingSink) {
        try read(bytes: Array(text.utf8), chunkSize: chunkSize, options: options)
    }

    /// Reads `text` and returns the `TrackFormatError` it throws, or `nil` if it throws none.
    static func formatError(_ text: String, options: TrackReadOptions = TrackReadOptions()) -> TrackFormatError? {
        formatError(bytes: Array(text.utf8), options: options)
    }

    static func formatError(bytes: [UInt8], options: TrackReadOptions = TrackReadOptions()) -> TrackFormatError? {
        do {
            _ = try read(bytes: bytes, options: options)
            return nil
        } catch let error as TrackFormatError {
            return error
        } catch {
            return nil
        }
    }

    /// Writes `bytes` to `track.gpx` in a fresh temporary directory.
    static func write(_ bytes: [UInt8]) throws -> URL {
        let url = try TestPaths.temporaryDirectory("gpx").appendingPathComponent("track.gpx")
        try Data(bytes).write(to: url)
        return url
    }
}

/// A GPX 1.1 document around `body` (placed inside `<gpx>`).
func gpx11(_ body: String, extraNamespaces: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"\(extraNamespaces)>
    \(body)
    </gpx>
    """
}
