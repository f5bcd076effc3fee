import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// The GPX fast path (`GPXFastScanner`) against libxml2 on the same bytes: what it reads must be exactly
/// what libxml2 reads, and whatever it does not read falls back to libxml2 with nothing handed on twice
/// (the differential fuzz target `fuzz-gpx-fast` checks the same on generated inputs).
struct GPXFastPathTests {
    struct Reading {
        var entries: [RecordingSink.Entry]
        var report: TrackReadReport?
        var error: String?
    }

    static func read(bytes: [UInt8], path: GPXReader.ParsePath, chunkSize: Int = 64 * 1024) -> Reading {
        read(TrackInput(bytes: bytes, name: "track.gpx"), path: path, chunkSize: chunkSize)
    }

    static func read(_ input: TrackInput, path: GPXReader.ParsePath, chunkSize: Int = 64 * 1024) -> Reading {
        var reader = GPXReader(chunkSize: chunkSize)
        reader.path = path
        var sniffing = FormatSniffingInput(input)
        var sink = RecordingSink()
        do {
            let report = try reader.read(&sniffing, into: &sink)
            return Reading(entries: sink.entries, report: report, error: nil)
        } catch {
            return Reading(entries: sink.entries, report: nil, error: "\(error)")
        }
    }

    /// Every way of reading `bytes` gives libxml2's result; returns whether the fast path alone read it.
    @discardableResult
    static func expectSameAsLibxml2(_ bytes: [UInt8], _ label: String) -> Bool {
        let reference = read(bytes: bytes, path: .libxml2)
        for chunkSize in [64 * 1024, 61] {
            // libxml2's push parser may name a different error for different chunk sizes.
            let reference = chunkSize == 64 * 1024 ? reference : read(bytes: bytes, path: .libxml2, chunkSize: chunkSize)
            let combined = read(bytes: bytes, path: .automatic, chunkSize: chunkSize)
            #expect(combined.entries == reference.entries, "\(label), chunks of \(chunkSize): samples differ")
            #expect(combined.report == reference.report, "\(label), chunks of \(chunkSize): report differs")
            #expect(combined.error == reference.error, "\(label), chunks of \(chunkSize): \(combined.error ?? "no error") vs \(reference.error ?? "no error")")
        }
        let fast = read(bytes: bytes, path: .fastOnly)
        if fast.error == nil {
            #expect(reference.error == nil, "\(label): the fast path read what libxml2 refuses")
            #expect(fast.entries == reference.entries, "\(label): fast path samples differ")
            #expect(fast.report == reference.report, "\(label): fast path report differs")
        }
        return fast.error == nil
    }

    /// Every GPX file of `SampleTracks/` and `../shared/tracks/`: the plain exports are read by the fast
    /// path itself, the others (CDATA in the hike planned on outdooractive, for one) fall back.
    @Test func everyRealTrackReadsAsWithLibxml2() throws {
        var urls = try FileManager.default.contentsOfDirectory(
            at: TestPaths.repositoryRoot.appendingPathComponent("SampleTracks"), includingPropertiesForKeys: nil)
        if TestPaths.sharedTracksAvailable {
            urls += try FileManager.default.contentsOfDirectory(
                at: TestPaths.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/tracks"),
                includingPropertiesForKeys: nil)
        }
        var fastPathRead: [String] = []
        for url in urls.filter({ $0.pathExtension == "gpx" }).sorted(by: { $0.path < $1.path }) {
            let bytes = try [UInt8](Data(contentsOf: url))
            if Self.expectSameAsLibxml2(bytes, url.lastPathComponent) { fastPathRead.append(url.lastPathComponent) }
        }
        #expect(fastPathRead.contains("run-garmin-connect-hr-cadence.gpx"))
        #expect(fastPathRead.contains("run-suunto-ambit-hr-cad-pauses.gpx"))
        #expect(fastPathRead.contains("hike-garmin-gpsmap64s-2seg-elevation.gpx"))
    }

    static let point = """
    <trkpt lat="47.1" lon="8.5"><ele>412.5</ele><time>2024-01-01T00:00:00Z</time>\
    <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
    """

    static func document(_ body: String, head: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") -> [UInt8] {
        Array((head + """
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
        <trk><type>running</type><trkseg>
        \(body)
        </trkseg></trk></gpx>

        """).utf8)
    }

    @Test func plainDocumentsAreReadByTheFastPath() {
        let points = String(repeating: Self.point + "\n", count: 50)
        #expect(Self.expectSameAsLibxml2(Self.document(points), "plain"))
        #expect(Self.expectSameAsLibxml2(Self.document(points, head: ""), "no declaration"))
        #expect(Self.expectSameAsLibxml2(Self.document(points, head: "<?xml version='1.0' standalone='yes'?>"), "standalone"))
        let crlf = String(decoding: Self.document(points), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(Self.expectSameAsLibxml2(Array(crlf.utf8), "CRLF"))
        let typeWithLineBreak = String(decoding: Self.document(points), as: UTF8.self)
            .replacingOccurrences(of: "<type>running</type>", with: "<type>trail\r\nrun ü</type>")
        #expect(Self.expectSameAsLibxml2(Array(typeWithLineBreak.utf8), "CR inside a collected text"))
    }

    /// The scanner takes a repeated `<name>` tag without resolving its name again while no namespace
    /// binding has come into or gone out of scope: here the same `<x:hr>` and `<ele>` sit under a prefix
    /// bound to Garmin's namespace, then to an unknown one, then to Garmin's again, and under a default
    /// namespace redeclared on one point. The fast path must read each as libxml2 does (no heart rate
    /// from the unknown namespace; the redeclared point's children are not GPX's).
    @Test func repeatedTagsFollowTheirNamespaceScope() {
        func point(_ latitude: String, _ uri: String, hr: Int) -> String {
            """
            <trkpt lat="\(latitude)" lon="8.5"><ele>4\(hr)</ele><extensions>\
            <x:TrackPointExtension xmlns:x="\(uri)"><x:hr>\(hr)</x:hr></x:TrackPointExtension></extensions></trkpt>
            """
        }
        let garmin = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1", unknown = "http://example.com/unknown"
        var body = ""
        for index in 0..<12 { body += point("47.\(index)", index % 3 == 1 ? unknown : garmin, hr: 100 + index) + "\n" }
        body += """
        <trkpt lat="47.9" lon="8.5" xmlns="http://example.com/other"><ele>999</ele><time>2024-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="48.0" lon="8.5"><ele>5</ele></trkpt>

        """
        #expect(Self.expectSameAsLibxml2(Self.document(body), "namespace scopes"))
        let reading = Self.read(bytes: Self.document(body), path: .fastOnly)
        let heartRates = reading.entries.filter { if case .sample(.heartRate) = $0 { true } else { false } }.count
        #expect(heartRates == 8, "12 points, 4 of them with the heart rate in an unknown namespace")
    }

    /// The recent tags are tried in the order they followed each other last time: points whose elements come
    /// in changing orders, with more kinds of element than there are slots, an empty element among them and
    /// the same names in another namespace, read as libxml2 reads them.
    @Test func recentTagsInChangingOrdersReadAsLibxml2Does() {
        let orders = [
            "<ele>1</ele><time>TIME</time><hdop>2</hdop>",
            "<time>TIME</time><ele>2</ele><sat>7</sat><hdop>3</hdop>",
            "<ele>3</ele><name>n</name><desc>d</desc><cmt>c</cmt><src>s</src><sym>y</sym><type>t</type><time>TIME</time>",
            "<ele>4</ele><magvar/><time>TIME</time>",
            "<ele xmlns=\"http://example.com/other\">5</ele><time>TIME</time><ele>6</ele>",
        ]
        var body = ""
        for index in 0..<40 {
            let time = "2024-01-01T00:00:" + String(format: "%02d", index) + "Z"
            let order = orders[(index * 7) % orders.count].replacingOccurrences(of: "TIME", with: time)
            body += "<trkpt lat=\"47.\(index)\" lon=\"8.5\">\(order)</trkpt>\n"
        }
        #expect(Self.expectSameAsLibxml2(Self.document(body), "changing orders"))
    }

    /// Each of these is outside what the fast path reads: it falls back, and the result (samples or the
    /// error with its line and column) is libxml2's. The unusual part comes after 40 points, so the fast
    /// path has handed samples on before it gives up.
    @Test(arguments: [
        "<!-- a comment -->", "<![CDATA[x]]>", "&amp;", "&#233;", "<?pi data?>", "<unknown:x/>",
        "<trkpt lat=\"47\" lon=\"8\" lat=\"48\"/>", "<a b='1' b='2'/>", "<p:a xmlns:p=\"\"/>", "</trkseg>",
        "<trkpt lat=\"4\u{7}7\" lon=\"8\"/>", "text \u{1} control", "]]>", "<a xml:lang=\"en\"/>",
        "<trkpt lat=\"x\" lon=\"8\"/>", "<trkpt lat=\"47\" lon=\"8\"><ele>high</ele></trkpt>",
        "<trkpt lat=\"47\" lon=\"8\"><time>yesterday</time></trkpt>", "<a\tb=\"1\tand\ttabs\"/>",
    ])
    func unusualContentFallsBackToLibxml2(_ unusual: String) {
        let points = String(repeating: Self.point + "\n", count: 40)
        let bytes = Self.document(points + unusual + "\n" + points)
        #expect(!Self.expectSameAsLibxml2(bytes, unusual))
    }

    @Test(arguments: [
        ("\u{FEFF}", "byte order mark"), ("  <?xml version=\"1.0\"?>\n", "white space before the declaration"),
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n", "another encoding"),
        ("<?xml version=\"1.1\"?>\n", "XML 1.1"), ("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx>\n", "a DOCTYPE"),
    ])
    func unusualPrologsFallBack(_ head: String, _ label: String) {
        #expect(!Self.expectSameAsLibxml2(Self.document(Self.point, head: head), label))
    }

    /// A stream of chunks (an HTTP body) with its size stated and kept as it arrives: `size` states it
    /// (`nil`: not stated, nothing kept).
    static func stream(_ bytes: [UInt8], chunkSize: Int, statedSize: Int?) async -> TrackInput {
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map { Array(bytes[$0..<min(bytes.count, $0 + chunkSize)]) }
        let channel = ThreadBridgeChannel<[UInt8]>(capacity: chunks.count + 1)
        for chunk in chunks { _ = await channel.send(chunk) }
        channel.finish()
        return TrackInput(channel: channel, name: "track.gpx", keepingSizeBytes: statedSize)
    }

    static func readAll(_ input: TrackInput) throws -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1000)
        while case let n = try buffer.withUnsafeMutableBytes({ try input.read(into: $0) }), n > 0 { all += buffer[..<n] }
        return all
    }

    /// A stream kept as it arrives goes back to its first byte once; one whose size was not stated, or
    /// that brings more bytes than stated, cannot.
    @Test func aStreamOfStatedSizeRewindsOnce() async throws {
        let bytes = Self.document(String(repeating: Self.point + "\n", count: 30))
        let kept = await Self.stream(bytes, chunkSize: 777, statedSize: bytes.count)
        #expect(kept.sizeBytes == bytes.count)
        #expect(try Self.readAll(kept) == bytes)
        #expect(kept.rewind())
        #expect(try Self.readAll(kept) == bytes)
        #expect(!kept.rewind())
        // Rewound part way: what arrived so far, then the chunks still to come.
        let partWay = await Self.stream(bytes, chunkSize: 777, statedSize: bytes.count)
        var first = [UInt8](repeating: 0, count: 1000)
        _ = try first.withUnsafeMutableBytes { try partWay.read(into: $0) }
        #expect(partWay.rewind())
        #expect(try Self.readAll(partWay) == bytes)
        let notStated = await Self.stream(bytes, chunkSize: 777, statedSize: nil)
        #expect(notStated.sizeBytes == nil)
        #expect(!notStated.rewind())
        let understated = await Self.stream(bytes, chunkSize: 777, statedSize: bytes.count - 1)
        #expect(try Self.readAll(understated) == bytes)
        #expect(!understated.rewind())
    }

    /// An input's observer sees every byte once, in order: bytes read again after a rewind are not shown
    /// again, and `readToEnd` shows those a reader left unread. On a file, in memory and on a stream.
    @Test func anObserverSeesEveryByteOnce() async throws {
        let bytes = Self.document(String(repeating: Self.point + "\n", count: 30))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("observed-\(UUID().uuidString).gpx")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let inputs: [(input: TrackInput, rewindsAgain: Bool)] = [
            (try TrackInput(path: path.path), true), (TrackInput(bytes: bytes, name: "track.gpx"), true),
            (await Self.stream(bytes, chunkSize: 777, statedSize: bytes.count), false),
        ]
        for (input, rewindsAgain) in inputs {
            final class Seen { var bytes: [UInt8] = [] }
            let seen = Seen()
            input.observeBytes { seen.bytes += $0 }
            var chunk = [UInt8](repeating: 0, count: 1000)
            // Part way, back to the start, further than before, then the rest.
            let first = try chunk.withUnsafeMutableBytes { try input.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<300])) }
            #expect(first == 300)
            #expect(input.rewind())
            // (A stream's read ends with its chunk: 777 bytes.)
            let again = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
            #expect(again > first)
            #expect(seen.bytes == Array(bytes[..<again]))
            try input.readToEnd()
            #expect(seen.bytes == bytes)
            // A second whole pass shows nothing more.
            if rewindsAgain {
                #expect(input.rewind())
                #expect(try Self.readAll(input) == bytes)
                #expect(seen.bytes == bytes)
            }
        }
    }

    /// With its size stated, a streamed GPX takes the fast path (`.fastOnly` reads it), and what the fast
    /// path does not read starts again with libxml2 from the bytes kept: libxml2's result either way.
    @Test(arguments: ["", "<!-- a comment -->", "<![CDATA[x]]>", "<trkpt lat=\"x\" lon=\"8\"/>"])
    func aStreamOfStatedSizeTakesTheFastPath(_ unusual: String) async {
        let points = String(repeating: Self.point + "\n", count: 40)
        let bytes = Self.document(points + unusual + "\n" + points)
        let reference = Self.read(bytes: bytes, path: .libxml2)
        for chunkSize in [61, 64 * 1024] {
            let streamed = Self.read(await Self.stream(bytes, chunkSize: chunkSize, statedSize: bytes.count), path: .automatic)
            #expect(streamed.entries == reference.entries, "\(unusual), chunks of \(chunkSize)")
            #expect(streamed.report == reference.report, "\(unusual), chunks of \(chunkSize)")
            #expect(streamed.error == reference.error, "\(unusual), chunks of \(chunkSize)")
            let fastOnly = Self.read(await Self.stream(bytes, chunkSize: chunkSize, statedSize: bytes.count), path: .fastOnly)
            #expect((fastOnly.error == nil) == unusual.isEmpty, "\(unusual): \(fastOnly.error ?? "read by the fast path")")
            let notStated = Self.read(await Self.stream(bytes, chunkSize: chunkSize, statedSize: nil), path: .automatic)
            #expect(notStated.entries == reference.entries && notStated.error == reference.error)
        }
    }

    @Test func truncatedDocumentsFallBackWithLibxml2sError() throws {
        let bytes = Self.document(String(repeating: Self.point + "\n", count: 20))
        for cut in stride(from: 1, to: bytes.count, by: 97) {
            #expect(!Self.expectSameAsLibxml2(Array(bytes[..<cut]), "cut at \(cut)"))
        }
    }

    /// The scanner's copy of a name (overlapping words up to 32 bytes, `update(from:count:)` beyond): every
    /// length from 0 to 40 gives the source's bytes and writes nothing past them.
    @Test func namesAreCopiedWholeAndNoFurther() {
        let source = (0..<40).map { UInt8(0x41 + $0) }
        for count in 0...40 {
            var destination = [UInt8](repeating: 0xEE, count: 48)
            source.withUnsafeBufferPointer { from in
                destination.withUnsafeMutableBufferPointer { to in
                    // Both base addresses exist: the arrays are not empty.
                    if let from = from.baseAddress, let to = to.baseAddress {
                        GPXFastScanner.copyBytes(from, to: to, count: count)
                    }
                }
            }
            #expect(Array(destination[..<count]) == Array(source[..<count]), "count \(count)")
            #expect(destination[count...].allSatisfy { $0 == 0xEE }, "count \(count)")
        }
    }

    /// The scanner's comparison of names (overlapping words up to 32 bytes, `memcmp` beyond): for every length
    /// from 0 to 40, equal bytes compare equal, a difference at any position within the length is found, and
    /// bytes past the length are not looked at.
    @Test func namesCompareByEveryByteAndNoFurther() {
        let reference = (0..<48).map { UInt8(0x41 + $0) }
        for count in 0...40 {
            for changed in -1..<48 {
                var other = reference
                if changed >= 0 { other[changed] ^= 0x20 }
                let same = reference.withUnsafeBufferPointer { a in
                    other.withUnsafeBufferPointer { b in
                        // Both base addresses exist: the arrays are not empty.
                        guard let a = a.baseAddress, let b = b.baseAddress else { return false }
                        return GPXFastScanner.sameBytes(a, b, count: count)
                    }
                }
                #expect(same == (changed < 0 || changed >= count), "count \(count), byte \(changed) changed")
            }
        }
    }
}
