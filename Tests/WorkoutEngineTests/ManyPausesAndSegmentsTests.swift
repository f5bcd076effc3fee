import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// Work that must stay linear in the number of pauses and of segments (issue 13, item 7): a replay of
/// 100 000 pause/resume pairs and the exports of 200 000 one-point segments finish under a hang guard,
/// with the counts hand arithmetic gives.
struct ManyPausesAndSegmentsTests {
    static let hangGuardSeconds = 240.0
    static let start = 1_714_546_800

    /// Writes NDJSON lines to a fresh temporary file.
    static func ndjson(_ name: String, lines: (inout [String]) -> Void) throws -> String {
        var all = [#"{"type":"header","activity":"running"}"#]
        lines(&all)
        let url = try TestPaths.temporaryDirectory("many").appendingPathComponent(name)
        try Data((all.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url.path
    }

    static func location(_ index: Int, time: Int) -> String {
        String(format: #"{"type":"location","time":%d,"latitude":%.6f,"longitude":8.54,"altitude":400}"#, time, 47.37 + Double(index) * 0.00003)
    }

    struct Counting: ReplayOutput {
        var frames = 0
        var changes = 0
        mutating func replay(_ event: ReplayEvent) throws {
            if case .frame = event { frames += 1 } else { changes += 1 }
        }
    }

    /// A fix every 3 s, each followed by a pause 1 s later and a resume 2 s later: 100 000 pairs. At 1 frame
    /// per second of running time a triple runs 2 s (fix to pause, resume to the next fix) and so gives 2
    /// frames; the state changes are the start, every pause and resume, and the end.
    @Test func aReplayOfAHundredThousandPausesIsLinear() throws {
        let pairs = 100_000
        let path = try Self.ndjson("pauses.ndjson") { lines in
            for index in 0..<pairs {
                let t = Self.start + index * 3
                lines.append(Self.location(index, time: t))
                lines.append(#"{"type":"event","time":\#(t + 1),"event":"pause"}"#)
                lines.append(#"{"type":"event","time":\#(t + 2),"event":"resume"}"#)
            }
        }
        let result = try #require(completing(within: Self.hangGuardSeconds) { () -> Counting in
            let configuration = TrackReplayConfiguration(options: WorkoutOptions(activity: .running), framesPerSecond: 1)
            return try TrackReplay<Counting, UnpacedReplay>.run(TrackInput(path: path), format: nil, configuration: configuration, output: Counting()).output
        }, "100 000 pauses did not replay within \(Self.hangGuardSeconds) s")
        let counted = try result.get()
        #expect(counted.changes == 1 + 2 * pairs + 1)
        #expect(abs(counted.frames - 2 * pairs) <= 2, "\(counted.frames) frames")
    }

    /// 200 000 segments of one fix each: the CSV export has a row per fix, numbered by segment.
    @Test func exportsOfTwoHundredThousandSegmentsAreLinear() throws {
        let segments = 200_000
        let path = try Self.ndjson("segments.ndjson") { lines in
            for index in 0..<segments {
                lines.append(#"{"type":"event","time":\#(Self.start + index),"event":"segment"}"#)
                lines.append(Self.location(index, time: Self.start + index))
            }
        }
        let result = try #require(completing(within: Self.hangGuardSeconds) { () -> (rows: [Substring], gpxSegments: Int) in
            var recorder = ExportRecorder(options: WorkoutOptions(activity: .running, filterMode: LocationFilterMode.none))
            _ = try TrackReader.read(TrackInput(path: path), into: &recorder)
            let track = recorder.track()
            let csv = track.writeCSV(to: "")
            let gpx = track.writeGPX(to: "")
            return (csv.split(whereSeparator: \.isNewline), gpx.components(separatedBy: "<trkseg>").count - 1)
        }, "200 000 segments were not exported within \(Self.hangGuardSeconds) s")
        let (rows, gpxSegments) = try result.get()
        #expect(rows.count == 1 + segments)
        #expect(rows.last?.split(separator: ",", omittingEmptySubsequences: false)[2] == "\(segments - 1)")
        #expect(gpxSegments == segments)
    }
}
