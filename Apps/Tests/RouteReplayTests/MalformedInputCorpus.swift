import Foundation

/// One input of the malformed-input corpus and what `route-replay summary` must do with it.
struct MalformedInputCase: Sendable, CustomStringConvertible {
    enum Outcome: Sendable, Equatable {
        /// Valid but odd: exit 0 with one JSON object on standard output.
        case summary
        /// Malformed: exit 65 and `route-replay: error: <path>:<line>:<column>: …` on standard error.
        case malformed
    }

    var name: String
    /// File extension of the temporary file (`gpx`, `json`, `ndjson`); `nil` reads the bytes from standard input.
    var fileExtension: String?
    var bytes: [UInt8]
    var expected: Outcome
    var extraArguments: [String] = []
    /// For a malformed case: text the error message must contain (what was wrong), when it matters.
    var expectedMessage: String?

    var description: String { name }
}

/// The corpus: hand-made cases plus generated truncations. Every input is small; deeply nested and
/// garbage inputs are bounded so the whole corpus runs in seconds.
enum MalformedInputCorpus {
    // MARK: Building blocks

    static func point(_ index: Int, lat: String? = nil, lon: String? = nil, ele: String? = nil, time: String? = nil) -> String {
        let latitude = lat ?? String(format: "%.6f", 47.37 + Double(index) * 0.0003)
        let longitude = lon ?? "8.540000"
        let elevation = ele ?? "\(400 + index)"
        let timestamp = time ?? String(format: "2024-05-01T07:00:%02dZ", index * 5)
        return "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><ele>\(elevation)</ele><time>\(timestamp)</time></trkpt>"
    }

    static func gpx(_ points: [String], declaration: String = #"<?xml version="1.0" encoding="UTF-8"?>"#, trackExtra: String = "") -> String {
        """
        \(declaration)
        <gpx version="1.1" creator="corpus" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>corpus</name><type>running</type>\(trackExtra)<trkseg>
        \(points.joined(separator: "\n"))
        </trkseg></trk>
        </gpx>

        """
    }

    static var validPoints: [String] { (0..<6).map { point($0) } }
    static var validGPX: String { gpx(validPoints) }

    static func location(_ index: Int, time: String? = nil, lat: String? = nil, lon: String? = nil) -> String {
        let latitude = lat ?? String(format: "%.6f", 47.37 + Double(index) * 0.0003)
        return #"{"type":"location","time":\#(time ?? "\(1_714_546_800 + index * 5)"),"latitude":\#(latitude),"longitude":\#(lon ?? "8.54"),"altitude":\#(400 + index)}"#
    }

    static var validNDJSONLines: [String] {
        [#"{"type":"header","activity":"running"}"#] + (0..<6).flatMap { index in
            [location(index), #"{"type":"heartRate","time":\#(1_714_546_800 + index * 5),"bpm":\#(120 + index)}"#]
        }
    }
    static var validNDJSON: String { validNDJSONLines.joined(separator: "\n") + "\n" }
    static var validJSON: String {
        #"{"activity":"cycling","samples":["# + (0..<6).map { location($0) }.joined(separator: ",\n") + "]}\n"
    }

    static func text(_ name: String, _ ext: String?, _ text: String, _ expected: MalformedInputCase.Outcome, _ extra: [String] = []) -> MalformedInputCase {
        MalformedInputCase(name: name, fileExtension: ext, bytes: Array(text.utf8), expected: expected, extraArguments: extra)
    }

    static func bytes(_ name: String, _ ext: String?, _ bytes: [UInt8], _ expected: MalformedInputCase.Outcome, _ extra: [String] = []) -> MalformedInputCase {
        MalformedInputCase(name: name, fileExtension: ext, bytes: bytes, expected: expected, extraArguments: extra)
    }

    /// Deterministic pseudo-random bytes (xorshift), so a failure reproduces.
    static func garbage(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    // MARK: The cases

    static var handMade: [MalformedInputCase] {
        let p = validPoints
        var cases: [MalformedInputCase] = [
            // Well-formed baselines: the corpus checks the happy path through the same harness.
            text("gpx-valid", "gpx", validGPX, .summary),
            text("ndjson-valid", "ndjson", validNDJSON, .summary),
            text("json-valid", "json", validJSON, .summary),
            text("gpx-valid-text-format", "gpx", validGPX, .summary, ["--format", "text"]),

            // Broken XML structure.
            text("gpx-broken-start-tag", "gpx", gpx([p[0], #"<trkpt lat="47.1" lon="8.5"<ele>1</ele></trkpt>"#]), .malformed),
            text("gpx-mismatched-end-tag", "gpx", gpx([p[0], #"<trkpt lat="47.1" lon="8.5"><ele>1</ele></trkseg>"#]), .malformed),
            text("gpx-unclosed-attribute-quote", "gpx", gpx([#"<trkpt lat="47.1 lon="8.5"></trkpt>"#]), .malformed),
            text("gpx-content-after-root", "gpx", validGPX + "<gpx></gpx>\n", .malformed),
            text("gpx-text-after-root", "gpx", validGPX + "trailing garbage\n", .malformed),
            text("gpx-wrong-root-element", "gpx", #"<?xml version="1.0"?><kml><Document/></kml>"#, .malformed),
            text("gpx-undefined-entity", "gpx", gpx([p[0], #"<trkpt lat="47.1" lon="8.5"><name>&nope;</name></trkpt>"#]), .malformed),
            text("gpx-unknown-encoding", "gpx", gpx(p, declaration: #"<?xml version="1.0" encoding="X-NO-SUCH-ENCODING"?>"#), .malformed),
            // Well-formed however deep: read without recursion, unknown elements skipped.
            text("gpx-deep-nesting", "gpx", gpx([p[0], "<trkpt lat=\"47.1\" lon=\"8.5\"><extensions>" + String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000) + "</extensions></trkpt>"]), .summary),

            // Bad numbers.
            text("gpx-lat-abc", "gpx", gpx([p[0], point(1, lat: "abc")]), .malformed),
            text("gpx-lat-1e999", "gpx", gpx([p[0], point(1, lat: "1e999")]), .malformed),
            text("gpx-lat-NaN", "gpx", gpx([p[0], point(1, lat: "NaN")]), .malformed),
            text("gpx-lon-inf", "gpx", gpx([p[0], point(1, lon: "-inf")]), .malformed),
            text("gpx-lat-empty", "gpx", gpx([p[0], point(1, lat: "")]), .malformed),
            text("gpx-lat-missing", "gpx", gpx([p[0], #"<trkpt lon="8.5"><time>2024-05-01T07:00:30Z</time></trkpt>"#]), .malformed),
            // An optional value that does not parse is dropped and counted (issue 12); --strict refuses it.
            text("gpx-ele-abc", "gpx", gpx([p[0], point(1, ele: "abc")]), .summary),
            text("gpx-ele-1e999", "gpx", gpx([p[0], point(1, ele: "1e999")]), .summary),
            text("gpx-ele-abc-strict", "gpx", gpx([p[0], point(1, ele: "abc")]), .malformed, ["--strict"]),
            text("gpx-ele-1e999-strict", "gpx", gpx([p[0], point(1, ele: "1e999")]), .malformed, ["--strict"]),
            text("ndjson-speed-string", "ndjson", #"{"type":"location","time":1,"latitude":47,"longitude":8,"speed":"n/a"}"# + "\n", .summary),
            text("ndjson-speed-string-strict", "ndjson", #"{"type":"location","time":1,"latitude":47,"longitude":8,"speed":"n/a"}"# + "\n", .malformed, ["--strict"]),
            // A finite but absurd elevation must still print, as JSON and as text.
            text("gpx-ele-1e300", "gpx", gpx([p[0], point(1, ele: "1e300"), point(2, ele: "0")]), .summary),
            text("gpx-ele-1e300-text", "gpx", gpx([p[0], point(1, ele: "1e300"), point(2, ele: "0")]), .summary, ["--format", "text"]),

            // Out-of-range coordinates: read, then rejected by the location filter (or kept with --filter none).
            text("gpx-lat-91", "gpx", gpx([p[0], point(1, lat: "91"), p[2]]), .summary),
            text("gpx-lon-minus-181", "gpx", gpx([p[0], point(1, lon: "-181"), p[2]]), .summary),
            text("gpx-lat-1e300-filter-none", "gpx", gpx([p[0], point(1, lat: "1e300"), p[2]]), .summary, ["--filter", "none"]),
            text("gpx-null-island", "gpx", gpx([point(0, lat: "0", lon: "0"), p[1], p[2]]), .summary),

            // Dates.
            text("gpx-date-feb-30", "gpx", gpx([p[0], point(1, time: "2024-02-30T07:00:00Z")]), .malformed),
            text("gpx-date-month-13", "gpx", gpx([p[0], point(1, time: "2024-13-01T07:00:00Z")]), .malformed),
            text("gpx-date-hour-25", "gpx", gpx([p[0], point(1, time: "2024-05-01T25:00:00Z")]), .malformed),
            text("gpx-date-words", "gpx", gpx([p[0], point(1, time: "yesterday")]), .malformed),
            text("gpx-date-year-9999", "gpx", gpx([p[0], point(1, time: "9999-12-31T23:59:59Z")]), .summary),
            text("gpx-date-year-0001", "gpx", gpx([point(0, time: "0001-01-01T00:00:00Z"), p[1]]), .summary),
            text("gpx-time-backwards", "gpx", gpx([p[3], p[2], p[1], p[0]]), .summary),
            text("gpx-time-duplicate", "gpx", gpx([point(0), point(1, time: "2024-05-01T07:00:00Z"), point(2, time: "2024-05-01T07:00:00Z")]), .summary),
            text("gpx-time-duplicate-text", "gpx", gpx([point(0), point(1, time: "2024-05-01T07:00:00Z")]), .summary, ["--format", "text"]),
            text("gpx-no-times", "gpx", gpx(["<trkpt lat=\"47.1\" lon=\"8.5\"/>", "<trkpt lat=\"47.2\" lon=\"8.5\"/>"]), .summary),

            // Structure that is well-formed XML but odd GPX.
            text("gpx-nested-trk", "gpx", gpx([p[0], "</trkseg><trk><trkseg>" + p[1] + "</trkseg></trk><trkseg>", p[2]]), .summary),
            text("gpx-nested-trkpt", "gpx", gpx(["<trkpt lat=\"47.1\" lon=\"8.5\">" + p[1] + "</trkpt>"]), .summary),
            text("gpx-empty-trkseg", "gpx", gpx([]), .summary),
            text("gpx-only-root", "gpx", "<gpx version=\"1.1\"/>", .summary),
            text("gpx-cdata-time", "gpx", gpx([p[0], point(1, time: "<![CDATA[2024-05-01T07:00:05Z]]>")]), .summary),
            text("gpx-comment-inside-point", "gpx", gpx([p[0], "<trkpt lat=\"47.3703\" lon=\"8.54\"><!-- c --><time>2024-05-01T07:00:05Z</time></trkpt>"]), .summary),
            text("gpx-entity-expansion", "gpx", """
                <?xml version="1.0"?>
                <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
                <gpx version="1.1"><trk><name>&h;</name><trkseg>\(p[0])</trkseg></trk></gpx>
                """, .malformed),
            // External entities are never loaded (no file read): the reference is undefined.
            text("gpx-external-entity", "gpx", """
                <?xml version="1.0"?>
                <!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]>
                <gpx version="1.1"><trk><name>&x;</name><trkseg>\(p[0])</trkseg></trk></gpx>
                """, .malformed),

            // Empty inputs.
            bytes("gpx-empty-file", "gpx", [], .malformed),
            bytes("ndjson-empty-file", "ndjson", [], .summary),
            bytes("json-empty-file", "json", [], .summary),
            bytes("stdin-empty", nil, [], .summary),
            text("stdin-whitespace-only", nil, " \n\t\r\n", .summary),

            // Binary garbage.
            bytes("gpx-binary-garbage", "gpx", garbage(count: 4096, seed: 0x9E37_79B9_7F4A_7C15), .malformed),
            bytes("ndjson-binary-garbage", "ndjson", garbage(count: 4096, seed: 0xDEAD_BEEF_CAFE_F00D), .malformed),
            bytes("json-binary-garbage", "json", garbage(count: 512, seed: 42), .malformed),
            bytes("stdin-binary-garbage", nil, garbage(count: 2048, seed: 7), .malformed),
            bytes("gpx-nul-bytes", "gpx", [UInt8](repeating: 0, count: 64), .malformed),
            bytes("gpx-garbage-after-prolog", "gpx", Array(#"<?xml version="1.0"?><gpx>"#.utf8) + garbage(count: 1024, seed: 99), .malformed),

            // Encodings and byte-order marks.
            bytes("gpx-utf8-bom", "gpx", [0xEF, 0xBB, 0xBF] + Array(validGPX.utf8), .summary),
            bytes("gpx-utf16le-bom", "gpx", [0xFF, 0xFE] + utf16(validGPX.replacingOccurrences(of: "UTF-8", with: "UTF-16"), littleEndian: true), .summary),
            bytes("gpx-utf16be-bom", "gpx", [0xFE, 0xFF] + utf16(validGPX.replacingOccurrences(of: "UTF-8", with: "UTF-16"), littleEndian: false), .summary),
            bytes("stdin-utf16le-bom-gpx", nil, [0xFF, 0xFE] + utf16(validGPX.replacingOccurrences(of: "UTF-8", with: "UTF-16"), littleEndian: true), .summary),
            bytes("gpx-latin1-declared", "gpx", Array(gpx(p, declaration: #"<?xml version="1.0" encoding="ISO-8859-1"?>"#).utf8).replacingName(with: [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68]), .summary),
            bytes("gpx-utf8-declared-latin1-bytes", "gpx", Array(validGPX.utf8).replacingName(with: [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68]), .malformed),
            bytes("ndjson-utf8-bom", "ndjson", [0xEF, 0xBB, 0xBF] + Array(validNDJSON.utf8), .summary),
            bytes("json-utf8-bom", "json", [0xEF, 0xBB, 0xBF] + Array(validJSON.utf8), .summary),
            bytes("ndjson-bom-on-second-line", "ndjson", Array((validNDJSONLines[0] + "\n").utf8) + [0xEF, 0xBB, 0xBF] + Array(validNDJSONLines[1].utf8), .malformed),
            bytes("ndjson-invalid-utf8-in-string", "ndjson", Array(#"{"type":"header","activity":"ru"#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8), .malformed),
            bytes("ndjson-utf16-bytes", "ndjson", [0xFF, 0xFE] + utf16(validNDJSON, littleEndian: true), .malformed),

            // NDJSON lines.
            text("ndjson-blank-lines", "ndjson", "\n\n" + validNDJSONLines.joined(separator: "\n\n\r\n") + "\n\n", .summary),
            text("ndjson-crlf", "ndjson", validNDJSONLines.joined(separator: "\r\n") + "\r\n", .summary),
            text("ndjson-no-final-newline", "ndjson", validNDJSONLines.joined(separator: "\n"), .summary),
            bytes("ndjson-nul-line", "ndjson", Array((validNDJSONLines[0] + "\n").utf8) + [0x00, 0x0A] + Array(validNDJSONLines[1].utf8), .malformed),
            text("ndjson-array-instead-of-object", "ndjson", validNDJSONLines[0] + "\n[1, 2, 3]\n", .malformed),
            text("ndjson-array-of-samples-line", "ndjson", "[" + location(0) + "]\n", .malformed),
            text("ndjson-string-line", "ndjson", "\"hello\"\n", .malformed),
            text("ndjson-number-line", "ndjson", "42\n", .malformed),
            text("ndjson-two-objects-one-line", "ndjson", location(0) + " " + location(1) + "\n", .malformed),
            text("ndjson-header-not-first", "ndjson", location(0) + "\n" + validNDJSONLines[0] + "\n", .malformed),
            text("ndjson-trailing-comma", "ndjson", #"{"type":"heartRate","time":1,"bpm":100,}"# + "\n", .malformed),
            text("ndjson-duplicate-key", "ndjson", #"{"type":"location","time":1,"latitude":1,"latitude":2,"longitude":3}"# + "\n", .malformed),
            text("ndjson-missing-latitude", "ndjson", #"{"type":"location","time":1,"longitude":3}"# + "\n", .malformed),
            text("ndjson-lat-string", "ndjson", location(0, lat: "\"abc\"") + "\n", .malformed),
            text("ndjson-lat-1e999", "ndjson", location(0, lat: "1e999") + "\n", .malformed),
            text("ndjson-lat-NaN", "ndjson", location(0, lat: "NaN") + "\n", .malformed),
            text("ndjson-lat-leading-zero", "ndjson", location(0, lat: "047.1") + "\n", .malformed),
            text("ndjson-lat-91", "ndjson", location(0) + "\n" + location(1, lat: "91") + "\n" + location(2) + "\n", .summary),
            text("ndjson-lon-minus-181", "ndjson", location(0) + "\n" + location(1, lon: "-181") + "\n" + location(2) + "\n", .summary),
            text("ndjson-time-impossible-date", "ndjson", location(0, time: "\"2023-02-29T00:00:00Z\"") + "\n", .malformed),
            text("ndjson-time-bad-offset", "ndjson", location(0, time: "\"2024-05-01T07:00:00+25:00\"") + "\n", .malformed),
            text("ndjson-time-backwards", "ndjson", (0..<6).reversed().map { location($0) }.joined(separator: "\n") + "\n", .summary),
            text("ndjson-time-duplicate", "ndjson", (0..<6).map { location($0, time: "1714546800") }.joined(separator: "\n") + "\n", .summary),
            // Times no output can write are refused since issue 13 (they were summarised with null dates).
            text("ndjson-time-1e300", "ndjson", location(0, time: "1e300") + "\n" + location(1, time: "1.5e300") + "\n", .malformed),
            text("ndjson-time-minus-1e300", "ndjson", location(0, time: "-1e300") + "\n" + location(1) + "\n", .malformed),
            text("ndjson-time-1e300-text", "ndjson", location(0, time: "1e300") + "\n" + location(1, time: "1.5e300") + "\n", .malformed, ["--format", "text"]),
            text("ndjson-time-huge-gap", "ndjson", location(0, time: "0") + "\n" + location(1, time: "1e15") + "\n", .malformed, ["--format", "text"]),
            text("ndjson-time-gap-to-year-9900", "ndjson", location(0, time: "0") + "\n" + location(1, time: "250000000000") + "\n", .summary, ["--format", "text"]),
            text("ndjson-speed-absurd-text", "ndjson", #"{"type":"location","time":1,"latitude":47,"longitude":8,"speed":1e300}"# + "\n" + #"{"type":"location","time":2,"latitude":47.001,"longitude":8,"speed":1e300}"# + "\n", .summary, ["--format", "text", "--filter", "none"]),
            text("ndjson-bpm-1e300", "ndjson", location(0) + "\n" + #"{"type":"heartRate","time":1714546801,"bpm":1e300}"# + "\n" + location(1) + "\n", .summary),
            text("ndjson-raw-control-char", "ndjson", "{\"type\":\"header\",\"activity\":\"ru\u{01}n\"}\n", .malformed),
            text("ndjson-lone-surrogate", "ndjson", #"{"type":"header","activity":"\ud800"}"# + "\n", .malformed),
            text("ndjson-deep-nesting", "ndjson", #"{"type":"spo2","time":1,"x":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}\n", .malformed),
            text("ndjson-deep-objects", "ndjson", String(repeating: #"{"a":"#, count: 5_000) + "1" + String(repeating: "}", count: 5_000) + "\n", .malformed),
            text("ndjson-nesting-at-limit", "ndjson", #"{"type":"spo2","time":1,"x":"# + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "}\n", .summary),
            text("ndjson-unknown-types", "ndjson", #"{"type":"spo2","time":1,"percent":97}"# + "\n" + location(0) + "\n", .summary),

            // JSON documents.
            text("json-samples-is-object", "json", #"{"samples":{"type":"location"}}"#, .malformed),
            text("json-sample-is-array", "json", #"{"samples":[[1,2,3]]}"#, .malformed),
            text("json-top-level-string", "json", #""samples""#, .malformed),
            text("json-top-level-array-of-arrays", "json", "[[" + location(0) + "]]", .malformed),
            text("json-deep-nesting", "json", #"{"meta":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + #","samples":[]}"#, .malformed),
            text("json-two-documents", "json", validJSON + validJSON, .malformed),
            text("json-trailing-garbage", "json", validJSON + "x", .malformed),
            text("json-single-quotes", "json", "{'samples':[]}", .malformed),
            text("json-comment", "json", "// c\n" + validJSON, .malformed),
            text("json-unterminated-string", "json", #"{"samples":[],"activity":"run"#, .malformed),
            text("json-lat-1e999", "json", #"{"samples":["# + location(0, lat: "1e999") + "]}", .malformed),
            text("json-lat-minus-1e-400", "json", #"{"samples":["# + location(0, lat: "-1e-400") + "]}", .summary),
            text("json-activity-array", "json", #"{"activity":["running"],"samples":[]}"#, .malformed),
            text("json-empty-samples", "json", #"{"samples":[]}"#, .summary),
        ]
        cases.append(text("gpx-huge-attribute", "gpx", gpx([p[0], "<trkpt lat=\"47.1\" lon=\"8.5\" note=\"" + String(repeating: "x", count: 200_000) + "\"/>"]), .summary))
        cases += adversarial
        cases += tcxCases
        return cases
    }

    // MARK: TCX

    static func trackpoint(_ index: Int, lat: String? = nil, lon: String? = nil, time: String? = nil, altitude: String? = nil,
                           heartRate: String? = nil, position: Bool = true) -> String {
        let latitude = lat ?? String(format: "%.6f", 47.37 + Double(index) * 0.0003)
        let timestamp = time ?? String(format: "2024-05-01T07:00:%02dZ", index * 5)
        let place = position ? "<Position><LatitudeDegrees>\(latitude)</LatitudeDegrees><LongitudeDegrees>\(lon ?? "8.54")</LongitudeDegrees></Position>" : ""
        return "<Trackpoint><Time>\(timestamp)</Time>\(place)<AltitudeMeters>\(altitude ?? "\(400 + index)")</AltitudeMeters>"
            + "<DistanceMeters>\(index * 33)</DistanceMeters><HeartRateBpm><Value>\(heartRate ?? "\(120 + index)")</Value></HeartRateBpm>"
            + "<Extensions><ns3:TPX><ns3:Speed>6.6</ns3:Speed></ns3:TPX></Extensions></Trackpoint>"
    }

    /// A TCX document of two laps, each holding one `Track` of the given trackpoints.
    static func tcx(_ first: [String], _ second: [String] = [], declaration: String = #"<?xml version="1.0" encoding="UTF-8"?>"#, sport: String = "Running") -> String {
        func lap(_ start: String, _ points: [String]) -> String {
            "<Lap StartTime=\"\(start)\"><TotalTimeSeconds>15</TotalTimeSeconds><DistanceMeters>99</DistanceMeters><Calories>9</Calories>"
                + "<TriggerMethod>Manual</TriggerMethod><Track>\n\(points.joined(separator: "\n"))\n</Track></Lap>"
        }
        return """
        \(declaration)
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
        <Activities><Activity Sport="\(sport)"><Id>2024-05-01T07:00:00Z</Id>
        \(lap("2024-05-01T07:00:00Z", first))
        \(lap("2024-05-01T07:00:15Z", second))
        <Creator><Name>Corpus 1</Name></Creator></Activity></Activities>
        </TrainingCenterDatabase>

        """
    }

    static var validTCX: String { tcx((0..<3).map { trackpoint($0) }, (3..<6).map { trackpoint($0) }) }

    /// TCX: the same harness, every command (issue 15).
    static var tcxCases: [MalformedInputCase] {
        let t = (0..<6).map { trackpoint($0) }
        var cases: [MalformedInputCase] = [
            text("tcx-valid", "tcx", validTCX, .summary),
            text("tcx-valid-text-format", "tcx", validTCX, .summary, ["--format", "text"]),
            // Detected by its root element: named .gpx, no extension (standard input), or forced.
            text("tcx-named-gpx", "gpx", validTCX, .summary),
            text("stdin-tcx", nil, validTCX, .summary),
            text("stdin-tcx-input-format", nil, validTCX, .summary, ["--input-format", "tcx"]),
            text("tcx-leading-whitespace", "tcx", "\n   \n  " + validTCX, .summary),
            bytes("tcx-utf8-bom", "tcx", [0xEF, 0xBB, 0xBF] + Array(validTCX.utf8), .summary),
            text("tcx-sport-other", "tcx", tcx(t, sport: "Other"), .summary),
            text("tcx-sport-empty", "tcx", tcx(t, sport: ""), .summary),
            text("tcx-no-position", "tcx", tcx((0..<6).map { trackpoint($0, position: false) }), .summary),
            text("tcx-lap-without-trackpoints", "tcx", tcx([], []), .summary),
            text("tcx-no-activities", "tcx", #"<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"/>"#, .summary),
            text("tcx-deep-nesting", "tcx", tcx([t[0], "<Trackpoint><Extensions>" + String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000) + "</Extensions></Trackpoint>"]), .summary),
            // Optional fields that do not parse: dropped and counted.
            text("tcx-altitude-abc", "tcx", tcx([t[0], trackpoint(1, altitude: "abc"), t[2]]), .summary),
            text("tcx-heart-rate-1e999", "tcx", tcx([t[0], trackpoint(1, heartRate: "1e999"), t[2]]), .summary),
            text("tcx-altitude-1e300-text", "tcx", tcx([t[0], trackpoint(1, altitude: "1e300"), t[2]]), .summary, ["--format", "text"]),
            // Required fields that do not parse.
            text("tcx-lat-abc", "tcx", tcx([t[0], trackpoint(1, lat: "abc")]), .malformed),
            text("tcx-lon-NaN", "tcx", tcx([t[0], trackpoint(1, lon: "NaN")]), .malformed),
            text("tcx-lat-empty", "tcx", tcx([t[0], trackpoint(1, lat: "")]), .malformed),
            text("tcx-position-without-longitude", "tcx", tcx([t[0], "<Trackpoint><Position><LatitudeDegrees>47</LatitudeDegrees></Position></Trackpoint>"]), .malformed),
            text("tcx-time-month-13", "tcx", tcx([t[0], trackpoint(1, time: "2024-13-01T07:00:00Z")]), .malformed),
            text("tcx-time-words", "tcx", tcx([t[0], trackpoint(1, time: "later")]), .malformed),
            // Wrong roots and broken XML.
            text("tcx-wrong-root", "tcx", #"<?xml version="1.0"?><kml><Document/></kml>"#, .malformed),
            text("tcx-gpx-forced", "gpx", validGPX, .malformed, ["--input-format", "tcx"]),
            text("tcx-forced-gpx", "tcx", validTCX, .malformed, ["--input-format", "gpx"]),
            text("tcx-wrong-namespace", "tcx", #"<TrainingCenterDatabase xmlns="http://example.com/x"/>"#, .malformed),
            text("tcx-mismatched-end-tag", "tcx", tcx([t[0], "<Trackpoint><Time>2024-05-01T07:00:05Z</Time></Track>"]), .malformed),
            bytes("tcx-empty-file", "tcx", [], .malformed),
            bytes("tcx-binary-garbage", "tcx", garbage(count: 4096, seed: 0x7C15_9E37_79B9_7F4A), .malformed),
            text("tcx-entity-expansion", "tcx", """
                <?xml version="1.0"?>
                <!DOCTYPE TrainingCenterDatabase [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>
                <TrainingCenterDatabase><Activities><Activity Sport="&e;"/></Activities></TrainingCenterDatabase>
                """, .malformed),
        ]
        let end = validTCX.utf8.count - "\n".utf8.count
        cases += truncations(of: validTCX, name: "tcx", ext: "tcx", count: 16) { $0.count >= end }
        return cases
    }

    /// Valid but hostile inputs found by an adversarial pass (issues 12 and 13): each must end well in every
    /// command, without a crash, a hang or an output that grows without bound.
    static var adversarial: [MalformedInputCase] {
        func points(_ coordinates: [(Double, Double)], times: (Int) -> String) -> [String] {
            coordinates.enumerated().map { index, c in point(index, lat: String(c.0), lon: String(c.1), time: times(index)) }
        }
        func minuteTimes(_ index: Int) -> String { String(format: "2024-05-01T%02d:%02d:%02dZ", 7 + index / 3600, index / 60 % 60, index % 60) }
        var pauses = [#"{"type":"header","activity":"running"}"#]
        var t = 1_714_546_800
        for index in 0..<3000 {
            pauses.append(location(index, time: "\(t)"))
            pauses.append(#"{"type":"event","time":\#(t + 1),"event":"pause"}"#)
            pauses.append(#"{"type":"event","time":\#(t + 2),"event":"resume"}"#)
            t += 3
        }
        var segments = [#"{"type":"header","activity":"running"}"#]
        for index in 0..<5000 {
            segments.append(#"{"type":"event","time":\#(1_714_546_800 + index),"event":"segment"}"#)
            segments.append(location(index, time: "\(1_714_546_800 + index)"))
        }
        let wide: [(Double, Double)] = (0..<60).map { index -> (Double, Double) in (2 * sin(Double(index)), -87.5 + Double(index) * 3) }
        let antimeridian: [(Double, Double)] = (0..<120).map { index -> (Double, Double) in
            (10, index < 60 ? 179.95 + Double(index) * 0.0008 : -179.999 + Double(index - 60) * 0.0008)
        }
        let polar: [(Double, Double)] = (0..<300).map { index -> (Double, Double) in (89.999, Double(index * 7 % 360) - 180) }
        var cases: [MalformedInputCase] = [
            // Altitudes no device can have: dropped and counted, the fixes kept.
            text("gpx-ele-1.7e308", "gpx", gpx([p0, point(1, ele: "1.7e308"), point(2, ele: "-9000"), point(3)]), .summary),
            // A track spanning 175 degrees of longitude, one across the antimeridian, one round the pole.
            text("gpx-spans-175-degrees", "gpx", gpx(points(wide, times: minuteTimes)), .summary),
            text("gpx-crosses-antimeridian", "gpx", gpx(points(antimeridian, times: minuteTimes)), .summary),
            text("gpx-round-the-pole", "gpx", gpx(points(polar, times: minuteTimes)), .summary),
        ]
        let hrValues = [0, 255, -40, 140, 0, 150]
        let dropouts = (0..<6).flatMap { index -> [String] in
            [location(index), #"{"type":"heartRate","time":\#(1_714_546_800 + index * 5),"bpm":\#(hrValues[index])}"#]
        }
        cases += [
            // Every fix at the clock sentinel -2^31 s, and every fix at one time.
            text("gpx-clock-sentinel", "gpx", gpx((0..<30).map { point($0, time: "1901-12-13T20:45:52Z") }), .summary),
            text("gpx-all-one-time", "gpx", gpx((0..<30).map { point($0, time: "2024-05-01T07:00:00Z") }), .summary),
            // Two fixes 300 days apart, and thousands of pauses and segments.
            text("ndjson-300-days-apart", "ndjson", location(0, time: "1714546800") + "\n" + location(1, time: "1740466800") + "\n", .summary),
            text("ndjson-3000-pauses", "ndjson", pauses.joined(separator: "\n") + "\n", .summary),
            text("ndjson-5000-one-point-segments", "ndjson", segments.joined(separator: "\n") + "\n", .summary),
            // Heart-rate dropouts and negative energy.
            text("ndjson-hr-dropouts", "ndjson", dropouts.joined(separator: "\n") + "\n", .summary),
            text("ndjson-negative-energy", "ndjson", location(0) + "\n" + #"{"type":"activeEnergy","time":1714546801,"kilocalories":-500}"# + "\n" + location(1) + "\n", .summary),
        ]
        // One huge token (quadratic in libxml2's push parser before the reader grew its chunks), a DTD
        // internal subset (refused), UTF-32 (named).
        let gtComment = "<!--" + String(repeating: "a > b ", count: 400_000) + "-->"
        let gtAttribute = "<trkpt lat=\"47.37\" lon=\"8.54\" note=\"" + String(repeating: "x>y ", count: 500_000) + "\"/>"
        let entities = (0..<20_000).map { "<!ENTITY e\($0) \"v\($0)\">" }.joined(separator: "\n")
        let subset = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n" + entities + "\n]>\n" + validGPX.components(separatedBy: "\n").dropFirst().joined(separator: "\n")
        var subsetCase = text("gpx-doctype-internal-subset", "gpx", subset, .malformed)
        subsetCase.expectedMessage = ":2:15: DOCTYPE with an internal subset is not supported"
        cases += [
            text("gpx-2mb-comment-full-of-gt", "gpx", gpx([p0, gtComment, point(1)]), .summary),
            text("gpx-2mb-attribute-full-of-gt", "gpx", gpx([p0, gtAttribute, point(1)]), .summary),
            text("gpx-2mb-comment-before-root", "gpx", gpx(validPoints, declaration: #"<?xml version="1.0"?>"# + gtComment), .summary),
            subsetCase,
        ]
        // Times no output can write (before year 1, after year 9999): refused on input, with the field.
        let yearZero = text("gpx-time-year-0000", "gpx", gpx([p0, point(1, time: "0000-06-01T00:00:00Z")]), .malformed)
        let epoch1e18 = text("ndjson-time-1e18", "ndjson", location(0) + "\n" + location(1, time: "1e18") + "\n", .malformed)
        let milliseconds = text("json-time-in-milliseconds", "json", #"{"samples":["# + location(0, time: "1714546800000") + "]}", .malformed)
        let isoYearZero = text("ndjson-time-iso-year-0000", "ndjson", location(0, time: #""0000-01-01T00:00:00Z""#) + "\n", .malformed)
        for var timeCase in [yearZero, epoch1e18, milliseconds, isoYearZero] {
            timeCase.expectedMessage = "is outside the years 0001 to 9999"
            cases.append(timeCase)
        }
        cases += [
            text("gpx-time-year-0001", "gpx", gpx((0..<6).map { point($0, time: String(format: "0001-01-01T00:00:%02dZ", $0 * 5)) }), .summary),
            text("ndjson-time-year-9999", "ndjson", (0..<6).map { location($0, time: "\(253_402_300_700 + $0 * 5)") }.joined(separator: "\n") + "\n", .summary),
        ]
        for (name, ext, littleEndian, mark) in [("gpx-utf32be", "gpx", false, false), ("gpx-utf32le-bom", "gpx", true, true),
                                                ("stdin-utf32be-bom-gpx", nil, false, true), ("stdin-utf32le-gpx", nil, true, false)] {
            var utf32Case = bytes(name, ext, utf32((mark ? "\u{FEFF}" : "") + validGPX, littleEndian: littleEndian), .malformed)
            utf32Case.expectedMessage = ":1:1: encoding UTF-32 is not supported"
            cases.append(utf32Case)
        }
        return cases
    }

    static var p0: String { point(0) }

    /// A valid input cut at `count` offsets spread over it (never at its end), each of which must be
    /// reported as malformed. `safe` says whether a cut at an offset leaves a well-formed prefix, so those
    /// offsets are moved past.
    static func truncations(of text: String, name: String, ext: String, count: Int, wellFormedPrefixAt: (ArraySlice<UInt8>) -> Bool) -> [MalformedInputCase] {
        let all = Array(text.utf8)
        var cases: [MalformedInputCase] = []
        var used = Set<Int>()
        for index in 1...count {
            var offset = all.count * index / (count + 1)
            while offset < all.count - 1, wellFormedPrefixAt(all[..<offset]) || used.contains(offset) { offset += 1 }
            guard offset < all.count - 1, used.insert(offset).inserted else { continue }
            cases.append(bytes("\(name)-truncated-at-\(offset)", ext, Array(all[..<offset]), .malformed))
        }
        return cases
    }

    static var generated: [MalformedInputCase] {
        let gpxText = validGPX
        // An XML document is complete only after the root's end tag; trailing whitespace does not count.
        let gpxEnd = gpxText.utf8.count - "\n".utf8.count
        var cases = truncations(of: gpxText, name: "gpx", ext: "gpx", count: 24) { $0.count >= gpxEnd }
        // NDJSON: a cut right after a record's `}` (or at a line end) leaves whole lines, which are valid.
        cases += truncations(of: validNDJSON, name: "ndjson", ext: "ndjson", count: 16) { prefix in
            guard let last = prefix.last else { return true }
            return last == UInt8(ascii: "}") || last == UInt8(ascii: "\n")
        }
        cases += truncations(of: validJSON, name: "json", ext: "json", count: 12) { _ in false }
        // Every prefix of one track point's markup, cut inside tags, attributes and text.
        let pointMarkup = point(9)
        let head = gpx([point(0)]).components(separatedBy: "</trkseg>")[0]
        for cut in stride(from: 3, to: pointMarkup.utf8.count, by: 9) {
            let prefix = String(decoding: Array(pointMarkup.utf8)[..<cut], as: UTF8.self)
            cases.append(text("gpx-point-cut-at-\(cut)", "gpx", head + prefix, .malformed))
        }
        return cases
    }

    static var all: [MalformedInputCase] { handMade + generated }

    static func utf32(_ text: String, littleEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let value = scalar.value
            let big = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            return littleEndian ? big.reversed() : big
        }
    }

    static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit -> [UInt8] in
            let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
            return littleEndian ? [low, high] : [high, low]
        }
    }
}

extension Array where Element == UInt8 {
    /// The bytes with the first `<name>corpus</name>` replaced by `<name>` + `bytes` + `</name>`.
    func replacingName(with bytes: [UInt8]) -> [UInt8] {
        let needle = Array("<name>corpus</name>".utf8)
        guard let start = (0...(count - needle.count)).first(where: { Array(self[$0..<($0 + needle.count)]) == needle }) else { return self }
        return Array(self[..<start]) + Array("<name>".utf8) + bytes + Array("</name>".utf8) + Array(self[(start + needle.count)...])
    }
}
