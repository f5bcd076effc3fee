import Foundation
import TestSupport
@testable import TrackFormats
import WorkoutSamples

extension RecordingSink {
    var powers: [PowerSample] {
        samples.compactMap { if case .power(let value) = $0 { value } else { nil } }
    }
    var distances: [DistanceSample] {
        samples.compactMap { if case .distance(let value) = $0 { value } else { nil } }
    }
    var laps: [WorkoutEventSample] {
        samples.compactMap { if case .event(let event) = $0, event.kind == .lap { event } else { nil } }
    }
}

/// Reads TCX through `TCXReader` from files and from inline text.
enum TCXTestReading {
    static func read(_ url: URL, chunkSize: Int? = nil, options: TrackReadOptions = TrackReadOptions()) throws -> (report: TrackReadReport, sink: RecordingSink) {
        let input = try TrackInput(path: url.path)
        var sniffing = FormatSniffingInput(input)
        var sink = RecordingSink()
        let reader = chunkSize.map { TCXReader(chunkSize: $0, options: options) } ?? TCXReader(options: options)
        let report = try reader.read(&sniffing, into: &sink)
        return (report, sink)
    }

    static func read(_ text: String, chunkSize: Int? = nil, options: TrackReadOptions = TrackReadOptions()) throws -> (report: TrackReadReport, sink: RecordingSink) {
        let url = try write(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        return try read(url, chunkSize: chunkSize, options: options)
    }

    /// Reads `text` and returns the `TrackFormatError` it throws, or `nil` if it throws none.
    static func formatError(_ text: String, options: TrackReadOptions = TrackReadOptions()) -> TrackFormatError? {
        do {
            _ = try read(text, options: options)
            return nil
        } catch let error as TrackFormatError {
            return error
        } catch {
            return nil
        }
    }

    /// Writes `bytes` to `name` in a fresh temporary directory.
    static func write(_ bytes: [UInt8], name: String = "track.tcx") throws -> URL {
        let url = try TestPaths.temporaryDirectory("tcx").appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }
}

/// A TCX v2 document around `body` (placed inside `<Activities>`).
func tcx(_ body: String, extraNamespaces: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"\(extraNamespaces)>
    <Activities>
    \(body)
    </Activities>
    </TrainingCenterDatabase>
    """
}

/// The figures `scripts/tcx-reference.py` (Python's xml.etree) wrote into
/// `Tests/TrackFormatsTests/References/tcx-reference.json`.
struct TCXReference: Decodable {
    struct Counts: Decodable {
        var trackpoints, withPosition, heartRate, cadence, distance, speed, watts, runCadence, tracks, segments: Int
    }
    struct Lap: Decodable {
        var startTime: Double?
        var totalTimeSeconds: Double?
        var distanceMeters: Double?
        var calories: Double?
        var averageHeartRate: Double?
        var maximumHeartRate: Double?
        var triggerMethod: String?
        var trackpoints: Int
        var lastTrackpointTime: Double?
    }
    var counts: Counts
    var firstTime: Double?
    var lastTime: Double?
    var sport: String?
    var creator: String?
    var laps: [Lap]

    static func all() throws -> [String: TCXReference] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("References/tcx-reference.json")
        return try JSONDecoder().decode([String: TCXReference].self, from: Data(contentsOf: url))
    }
}
