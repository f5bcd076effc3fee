import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Geodesy
import Testing
import TestSupport
import TrackFormats
import WorkoutEngine
@testable import WorkoutCore
@testable import WorkoutExports
import WorkoutSamples

/// Collects what a reader emits.
private struct SampleCollector: TrackSampleSink {
    var samples: [Sample] = []
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}

private func readSamples(path: String) throws -> [Sample] {
    var collector = SampleCollector()
    _ = try TrackReader.read(try TrackInput(path: path), format: .gpx, into: &collector)
    return collector.samples
}

private func readSamples(text: String) throws -> [Sample] {
    let url = try TestPaths.temporaryDirectory("export").appendingPathComponent("track.gpx")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    return try readSamples(path: url.path)
}

private func exportTrack(_ name: String, filter: LocationFilterMode = .none, profile: AthleteProfile = AthleteProfile()) throws -> ExportTrack {
    try ExportTrack(contentsOfTrack: TestPaths.sampleTrack(name).path,
                    options: WorkoutOptions(activity: .running, filterMode: filter, profile: profile))
}

/// Parses XML with Foundation's XMLParser and counts elements by name.
private final class XMLCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var attributes: [String: [[String: String]]] = [:]
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes attributeDict: [String: String] = [:]) {
        counts[elementName, default: 0] += 1
        attributes[elementName, default: []].append(attributeDict)
    }

    static func parse(_ text: String) -> (ok: Bool, counter: XMLCounter, error: String) {
        let parser = XMLParser(data: Data(text.utf8))
        let counter = XMLCounter()
        parser.delegate = counter
        let ok = parser.parse()
        return (ok, counter, parser.parserError.map { "\($0)" } ?? "")
    }
}

struct ExportTests {
    static let roundTripTracks = ["run-garmin-connect-hr-cadence.gpx", "run-suunto-ambit-hr-cad-pauses.gpx"]

    /// GPX → engine (`--filter none`) → GPX → reader gives the same location, heart-rate, cadence and
    /// temperature samples, and exactly the engine's segments.
    @Test(arguments: roundTripTracks)
    func gpxRoundTrip(_ name: String) throws {
        let original = try readSamples(path: TestPaths.sampleTrack(name).path)
        let track = try exportTrack(name)
        #expect(track.pointCount == original.filter { if case .location = $0 { true } else { false } }.count)
        let text = track.writeGPX(to: "")
        let readBack = try readSamples(text: text)
        let withoutEvents: ([Sample]) -> [Sample] = { $0.filter { if case .event = $0 { false } else { true } } }
        #expect(withoutEvents(readBack) == withoutEvents(original))
        let segmentStarts = readBack.filter { if case .event(let e) = $0 { e.kind == .segmentStart } else { false } }.count
        #expect(segmentStarts == track.route.segments.count)
        #expect(segmentStarts == track.metrics.segmentCount)
        // Reading the export again through the engine gives the same route.
        let url = try TestPaths.temporaryDirectory("export").appendingPathComponent("again.gpx")
        try Data(text.utf8).write(to: url)
        let again = try ExportTrack(contentsOfTrack: url.path, options: WorkoutOptions(activity: .running, filterMode: .none))
        #expect(again.segments.map(\.count) == track.segments.map(\.count))
        #expect(again.metrics.distanceMeters == track.metrics.distanceMeters)
    }

    @Test func gapsPauseTheSuuntoRunWithoutSplittingItsSegment() throws {
        let track = try exportTrack("run-suunto-ambit-hr-cad-pauses.gpx")
        // The gaps in this run are unrecorded pauses of the clock; the file has one segment, and so has the
        // route: the line (and the distance) goes on across each gap.
        #expect(track.segments.count == 1)
        let pausedFixes = track.segments.flatMap { segment in segment.indices.dropFirst().filter { segment[$0].followsPause }.map { (segment[$0 - 1], segment[$0]) } }
        #expect(pausedFixes.count == track.metrics.pauseCount)
        #expect(pausedFixes.count >= 10)
        for (before, after) in pausedFixes {
            let gap = (after.location.time ?? 0) - (before.location.time ?? 0)
            #expect(gap > ActivityType.running.rules.gapPauseSeconds)
            #expect(after.distanceMeters > before.distanceMeters, "the displacement across the gap counts")
        }
    }

    @Test func geoJSONHasAFeaturePerSegmentWithLonLat() throws {
        let track = try exportTrack("run-suunto-ambit-hr-cad-pauses.gpx")
        let text = try track.geoJSON()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == track.segments.count)
        for (index, feature) in features.enumerated() {
            let segment = track.segments[index]
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect(properties["segment"] as? Int == index)
            #expect(properties["pointCount"] as? Int == segment.count)
            #expect(properties["startTime"] as? String == ISO8601Text.string(secondsSince1970: segment.first?.location.time ?? .nan, fraction: .milliseconds))
            #expect(properties["endTime"] as? String == ISO8601Text.string(secondsSince1970: segment.last?.location.time ?? .nan, fraction: .milliseconds))
            let distance = try #require(properties["distanceMeters"] as? Double)
            #expect(abs(distance - track.route.segments[index].distanceMeters) < 0.01)
            guard segment.count >= 2 else { continue }
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "LineString")
            let coordinates = try #require(geometry["coordinates"] as? [[Double]])
            #expect(coordinates.count == segment.count)
            // [longitude, latitude, elevation]; each segment starts and ends at its own fixes.
            for (position, point) in [(coordinates.first, segment.first), (coordinates.last, segment.last)] {
                let position = try #require(position), point = try #require(point)
                #expect(abs(position[0] - point.location.longitude) < 1e-7)
                #expect(abs(position[1] - point.location.latitude) < 1e-7)
                #expect(position.count == 3)
            }
        }
        let simplified = try #require(try JSONSerialization.jsonObject(with: Data(try track.geoJSON(toleranceMeters: 5).utf8)) as? [String: Any])
        let simplifiedFeatures = try #require(simplified["features"] as? [[String: Any]])
        #expect(simplifiedFeatures.count == track.segments.count)
    }

    /// Every accepted fix is in the GeoJSON, a segment of a single fix too (as a `Point`; a `LineString`
    /// needs two positions, and that fix's position was left out before, its feature's geometry `null`).
    @Test func geoJSONKeepsASegmentOfOneFix() throws {
        func point(_ second: Int, _ latitude: Double) -> String {
            #"<trkpt lat="\#(latitude)" lon="8.5"><ele>400</ele><time>2024-05-01T10:00:\#(String(format: "%02d", second))Z</time></trkpt>"#
        }
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk>"#
            + "<trkseg>" + point(0, 47.0) + point(1, 47.00002) + point(2, 47.00004) + "</trkseg>"
            + "<trkseg>" + point(10, 47.0001) + "</trkseg>"
            + "<trkseg>" + point(20, 47.0002) + point(21, 47.00022) + "</trkseg></trk></gpx>"
        let url = try TestPaths.temporaryDirectory("export-lone-fix").appendingPathComponent("track.gpx")
        try Data(gpx.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let track = try ExportTrack(contentsOfTrack: url.path, options: WorkoutOptions(activity: .running, filterMode: .none))
        #expect(track.segments.map(\.count) == [3, 1, 2])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try track.geoJSON().utf8)) as? [String: Any])
        let geometries = try #require(object["features"] as? [[String: Any]]).map { $0["geometry"] as? [String: Any] }
        #expect(geometries.map { $0?["type"] as? String } == ["LineString", "Point", "LineString"])
        #expect(geometries[1]?["coordinates"] as? [Double] == [8.5, 47.0001, 400])
    }

    /// A segment's `startTime` is its first timed fix's: a track whose leading fixes are untimed (measured, as
    /// the clock had not started) had none.
    @Test func geoJSONStartTimeSkipsLeadingUntimedFixes() throws {
        let untimed = (0..<3).map { #"<trkpt lat="\#(47 + Double($0) * 3e-5)" lon="8.5"/>"# }
        let timed = (0..<20).map { #"<trkpt lat="\#(47.0001 + Double($0) * 3e-5)" lon="8.5"><time>2024-05-01T10:00:\#(String(format: "%02d", $0))Z</time></trkpt>"# }
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + (untimed + timed).joined() + "</trkseg></trk></gpx>"
        let url = try TestPaths.temporaryDirectory("export-leading-untimed").appendingPathComponent("track.gpx")
        try Data(gpx.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let track = try ExportTrack(contentsOfTrack: url.path, options: WorkoutOptions(activity: .running, filterMode: .none))
        #expect(track.pointCount == 23)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try track.geoJSON().utf8)) as? [String: Any])
        let properties = try #require((object["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        #expect(properties["startTime"] as? String == "2024-05-01T10:00:00.000Z")
        #expect(properties["endTime"] as? String == "2024-05-01T10:00:19.000Z")
    }

    /// An untimed fix between timed ones (Google Takeout's location history through GPSBabel) has no speed
    /// or pace of its own in the export: it carried the last timed step's.
    @Test func untimedFixesHaveNoSpeedInTheExport() throws {
        let t0 = 1_700_000_000.0
        var samples: [Sample] = (0..<30).map { .location(LocationSample(time: t0 + Double($0), latitude: 47 + Double($0) * 3e-5, longitude: 8.5)) }
        samples += (30..<33).map { .location(LocationSample(time: nil, latitude: 47 + Double($0) * 3e-5, longitude: 8.5)) }
        samples += (33..<60).map { .location(LocationSample(time: t0 + Double($0), latitude: 47 + Double($0) * 3e-5, longitude: 8.5)) }
        let track = ExportTrack(samples: samples, options: WorkoutOptions(activity: .running, filterMode: .none))
        let rows = track.csvRows
        #expect(rows.count == 60)
        #expect(rows[29].speedMetersPerSecond != nil)
        #expect(rows[30..<33].allSatisfy { $0.time == nil && $0.speedMetersPerSecond == nil && $0.paceSecondsPerKilometer == nil })
    }

    /// The encoded polyline, decoded by PyPI's `polyline` package (Debian's python3-polyline), gives the
    /// simplified coordinates within 1e-5 degrees.
    @Test(arguments: roundTripTracks)
    func polylineDecodesWithIndependentDecoder(_ name: String) throws {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "install python3-polyline (scripts/install-system-deps.sh)")
        let track = try exportTrack(name, filter: .default)
        let (encoded, coordinates) = try track.encodedPolyline(toleranceMeters: 5)
        #expect(coordinates.count > 10)
        #expect(coordinates.count < track.pointCount)
        let script = "import sys, polyline\nfor lat, lon in polyline.decode(sys.stdin.read().strip(), 5): print(repr(lat), repr(lon))\n"
        let result = try runProcess(python, ["-c", script], input: encoded)
        #expect(result.status == 0, "\(result.standardError)")
        let decoded = result.standardOutput.split(separator: "\n").map { line in line.split(separator: " ").compactMap { Double($0) } }
        #expect(decoded.count == coordinates.count)
        for (pair, coordinate) in zip(decoded, coordinates) {
            #expect(pair.count == 2)
            #expect(abs(pair[0] - coordinate.latitude) <= 1e-5)
            #expect(abs(pair[1] - coordinate.longitude) <= 1e-5)
        }
    }

    @Test func csvHasARowPerFixWithDerivedMetrics() throws {
        let track = try exportTrack("run-garmin-connect-hr-cadence.gpx", filter: .default)
        let text = track.writeCSV(to: "")
        #expect(text.firstMatch(of: /[0-9][eE][-+][0-9]/) == nil ? true : false, "no exponent")
        let lines = text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(lines.first == CSVSampleWriter<String>.columns)
        #expect(lines.count == track.pointCount + 1)
        let rows = lines.dropFirst()
        let distances = rows.compactMap { Double($0[8]) }
        #expect(distances.count == track.pointCount)
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 }, "cumulative distance never decreases")
        #expect(abs((distances.last ?? 0) - track.metrics.distanceMeters) < 0.01)
        let elapsed = rows.compactMap { Double($0[1]) }
        #expect(abs((elapsed.last ?? 0) - (track.metrics.elapsedSeconds ?? -1)) < 0.001)
        // Pace is 1000 / speed wherever both are given.
        for row in rows {
            if let speed = Double(row[9]), let pace = Double(row[10]) { #expect(abs(pace - 1000 / speed) < 0.5) }
        }
        #expect(rows.allSatisfy { Double($0[6]) != nil }, "every fix of this file has a heart rate")
    }

    @Test(arguments: RouteColoring.allCases)
    func mapIsWellFormedSVG(_ coloring: RouteColoring) throws {
        let track = try exportTrack("run-suunto-ambit-hr-cad-pauses.gpx", filter: .default)
        let svg = try RouteMapRenderer.svg(for: track, options: RouteMapOptions(coloring: coloring))
        let parsed = XMLCounter.parse(svg.text)
        #expect(parsed.ok, "\(parsed.error)")
        #expect(svg.width == 800)
        let root = try #require(parsed.counter.attributes["svg"]?.first)
        #expect(root["width"] == "800" && root["height"] == String(svg.height))
        #expect(svg.text.firstMatch(of: /[0-9][eE][-+][0-9]|[=" ,](nan|inf|-inf)[" ,]/) == nil ? true : false, "no exponent, NaN or infinity")
        #expect((parsed.counter.counts["polyline"] ?? 0) > track.segments.count)
        #expect((parsed.counter.counts["linearGradient"] ?? 0) == (coloring == .none ? 0 : 1))
        // No polyline joins two segments: every polyline's points come from one segment's pixels, which
        // we check through the pause markers: one per segment boundary and one per gap inside a segment
        // (two rects each), plus the key's.
        let pauseBars = (parsed.counter.attributes["rect"] ?? []).filter { $0["width"] == "1.8" }.count
        let gapPauses = track.segments.reduce(0) { $0 + $1.filter(\.followsPause).count }
        #expect(gapPauses > 0)
        #expect(pauseBars == 2 * (track.segments.count - 1 + gapPauses) + 2)
    }

    @Test func fadeRunsFromNinetyToFortyPercent() throws {
        let track = try exportTrack("run-garmin-connect-hr-cadence.gpx", filter: .default)
        let svg = try RouteMapRenderer.svg(for: track)
        let base = ExportPalette.color(for: .running)
        let white = RGBColor(red: 1, green: 1, blue: 1)
        let strokes = XMLCounter.parse(svg.text).counter.attributes["polyline"]?.compactMap { $0["stroke"] }.filter { $0 != "#ffffff" } ?? []
        #expect(strokes.first == base.composited(over: white, opacity: 0.9 - 0.5 * 0.5 / 40).hexString)
        #expect(strokes.last == base.composited(over: white, opacity: 0.9 - 0.5 * 39.5 / 40).hexString)
    }

    @Test func mapOfAnEmptyTrackThrows() {
        let track = ExportTrack(samples: [Sample](), options: WorkoutOptions())
        #expect(throws: ExportError.emptyRoute) { try RouteMapRenderer.svg(for: track) }
        #expect(throws: ExportError.emptyRoute) { try ChartRenderer.svg(.elevation, for: track) }
    }

    @Test(arguments: ChartKind.allCases)
    func chartsAreWellFormedSVG(_ kind: ChartKind) throws {
        var profile = AthleteProfile()
        profile.maxHeartRate = 190
        let track = try exportTrack("run-suunto-ambit-hr-cad-pauses.gpx", filter: .default, profile: profile)
        let svg = try ChartRenderer.svg(kind, for: track)
        let parsed = XMLCounter.parse(svg.text)
        #expect(parsed.ok, "\(parsed.error)")
        #expect(svg.width == 800 && svg.height == 320)
        #expect(svg.text.firstMatch(of: /[0-9][eE][-+][0-9]|[=" ,](nan|inf|-inf)[" ,]/) == nil ? true : false, "no exponent, NaN or infinity")
        let labels = svg.text.components(separatedBy: ">Z").count - 1
        #expect(kind == .heartRate ? labels >= 1 : labels == 0, "zones are shaded on the heart-rate chart only")
        if [.pace, .speed, .heartRate].contains(kind) {
            let dashed = svg.text.components(separatedBy: "stroke-dasharray").count - 1
            #expect(dashed == track.segments.count - 1, "a dashed line per pause")
        }
    }

    @Test func zonesAreNotShadedWhenAssumed() throws {
        let track = try exportTrack("run-garmin-connect-hr-cadence.gpx", filter: .default)
        let svg = try ChartRenderer.svg(.heartRate, for: track)
        #expect(!svg.text.contains(">Z1<"))
    }

    @Test func chartWithoutDataThrows() throws {
        let samples: [Sample] = (0..<20).map { i in
            .location(LocationSample(time: Double(i), latitude: 47 + Double(i) * 0.00003, longitude: 8))
        }
        let track = ExportTrack(samples: samples, options: WorkoutOptions(filterMode: .none))
        #expect(throws: ExportError.missingData("heart rate")) { try ChartRenderer.svg(.heartRate, for: track) }
        #expect(throws: ExportError.missingData("elevation")) { try ChartRenderer.svg(.elevation, for: track) }
        _ = try ChartRenderer.svg(.speed, for: track)
    }

    @Test func fourthStatChart() {
        #expect(ChartKind.fourthStat(of: .running) == .pace)
        #expect(ChartKind.fourthStat(of: .walking) == .pace)
        #expect(ChartKind.fourthStat(of: .cycling) == .speed)
        #expect(ChartKind.fourthStat(of: .hiking) == .heartRate)
    }

    @Test func scaleBarIsARoundLength() {
        #expect(NiceNumbers.roundLength(atMost: 740) == 500)
        #expect(NiceNumbers.roundLength(atMost: 2400) == 2000)
        #expect(NiceNumbers.roundLength(atMost: 19.9) == 10)
        #expect(NiceNumbers.roundLength(atMost: 0.3) == 0.2)
        let bar = ScaleBar(metersPerPixel: 10, maximumPixels: 200, units: .metric)
        #expect(bar.meters == 2000 && bar.pixels == 200 && bar.label == "2 km")
        let small = ScaleBar(metersPerPixel: 0.5, maximumPixels: 180, units: .metric)
        #expect(small.label == "50 m" && small.pixels == 100)
        let miles = ScaleBar(metersPerPixel: 20, maximumPixels: 200, units: .imperial)
        #expect(miles.label == "2 mi")
        let feet = ScaleBar(metersPerPixel: 0.5, maximumPixels: 200, units: .imperial)
        #expect(feet.label == "200 ft")
        #expect(NiceNumbers.tickStep(span: 97) == 20)
        #expect(NiceNumbers.timeStep(span: 5400) == 900)
    }

    @Test func sensorsAttachToTheirFix() {
        // JSON-style input: readings at their own times, between fixes.
        let samples: [Sample] = [
            .heartRate(HeartRateSample(time: 0, beatsPerMinute: 100)),
            .location(LocationSample(time: 0.5, latitude: 47, longitude: 8)),
            .heartRate(HeartRateSample(time: 1, beatsPerMinute: 110)),
            .cadence(CadenceSample(time: 1, perMinute: 80)),
            .location(LocationSample(time: 1.5, latitude: 47.00001, longitude: 8)),
        ]
        let track = ExportTrack(samples: samples, options: WorkoutOptions(filterMode: .none))
        let points = track.segments.flatMap { $0 }
        #expect(points.map(\.heartRate) == [100, 110])
        #expect(points.map(\.cadence) == [80, nil])
    }

    /// A fix the engine drops (here a time that goes back, which the default filter rejects) still takes the readings that follow it, one of
    /// each kind and none older than itself, so they do not land on the next fix; a second reading of a kind
    /// it holds, and one older than it, wait for the next fix, as with any fix.
    @Test func readingsAfterADroppedFixGoWithIt() {
        let samples: [Sample] = [
            .location(LocationSample(time: 10, latitude: 47, longitude: 8)),
            .heartRate(HeartRateSample(time: 10, beatsPerMinute: 100)),
            .location(LocationSample(time: 5, latitude: 47.00001, longitude: 8)),  // back in time: dropped
            .heartRate(HeartRateSample(time: 5, beatsPerMinute: 150)),  // goes with the dropped fix
            .heartRate(HeartRateSample(time: 5, beatsPerMinute: 160)),  // the dropped fix has one: next fix
            .cadence(CadenceSample(time: 4, perMinute: 70)),  // older than the dropped fix: next fix
            .location(LocationSample(time: 11, latitude: 47.00002, longitude: 8)),
        ]
        let track = ExportTrack(samples: samples, options: WorkoutOptions())
        let points = track.segments.flatMap { $0 }
        #expect(points.map(\.location.time) == [10, 11])
        #expect(points.map(\.heartRate) == [100, 160])
        #expect(points.map(\.cadence) == [nil, 70])
    }

    /// A FIT file cut short is exported up to its damage, and the track says where that is; a whole file
    /// has no damage.
    @Test func aCutFileSaysWhereItsExportStops() throws {
        let whole = TestPaths.sampleTrack("ride-garmin-edge530-hr-cad-power.fit")
        #expect(try ExportTrack(contentsOfTrack: whole.path).damage == nil)
        let bytes = try Data(contentsOf: whole)
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("export-cut-\(UUID().uuidString).fit")
        try bytes.prefix(120_000).write(to: cut)
        defer { try? FileManager.default.removeItem(at: cut) }
        let track = try ExportTrack(contentsOfTrack: cut.path)
        let damage = try #require(track.damage)
        #expect(damage.byteOffset <= 120_000 && damage.byteOffset > 100_000)
        #expect(damage.reason.contains("truncated"))
        #expect(track.pointCount > 0)
    }

    /// An upload held in memory exports as the same file read from disk does, with its skipped fields.
    @Test func bytesInMemoryExportAsTheFileDoes() throws {
        let url = TestPaths.sampleTrack("run-garmin-fr920xt-hr-cad-laps-devfields.fit")
        let fromFile = try ExportTrack(contentsOfTrack: url.path)
        let fromBytes = try ExportTrack(trackBytes: try Data(contentsOf: url), name: "upload.fit")
        #expect(fromBytes.pointCount == fromFile.pointCount)
        #expect(fromBytes.writeGPX(to: "") == fromFile.writeGPX(to: ""))
        #expect(fromBytes.damage == nil)
        let gpx = "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"47\" lon=\"8\"><time>2024-05-01T07:00:00Z</time><speed>n/a</speed></trkpt></trkseg></trk></gpx>"
        let skipped = try ExportTrack(trackBytes: Array(gpx.utf8), name: "upload.gpx")
        #expect(skipped.skippedFields["speed"]?.count == 1)
        #expect(throws: TrackFormatError.self) {
            try ExportTrack(trackBytes: Array(gpx.utf8), name: "upload.gpx", readOptions: TrackReadOptions(strict: true))
        }
    }
}
