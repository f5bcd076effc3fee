import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// Hostile GPX inputs (issue 13, items 6 and 14): one huge token, a huge internal DTD subset, UTF-32.
/// Each must end (a summary or a clear error) under a hang guard; the work they need is well under a
/// second once the reader is linear. The readers here push 8 KiB chunks: the linear reader does not care,
/// while the quadratic one (64 KiB chunks: 27 s for a 50 MB comment, 96 s for 100 MB in the CLI) would
/// need about eight times as long.
struct GPXHostileInputTests {
    /// Generous: many times what the linear reader needs, far less than the quadratic one took.
    static let hangGuardSeconds = 60.0
    /// Bytes pushed at a time when no token is open.
    static let chunkSize = 8 << 10

    static let head = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="47.1" lon="8.5"><time>2024-05-01T07:00:00Z</time></trkpt>

        """
    static let tail = """
        <trkpt lat="47.2" lon="8.5"><time>2024-05-01T07:00:05Z</time></trkpt>
        </trkseg></trk></gpx>

        """

    /// Reads GPX whose middle is `megabytes` MiB of `piece` repeated, written into a pipe by another
    /// thread while the reader reads it (never held whole in memory by the test).
    static func readStreamed(prefix: String, piece: String, megabytes: Int, suffix: String) -> Result<(report: TrackReadReport, bytesRead: Int), any Error>? {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return .failure(POSIXError(.EIO)) }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        let writer = Thread {
            let handle = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)
            let unit = Data(String(repeating: piece, count: max(1, (1 << 20) / piece.utf8.count)).utf8)
            var written = 0
            try? handle.write(contentsOf: Data((head + prefix).utf8))
            while written < megabytes << 20 {
                guard (try? handle.write(contentsOf: unit)) != nil else { break }
                written += unit.count
            }
            try? handle.write(contentsOf: Data((suffix + tail).utf8))
            try? handle.close()
        }
        writer.start()
        return completing(within: hangGuardSeconds) {
            defer { close(readEnd) }
            let track = TrackInput(fileDescriptor: readEnd, name: "-")
            var input = FormatSniffingInput(track)
            var sink = RecordingSink()
            let report = try GPXReader(chunkSize: chunkSize).read(&input, into: &sink)
            return (report, track.bytesRead)
        }
    }

    /// A 100 MB comment full of `>` (each one made libxml2 re-scan the open comment: quadratic before).
    @Test func aHundredMegabyteCommentIsReadInLinearTime() throws {
        let result = try #require(Self.readStreamed(prefix: "<!--", piece: "a > b ", megabytes: 100, suffix: "-->\n"),
                                  "a 100 MB comment did not finish within \(Self.hangGuardSeconds) s")
        let (report, bytesRead) = try result.get()
        #expect(report.locationCount == 2)
        #expect(bytesRead > 100 << 20)
    }

    /// A 50 MB attribute value (with `>` inside, legal in an attribute) on a track point.
    @Test func aFiftyMegabyteAttributeIsReadInLinearTime() throws {
        let result = try #require(Self.readStreamed(prefix: "<trkpt lat=\"47.15\" lon=\"8.5\" note=\"", piece: "x>y ", megabytes: 50,
                                                    suffix: "\"><time>2024-05-01T07:00:02Z</time></trkpt>\n"),
                                  "a 50 MB attribute did not finish within \(Self.hangGuardSeconds) s")
        let (report, bytesRead) = try result.get()
        #expect(report.locationCount == 3)
        #expect(bytesRead > 50 << 20)
    }

    /// A 20 MB processing instruction and a 20 MB comment before the root element.
    @Test func hugeTokensBeforeTheRootElement() throws {
        for (open, close) in [("<?big ", "?>\n"), ("<!--", "-->\n")] {
            let prolog = "<?xml version=\"1.0\"?>\n" + open
            let text = prolog + String(repeating: "p > q ", count: (20 << 20) / 6) + close
                + Self.head.split(separator: "\n", maxSplits: 1)[1] + Self.tail
            let bytes = Array(text.utf8)
            let result = try #require(completing(within: Self.hangGuardSeconds) { try GPXTestReading.read(bytes: bytes, chunkSize: Self.chunkSize).report },
                                      "\(open): did not finish within \(Self.hangGuardSeconds) s")
            #expect(try result.get().locationCount == 2)
        }
    }

    /// A DOCTYPE with 600 000 entity declarations is refused at its `[`, before libxml2 parses them
    /// (before: 32 s and 292 MB, then a summary).
    @Test func aDoctypeWithAnInternalSubsetIsRefusedAtOnce() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n"
        text.reserveCapacity(20 << 20)
        for index in 0..<600_000 { text += "<!ENTITY e\(index) \"value \(index)\">\n" }
        text += "]>\n" + Self.head.split(separator: "\n", maxSplits: 1)[1] + Self.tail
        let bytes = Array(text.utf8)
        let result = try #require(completing(within: Self.hangGuardSeconds) { () -> String in
            do {
                _ = try GPXTestReading.read(bytes: bytes, chunkSize: Self.chunkSize)
                return "no error"
            } catch let error as TrackFormatError {
                return "\(error.position.line):\(error.position.column): \(error.message)"
            }
        }, "a DOCTYPE with 600k declarations did not finish within \(Self.hangGuardSeconds) s")
        #expect(try result.get() == "2:15: DOCTYPE with an internal subset is not supported")
    }

    /// A DOCTYPE without an internal subset (an external identifier, never loaded) is fine.
    @Test func aDoctypeWithoutAnInternalSubsetIsRead() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx SYSTEM \"gpx.dtd\">\n" + Self.head.split(separator: "\n", maxSplits: 1)[1] + Self.tail
        #expect(try GPXTestReading.read(text).report.locationCount == 2)
    }

    /// UTF-32 in both byte orders, with and without a byte order mark, is named (before: "Document is empty").
    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func utf32IsReportedAsUnsupported(bigEndian: Bool, byteOrderMark: Bool) throws {
        let text = (byteOrderMark ? "\u{FEFF}" : "") + Self.head + Self.tail
        let bytes = text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let value = scalar.value
            let big = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            return bigEndian ? big : big.reversed()
        }
        let error = try #require(GPXTestReading.formatError(bytes: bytes))
        #expect(error.message == "encoding UTF-32 is not supported (convert the file to UTF-8)")
        #expect(error.position == SourcePosition(line: 1, column: 1))
    }

    @Test func utf32IsDetectedFromItsFirstBytesOnly() {
        #expect(XMLPushFeeder.unsupportedEncoding(ofFirstBytes: [0x00, 0x00, 0x00, 0x3C]) == "UTF-32")
        #expect(XMLPushFeeder.unsupportedEncoding(ofFirstBytes: [0x3C, 0x00, 0x00, 0x00]) == "UTF-32")
        #expect(XMLPushFeeder.unsupportedEncoding(ofFirstBytes: [0x3C, 0x00, 0x3F, 0x00]) == nil)  // UTF-16LE
        #expect(XMLPushFeeder.unsupportedEncoding(ofFirstBytes: [0xFF, 0xFE, 0x3C, 0x00]) == nil)  // UTF-16LE BOM
        #expect(XMLPushFeeder.unsupportedEncoding(ofFirstBytes: Array("<?xm".utf8)) == nil)
    }
}
