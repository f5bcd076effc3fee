import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// `GPXReader` on small inline documents written to temporary files.
struct GPXReaderTests {
    // MARK: Values and extensions

    @Test func gpx10SpeedCourseDilutionAndFix() throws {
        let text = """
        <?xml version="1.0"?>
        <gpx version="1.0" creator="test" xmlns="http://www.topografix.com/GPX/1/0">
          <trk><trkseg>
            <trkpt lat="47.5" lon="-122.25">
              <ele>12.5</ele><time>2008-01-27T10:00:00.500Z</time>
              <course>271.3</course><speed>3.25</speed>
              <fix>none</fix><hdop>1.2</hdop><vdop>2</vdop>
            </trkpt>
            <trkpt lat="47.6" lon="-122.3"><fix>3d</fix><hdop></hdop></trkpt>
          </trkseg></trk>
        </gpx>
        """
        let (report, sink) = try GPXTestReading.read(text)
        #expect(report.locationCount == 2)
        let first = try #require(sink.locations.first)
        #expect(first == LocationSample(
            time: 1_201_428_000.5, latitude: 47.5, longitude: -122.25, altitudeMeters: 12.5,
            horizontalAccuracyMeters: 1.2 * GPXReader.metersPerDilutionOfPrecision,
            verticalAccuracyMeters: 2 * GPXReader.metersPerDilutionOfPrecision,
            speedMetersPerSecond: 3.25, courseDegrees: 271.3, hasFix: false
        ))
        #expect(sink.locations[1] == LocationSample(time: nil, latitude: 47.6, longitude: -122.3, hasFix: true))
    }

    @Test func trackPointExtensionV2WithCustomPrefix() throws {
        let body = """
        <trk><trkseg>
          <trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time>
            <extensions><foo:TrackPointExtension>
              <foo:atemp>21.5</foo:atemp><foo:wtemp>9</foo:wtemp><foo:depth>3</foo:depth>
              <foo:hr>151</foo:hr><foo:cad>88</foo:cad><foo:speed>4.5</foo:speed><foo:course>90</foo:course>
            </foo:TrackPointExtension></extensions>
          </trkpt>
          <trkpt lat="1" lon="2"><speed>1.5</speed>
            <extensions><foo:TrackPointExtension><foo:speed>4.5</foo:speed></foo:TrackPointExtension></extensions>
          </trkpt>
        </trkseg></trk>
        """
        let text = gpx11(body, extraNamespaces: #" xmlns:foo="http://www.garmin.com/xmlschemas/TrackPointExtension/v2""#)
        let (_, sink) = try GPXTestReading.read(text)
        let time = 1_577_836_800.0
        #expect(sink.samples == [
            .event(WorkoutEventSample(time: nil, kind: .segmentStart)),
            .location(LocationSample(time: time, latitude: 1, longitude: 2, speedMetersPerSecond: 4.5, courseDegrees: 90)),
            .heartRate(HeartRateSample(time: time, beatsPerMinute: 151)),
            .cadence(CadenceSample(time: time, perMinute: 88)),
            .weather(WeatherSample(time: time, temperatureCelsius: 21.5)),
            // The point's own <speed> wins over the extension's.
            .location(LocationSample(time: nil, latitude: 1, longitude: 2, speedMetersPerSecond: 1.5)),
        ])
    }

    @Test func unqualifiedExtensionNamesAndUnknownNamespaces() throws {
        let body = """
        <trk><trkseg><trkpt lat="1" lon="2"><extensions>
          <hr>140</hr><cadence>80</cadence>
          <x:TrackPointExtension><x:hr>999</x:hr></x:TrackPointExtension>
        </extensions></trkpt></trkseg></trk>
        """
        let (_, sink) = try GPXTestReading.read(gpx11(body, extraNamespaces: #" xmlns:x="http://example.com/other""#))
        #expect(sink.heartRates.map(\.beatsPerMinute) == [140])
        #expect(sink.cadences.map(\.perMinute) == [80])
    }

    @Test func prefixedAndDefaultNamespacesGiveTheSameSamples() throws {
        let plain = gpx11("""
        <trk><type>hiking</type><trkseg><trkpt lat="10.5" lon="-3.25"><ele>100</ele><time>2021-06-01T08:00:00Z</time></trkpt></trkseg></trk>
        """)
        let prefixed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx:gpx version="1.1" creator="test" xmlns:gpx="http://www.topografix.com/GPX/1/1">
        <gpx:trk><gpx:type>hiking</gpx:type><gpx:trkseg><gpx:trkpt lat="10.5" lon="-3.25"><gpx:ele>100</gpx:ele><gpx:time>2021-06-01T08:00:00Z</gpx:time></gpx:trkpt></gpx:trkseg></gpx:trk>
        </gpx:gpx>
        """
        let noNamespace = """
        <gpx version="1.1"><trk><type>hiking</type><trkseg><trkpt lat="10.5" lon="-3.25"><ele>100</ele><time>2021-06-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>
        """
        let reference = try GPXTestReading.read(plain)
        #expect(reference.report.locationCount == 1)
        #expect(reference.sink.activities == ["hiking"])
        #expect(try GPXTestReading.read(prefixed).sink.entries == reference.sink.entries)
        #expect(try GPXTestReading.read(noNamespace).sink.entries == reference.sink.entries)

        // Elements in another namespace are not GPX elements, even when they are called trkpt.
        let foreign = gpx11(#"<trk><trkseg><o:trkpt lat="1" lon="2"/></trkseg></trk>"#, extraNamespaces: #" xmlns:o="urn:other""#)
        #expect(try GPXTestReading.read(foreign).report.locationCount == 0)
    }

    @Test func bomCommentsCDATAAndEntities() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- exported by a test -->
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><!-- a comment --><type>  Trail &amp; Run &#233;t&#xE9; &lt;3 </type><trkseg>
            <trkpt lat="4&#55;.5" lon="8"><ele>1&#48;4<!-- split -->.5</ele><time><![CDATA[2020-05-05T10:00:00Z]]></time></trkpt>
          </trkseg></trk>
        </gpx>
        """
        let (report, sink) = try GPXTestReading.read(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(report.activityName == "Trail & Run été <3")
        #expect(sink.locations == [LocationSample(time: 1_588_672_800, latitude: 47.5, longitude: 8, altitudeMeters: 104.5)])
    }

    @Test func timeOffsetsAndFractionalSeconds() throws {
        let body = """
        <trk><trkseg>
          <trkpt lat="0" lon="0"><time>2020-03-01T10:00:00Z</time></trkpt>
          <trkpt lat="0" lon="0"><time>2020-03-01T12:00:00+02:00</time></trkpt>
          <trkpt lat="0" lon="0"><time>2020-03-01T04:30:00-0530</time></trkpt>
          <trkpt lat="0" lon="0"><time>2020-03-01T10:00:00</time></trkpt>
          <trkpt lat="0" lon="0"><time> 2020-03-01t10:00:00.123456z </time></trkpt>
          <trkpt lat="0" lon="0"><time/></trkpt>
        </trkseg></trk>
        """
        let (_, sink) = try GPXTestReading.read(gpx11(body))
        let base = 1_583_056_800.0
        #expect(sink.locations.map(\.time) == [base, base, base, base, 1_583_056_800.123456, nil])
    }

    @Test func leadingWhitespaceBeforeDeclarationKeepsLineNumbers() throws {
        let good = "\n\n   \t" + gpx11(#"<trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>"#)
        #expect(try GPXTestReading.read(good).report.locationCount == 1)

        // The bad attribute is on line 5 of the file (3 lines of white space, then the declaration).
        let bad = "\r\n\n\n<?xml version=\"1.0\"?>\n<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg><trkpt lat=\"abc\" lon=\"2\"/></trkseg></trk></gpx>"
        let error = try #require(GPXTestReading.formatError(bad))
        #expect(error.position.line == 5)
        #expect(error.message == #"trkpt: attribute lat: "abc" is not a number"#)

        #expect(error.file.hasSuffix("track.gpx"))

        // Nothing, or only white space: an empty document.
        for text in ["", " \n \n", "\u{FEFF}"] {
            let empty = try #require(GPXTestReading.formatError(text))
            #expect(empty.message == "empty document: no gpx element")
        }
    }

    @Test func latin1DeclaredEncoding() throws {
        var bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><name>"#.utf8)
        bytes += [0x4D, 0xFC, 0x6E, 0x63, 0x68, 0x65, 0x6E]  // "München" in Latin-1
        bytes += Array("</name><type>Caf".utf8) + [0xE9] + Array("</type><trkseg><trkpt lat=\"48.1\" lon=\"11.5\"/></trkseg></trk></gpx>".utf8)
        let (report, sink) = try GPXTestReading.read(bytes: bytes)
        #expect(report.activityName == "Café")
        #expect(sink.locations == [LocationSample(time: nil, latitude: 48.1, longitude: 11.5)])
    }

    @Test(arguments: [false, true])
    func utf16WithByteOrderMark(bigEndian: Bool) throws {
        let text = #"<?xml version="1.0" encoding="UTF-16"?>"# + "\n" + gpx11(
            #"<trk><type>Läufer</type><trkseg><trkpt lat="-33.5" lon="151.25"><ele>7</ele></trkpt></trkseg></trk>"#
        ).split(separator: "\n", maxSplits: 1)[1]
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        for chunkSize in [nil, 1, 3] as [Int?] {
            let url = try GPXTestReading.write(bytes)
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            let (report, sink) = try GPXTestReading.read(url, chunkSize: chunkSize)
            #expect(report.activityName == "Läufer")
            #expect(sink.locations == [LocationSample(time: nil, latitude: -33.5, longitude: 151.25, altitudeMeters: 7)])
        }
    }

    // MARK: Structure

    @Test func routeIsUsedOnlyWithoutTrackPoints() throws {
        let routeOnly = gpx11("""
        <rte><rtept lat="1" lon="1"/><rtept lat="2" lon="2"/></rte>
        <rte><rtept lat="3" lon="3"/></rte>
        """)
        let (report, sink) = try GPXTestReading.read(routeOnly)
        #expect(report.locationCount == 3)
        #expect(sink.segmentStarts == 2)
        #expect(sink.samples.first == .event(WorkoutEventSample(time: nil, kind: .segmentStart)))

        let both = gpx11("""
        <rte><rtept lat="1" lon="1"/></rte>
        <trk><trkseg><trkpt lat="5" lon="5"/></trkseg></trk>
        <rte><rtept lat="2" lon="2"/></rte>
        """)
        let mixed = try GPXTestReading.read(both)
        #expect(mixed.sink.locations.map(\.latitude) == [5])
        #expect(mixed.sink.segmentStarts == 1)
    }

    @Test func waypointsOnlyGiveNoSamples() throws {
        let text = gpx11("""
        <wpt lat="1" lon="2"><ele>5</ele><time>2020-01-01T00:00:00Z</time><type>Summit</type></wpt>
        <wpt lat="bad" lon="2"><time>not a time</time></wpt>
        """)
        let (report, sink) = try GPXTestReading.read(text)
        #expect(report.sampleCount == 0)
        #expect(report.activityName == nil)
        #expect(sink.entries.isEmpty)
    }

    @Test func activityIsTheFirstNonEmptyTypeAnnouncedBeforeItsTrack() throws {
        let text = gpx11("""
        <metadata><type>ignored</type></metadata>
        <trk><type>  </type><trkseg><trkpt lat="1" lon="1"/></trkseg></trk>
        <trk><type>cycling</type><trkseg><trkpt lat="2" lon="2"/></trkseg></trk>
        <trk><type>running</type><trkseg><trkpt lat="3" lon="3"/></trkseg></trk>
        """)
        let (report, sink) = try GPXTestReading.read(text, chunkSize: 7)
        #expect(report.activityName == "cycling")
        #expect(sink.activities == ["cycling"])
        let segment = RecordingSink.Entry.sample(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
        #expect(sink.entries == [
            segment, .sample(.location(LocationSample(time: nil, latitude: 1, longitude: 1))),
            .activity("cycling"),
            segment, .sample(.location(LocationSample(time: nil, latitude: 2, longitude: 2))),
            segment, .sample(.location(LocationSample(time: nil, latitude: 3, longitude: 3))),
        ])
    }

    // MARK: Errors

    @Test func invalidLatitudeNamesAttributeValueAndLine() throws {
        let text = gpx11("""
        <trk><trkseg>
          <trkpt lat="1" lon="2"/>
          <trkpt lat="abc" lon="2"/>
        </trkseg></trk>
        """)
        let error = try #require(GPXTestReading.formatError(text))
        #expect(error.message.contains("lat"))
        #expect(error.message.contains("\"abc\""))
        #expect(error.position.line == 5)
        #expect(error.description.hasPrefix(error.file + ":5:"))
    }

    @Test(arguments: [
        (#"<trkpt lon="2"/>"#, "trkpt: attribute lat is missing"),
        (#"<trkpt lat="1"/>"#, "trkpt: attribute lon is missing"),
        (#"<trkpt lat="NaN" lon="2"/>"#, #"trkpt: attribute lat: "NaN" is not a number"#),
        (#"<trkpt lat="1" lon=""/>"#, #"trkpt: attribute lon: "" is not a number"#),
        (#"<trkpt lat="1" lon="2"><ele>abc</ele></trkpt>"#, #"ele: "abc" is not a finite number"#),
        (#"<trkpt lat="1" lon="2"><ele>NaN</ele></trkpt>"#, #"ele: "NaN" is not a finite number"#),
        (#"<trkpt lat="1" lon="2"><ele>1e999</ele></trkpt>"#, #"ele: "1e999" is not a finite number"#),
        (#"<trkpt lat="1" lon="2"><hdop>1,5</hdop></trkpt>"#, #"hdop: "1,5" is not a finite number"#),
        (#"<trkpt lat="1" lon="2"><time>2020-02-30T00:00:00Z</time></trkpt>"#, #"time: "2020-02-30T00:00:00Z" is not a valid ISO 8601 date-time"#),
        (#"<trkpt lat="1" lon="2"><time>yesterday</time></trkpt>"#, #"time: "yesterday" is not a valid ISO 8601 date-time"#),
    ])
    func invalidValues(point: String, message: String) throws {
        let text = gpx11("<trk><trkseg>\n\(point)\n</trkseg></trk>")
        // Strict: every value that does not parse is an error (optional ones are otherwise dropped).
        let error = try #require(GPXTestReading.formatError(text, options: TrackReadOptions(strict: true)))
        #expect(error.message == message)
        #expect(error.position.line == 4)
    }

    @Test func outOfRangeCoordinatesAreNotReaderErrors() throws {
        let (_, sink) = try GPXTestReading.read(gpx11(#"<trk><trkseg><trkpt lat="91" lon="-181"/></trkseg></trk>"#))
        #expect(sink.locations == [LocationSample(time: nil, latitude: 91, longitude: -181)])
    }

    @Test func rootMustBeGPX() throws {
        let error = try #require(GPXTestReading.formatError("<?xml version=\"1.0\"?>\n<kml><Document/></kml>"))
        #expect(error.message == "root element is kml, not gpx")
        #expect(error.position.line == 2)

        let foreign = try #require(GPXTestReading.formatError(#"<gpx xmlns="http://www.topografix.com/GPX/2/0"/>"#))
        #expect(foreign.message.contains("not GPX 1.0 or 1.1"))
    }

    @Test func truncatedDocumentsFailWithAPosition() throws {
        let text = gpx11("""
        <trk><type>run</type><trkseg>
          <trkpt lat="47.1" lon="8.5"><ele>400</ele><time>2020-01-01T00:00:00Z</time></trkpt>
          <trkpt lat="47.2" lon="8.6"><ele>401</ele><time>2020-01-01T00:00:01Z</time></trkpt>
        </trkseg></trk>
        """)
        let bytes = Array(text.utf8)
        let lines = bytes.filter { $0 == 0x0A }.count + 1
        let end = bytes.count - "</gpx>".utf8.count
        for length in Swift.stride(from: 0, to: end, by: 3) {
            let error = try #require(GPXTestReading.formatError(bytes: Array(bytes[0..<length])), "length \(length)")
            #expect((1...lines).contains(error.position.line), "length \(length): \(error)")
            #expect(!error.message.isEmpty)
        }
        // A cut in the middle of the first point: libxml2 reports the end of the data.
        let cut = try #require(GPXTestReading.formatError(bytes: Array(bytes[0..<(bytes.firstIndex(of: UInt8(ascii: "4")) ?? 0) + 3])))
        #expect(cut.position.line == 4)
    }

    @Test func malformedXMLIsReportedWithLibxml2MessageAndNothingOnStandardError() throws {
        let text = gpx11("<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"></trkseg></trk>")
        let (error, standardError) = try capturingStandardError { GPXTestReading.formatError(text) }
        let reported = try #require(error)
        #expect(reported.position.line == 4)
        #expect(reported.message.contains("trkpt"))
        #expect(!reported.message.hasSuffix("\n"))
        // The test runner itself writes progress to standard error while tests run in parallel, so look
        // for libxml2's own format ("...: parser error : message") and message rather than for silence.
        #expect(!standardError.contains("parser error"), "libxml2 printed: \(standardError)")
        #expect(!standardError.contains("mismatch"), "libxml2 printed: \(standardError)")
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let secret = try TestPaths.temporaryDirectory("gpx").appendingPathComponent("secret.txt")
        try Data("TOP SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [ <!ENTITY xxe SYSTEM "file://\(secret.path)"> ]>
        <gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><type>&xxe;</type><trkseg/></trk></gpx>
        """
        do {
            let (report, _) = try GPXTestReading.read(text)
            #expect(report.activityName?.contains("SECRET") != true)
        } catch let error as TrackFormatError {
            #expect(!error.message.contains("SECRET"))
        }

        // Entity expansion ("billion laughs") does not happen either: internal entities are not declared.
        let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [ <!ENTITY a "aaaaaaaaaa"> <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"> <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"> ]>
        <gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><type>&c;</type><trkseg/></trk></gpx>
        """
        do {
            let (report, _) = try GPXTestReading.read(laughs)
            #expect((report.activityName ?? "").count < 100)
        } catch is TrackFormatError {
        }
    }

    struct SinkFailure: Error, Equatable {
        let sampleNumber: Int
    }

    struct FailingSink: TrackSampleSink {
        var consumed = 0
        let failAt: Int
        mutating func consume(_ sample: Sample) throws {
            consumed += 1
            if consumed == failAt { throw SinkFailure(sampleNumber: consumed) }
        }
    }

    @Test func sinkErrorsPropagateUnchanged() throws {
        let url = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx")
        var input = FormatSniffingInput(try TrackInput(path: url.path))
        var sink = FailingSink(failAt: 100)
        #expect(throws: SinkFailure(sampleNumber: 100)) {
            try GPXReader().read(&input, into: &sink)
        }
        #expect(sink.consumed == 100)
    }

    /// Runs `body` with file descriptor 2 redirected to a temporary file, and returns what was written.
    private func capturingStandardError<T>(_ body: () throws -> T) throws -> (T, String) {
        let url = try TestPaths.temporaryDirectory("stderr").appendingPathComponent("stderr.txt")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let saved = dup(2)
        dup2(handle.fileDescriptor, 2)
        let result: T
        do {
            result = try body()
        } catch {
            dup2(saved, 2)
            close(saved)
            throw error
        }
        dup2(saved, 2)
        close(saved)
        try handle.close()
        return (result, try String(contentsOf: url, encoding: .utf8))
    }
}
