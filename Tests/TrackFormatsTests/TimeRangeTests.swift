import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// Times no output can write (before year 1 or after year 9999) are refused by every reader, with the
/// field and its position (issue 13, item 13). The bounds are hand arithmetic: 0001-01-01T00:00:00Z is
/// 719 162 days before 1970-01-01 (1969 years of 365 days plus 477 leap days), -62 135 596 800 s.
struct TimeRangeTests {
    static func gpxPoint(time: String) -> String {
        gpx11("<trk><trkseg>\n<trkpt lat=\"47.1\" lon=\"8.5\"><time>\(time)</time></trkpt>\n</trkseg></trk>")
    }

    @Test func theBoundsAreYearOneAndYear9999() {
        #expect(ISO8601Time.acceptedSeconds.lowerBound == -Double(719_162 * 86_400))
        // 9999-12-31T23:59:59.999Z: 2 932 896 days after 1970-01-01, minus a millisecond.
        #expect(ISO8601Time.acceptedSeconds.upperBound == Double(2_932_897 * 86_400) - 0.001)
    }

    @Test(arguments: [
        ("0000-12-31T23:59:59Z", "\"0000-12-31T23:59:59Z\""),
        ("0001-01-01T00:30:00+01:00", "\"0001-01-01T00:30:00+01:00\""),
        ("9999-12-31T23:30:00-01:00", "\"9999-12-31T23:30:00-01:00\""),
    ])
    func gpxTimesOutsideTheWritableYearsAreErrors(time: String, quoted: String) throws {
        let error = try #require(GPXTestReading.formatError(Self.gpxPoint(time: time)))
        #expect(error.message == "time: \(quoted) is outside the years 0001 to 9999")
        #expect(error.position.line == 4)
    }

    @Test func gpxTimesAtTheBoundsAreRead() throws {
        let first = try GPXTestReading.read(Self.gpxPoint(time: "0001-01-01T00:00:00Z")).sink.locations
        #expect(first.map(\.time) == [-62_135_596_800])
        let last = try GPXTestReading.read(Self.gpxPoint(time: "9999-12-31T23:59:59Z")).sink.locations
        #expect(last.map(\.time) == [253_402_300_799])
    }

    @Test(arguments: [
        ("1e18", "1e+18"),
        ("-62135596801", "-62135596801"),
        ("253402300800", "253402300800"),
        ("1714546800000", "1714546800000"),
        ("\"0000-06-01T00:00:00Z\"", "\"0000-06-01T00:00:00Z\""),
    ])
    func jsonTimesOutsideTheWritableYearsAreErrors(time: String, shown: String) throws {
        let text = #"{"type":"header","activity":"running"}"# + "\n"
            + #"{"type":"location","time":\#(time),"latitude":47.1,"longitude":8.5}"# + "\n"
        let error = try #require(try JSONTestInput.error(text))
        #expect(error.message == "record 2: field \"time\": \(shown) is outside the years 0001 to 9999")
        #expect(error.position == SourcePosition(line: 2, column: 27))  // the value, after {"type":"location","time":
        // The same time on any record type, and in a JSON document.
        let heartRate = #"{"type":"heartRate","time":\#(time),"bpm":140}"# + "\n"
        #expect(try JSONTestInput.error(heartRate)?.message.contains("is outside the years 0001 to 9999") == true)
        let document = #"{"samples":[{"type":"location","time":\#(time),"latitude":47.1,"longitude":8.5}]}"#
        do {
            _ = try JSONTestInput.read(document, expected: .json)
            Issue.record("\(time): a JSON document with it was read")
        } catch let error as TrackFormatError {
            #expect(error.message.contains("field \"time\": \(shown) is outside the years 0001 to 9999"))
        }
    }

    @Test func jsonTimesAtTheBoundsAreRead() throws {
        let text = #"{"type":"location","time":-62135596800,"latitude":47.1,"longitude":8.5}"# + "\n"
            + #"{"type":"location","time":"9999-12-31T23:59:59.999Z","latitude":47.1,"longitude":8.5}"# + "\n"
        let (_, sink) = try JSONTestInput.read(text)
        #expect(sink.samples.map(\.time) == [-62_135_596_800, 253_402_300_799.999])
    }
}
