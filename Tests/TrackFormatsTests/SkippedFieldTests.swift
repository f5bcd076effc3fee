import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// Optional fields that do not parse are dropped from their samples and counted; the samples are kept
/// (issue 12). `strict` turns them into errors; required fields are errors either way.
struct SkippedFieldTests {
    @Test func gpxDropsUnparseableOptionalValuesAndKeepsThePoints() throws {
        let text = gpx11("""
            <trk><trkseg>
            <trkpt lat="47.1" lon="8.5"><ele>410</ele><time>2024-05-01T07:00:00Z</time><speed>n/a</speed></trkpt>
            <trkpt lat="47.1001" lon="8.5"><ele>abc</ele><time>2024-05-01T07:00:01Z</time><speed>2.5</speed><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>--</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
            <trkpt lat="47.1002" lon="8.5"><ele>411</ele><time>2024-05-01T07:00:02Z</time><speed>none</speed><course>1e999</course></trkpt>
            </trkseg></trk>
            """, extraNamespaces: #" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1""#)
        let (report, sink) = try GPXTestReading.read(text)
        #expect(sink.locations.count == 3)
        #expect(sink.locations.map(\.altitudeMeters) == [410, nil, 411])
        #expect(sink.locations.map(\.speedMetersPerSecond) == [nil, 2.5, nil])
        #expect(sink.locations[2].courseDegrees == nil)
        #expect(sink.samples.filter { if case .heartRate = $0 { true } else { false } }.isEmpty)
        #expect(sink.samples.filter { if case .cadence = $0 { true } else { false } }.count == 1)
        #expect(report.skippedFields.mapValues(\.count) == ["speed": 2, "ele": 1, "hr": 1, "course": 1])
        let speed = try #require(report.skippedFields["speed"])
        #expect(speed.firstPosition.line == 4)
        #expect(speed.firstValue == "n/a")
        #expect(report.skippedFields["ele"]?.firstPosition.line == 5)
        #expect(report.skippedFields["hr"]?.firstValue == "--")
    }

    /// An element whose prefix no `xmlns` declares (a converter's `<gpxdata:cadence>` in a Strava export
    /// from mapstogpx.com, 4,040 points, in sports-lib's test files) is optional data: dropped with its
    /// content and counted as `prefix:name`, the points kept. It refused the whole file before (exit 65,
    /// "Namespace prefix gpxdata on cadence is not defined"); `strict` still does, and an attribute's
    /// undeclared prefix stays an error.
    @Test func gpxDropsElementsWithAnUndeclaredPrefix() throws {
        let text = gpx11("""
            <trk><trkseg>
            <trkpt lat="47.1" lon="8.5"><time>2024-05-01T07:00:00Z</time><extensions><gpxdata:cadence>43</gpxdata:cadence><cadence>44</cadence></extensions></trkpt>
            <trkpt lat="47.1001" lon="8.5"><time>2024-05-01T07:00:01Z</time><extensions><gpxdata:cadence>45</gpxdata:cadence><gpxdata:hr>150</gpxdata:hr></extensions></trkpt>
            </trkseg></trk>
            """)
        let (report, sink) = try GPXTestReading.read(text)
        #expect(sink.locations.count == 2)
        #expect(sink.samples.compactMap { if case .cadence(let c) = $0 { c.perMinute } else { nil } } == [44])
        #expect(sink.samples.filter { if case .heartRate = $0 { true } else { false } }.isEmpty)
        #expect(report.skippedFields.mapValues(\.count) == ["gpxdata:cadence": 2, "gpxdata:hr": 1])
        #expect(report.skippedFields["gpxdata:cadence"]?.firstPosition.line == 4)
        let strict = try #require(GPXTestReading.formatError(text, options: TrackReadOptions(strict: true)))
        #expect(strict.message == "Namespace prefix gpxdata on cadence is not defined")
        #expect(strict.position.line == 4)
        let attribute = gpx11(#"<trk><trkseg><trkpt lat="1" lon="2" gpxdata:x="3"/></trkseg></trk>"#)
        #expect(GPXTestReading.formatError(attribute)?.message.contains("Namespace prefix gpxdata for x") == true)
    }

    /// Outside a point's extensions an undeclared prefix is no optional value: the root, a `trkpt`, a `trk`
    /// or an element of `metadata` still refuses the file, with libxml2's message.
    @Test func gpxRefusesAnUndeclaredPrefixOutsideExtensions() throws {
        let root = #"<?xml version="1.0"?><g:gpx version="1.1" creator="x"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></g:gpx>"#
        #expect(GPXTestReading.formatError(root)?.message == "Namespace prefix g on gpx is not defined")
        let point = gpx11(#"<trk><trkseg><g:trkpt lat="1" lon="2"/></trkseg></trk>"#)
        #expect(GPXTestReading.formatError(point)?.message == "Namespace prefix g on trkpt is not defined")
        let metadata = gpx11("<metadata><g:keywords>run</g:keywords></metadata><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>")
        #expect(GPXTestReading.formatError(metadata)?.message == "Namespace prefix g on keywords is not defined")
    }

    /// A file cut short after a dropped element is still an error: the namespace error libxml2 went on
    /// from hides nothing after it.
    @Test func aTruncatedFileAfterADroppedElementIsStillAnError() throws {
        let text = gpx11("""
            <trk><trkseg>
            <trkpt lat="47.1" lon="8.5"><extensions><gpxdata:cadence>43</gpxdata:cadence></extensions></trkpt>
            <trkpt lat="47.2" lon="8.5">
            """)
        let cut = String(text.prefix(upTo: try #require(text.range(of: "</gpx>")).lowerBound))
        let error = try #require(GPXTestReading.formatError(cut))
        #expect(!error.message.contains("Namespace"), "\(error.message)")
    }

    /// The same in TCX: an undeclared prefix on an extension element drops the element, not the file.
    @Test func tcxDropsElementsWithAnUndeclaredPrefix() throws {
        let text = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Lap StartTime="2020-01-01T00:00:00Z"><Track>
            <Trackpoint><Time>2020-01-01T00:00:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position><Extensions><ns3:TPX><ns3:Speed>3</ns3:Speed></ns3:TPX></Extensions></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
        let (report, sink) = try TCXTestReading.read(text)
        #expect(sink.locations.count == 1)
        #expect(sink.locations.first?.speedMetersPerSecond == nil)
        #expect(report.skippedFields.mapValues(\.count) == ["ns3:TPX": 1])
        let strict = try #require(TCXTestReading.formatError(text, options: TrackReadOptions(strict: true)))
        #expect(strict.message == "Namespace prefix ns3 on TPX is not defined")
        // Outside a trackpoint's extensions: the file is refused.
        let lap = text.replacingOccurrences(of: "<Lap StartTime", with: "<ns3:Lap StartTime").replacingOccurrences(of: "</Lap>", with: "</ns3:Lap>")
        #expect(TCXTestReading.formatError(lap)?.message == "Namespace prefix ns3 on Lap is not defined")
    }

    @Test func strictGPXRefusesTheFirstUnparseableValue() throws {
        let text = gpx11("<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><speed>n/a</speed></trkpt>\n</trkseg></trk>")
        let error = try #require(GPXTestReading.formatError(text, options: TrackReadOptions(strict: true)))
        #expect(error.message == #"speed: "n/a" is not a finite number"#)
        #expect(error.position.line == 4)
        // Required values stay errors without strict: a point without a number for its latitude.
        let lat = try #require(GPXTestReading.formatError(gpx11(#"<trk><trkseg><trkpt lat="n/a" lon="2"/></trkseg></trk>"#)))
        #expect(lat.message.contains("attribute lat"))
        // And so does a time that is not a date.
        #expect(GPXTestReading.formatError(gpx11("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>soon</time></trkpt></trkseg></trk>")) != nil)
    }

    @Test func jsonDropsOptionalFieldsOfTheWrongTypeAndKeepsTheSamples() throws {
        let text = """
            {"type":"location","time":1,"latitude":47,"longitude":8,"speed":"3","altitude":true}
            {"type":"location","time":2,"latitude":47.0001,"longitude":8,"course":1e999,"horizontalAccuracy":[1]}
            {"type":"weather","time":3,"temperatureCelsius":"warm"}
            {"type":"weather","time":4,"temperatureCelsius":21.5,"humidityPercent":"dry"}
            {"type":"location","time":5,"latitude":47.0002,"longitude":8,"speed":1.5}
            """
        let (report, sink) = try JSONTestInput.read(text)
        let locations = sink.samples.compactMap { if case .location(let fix) = $0 { fix } else { nil } }
        #expect(locations.count == 3)
        #expect(locations.map(\.speedMetersPerSecond) == [nil, nil, 1.5])
        #expect(locations[0].altitudeMeters == nil)
        // A weather record left with no value is skipped; one with a value left is kept.
        let weather = sink.samples.compactMap { if case .weather(let reading) = $0 { reading } else { nil } }
        #expect(weather == [WeatherSample(time: 4, temperatureCelsius: 21.5)])
        #expect(report.skippedFields.mapValues(\.count) == [
            "speed": 1, "altitude": 1, "course": 1, "horizontalAccuracy": 1, "temperatureCelsius": 1, "humidityPercent": 1,
        ])
        let speed = try #require(report.skippedFields["speed"])
        #expect(speed.firstPosition == SourcePosition(line: 1, column: 65))
        #expect(report.skippedFields["course"]?.firstValue == "a number out of range")
        // Required fields stay errors.
        let error = try JSONTestInput.error(#"{"type":"location","time":1,"latitude":"47","longitude":8}"#)
        #expect(error?.message == #"record 1: field "latitude": expected a number, found string"#)
        #expect(try JSONTestInput.error(#"{"type":"heartRate","time":"yesterday","bpm":120}"#) != nil)
    }

    @Test func skippedFieldValuesAreShortened() {
        var fields: [String: SkippedField] = [:]
        SkippedField.note("ele", at: SourcePosition(line: 3, column: 4), value: String(repeating: "é", count: 100), in: &fields)
        SkippedField.note("ele", at: SourcePosition(line: 9, column: 1), value: "x", in: &fields)
        let ele = fields["ele"]
        #expect(ele?.count == 2)
        #expect(ele?.firstPosition == SourcePosition(line: 3, column: 4))
        #expect(ele?.firstValue?.utf8.count ?? 99 <= SkippedField.maximumValueBytes + "…".utf8.count)
        #expect(ele?.firstValue?.hasSuffix("…") == true)
    }
}
