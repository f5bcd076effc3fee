import CLibXML2
import CLibXML2Runtime

/// Feeds an input into a libxml2 push parser so that the parser's work stays linear in the input, whatever
/// the size of one token. Shared by the XML readers (GPX, TCX).
///
/// ## Why the chunk grows
/// libxml2's push parser (2.9) waits until a token is complete before parsing it: a comment, a processing
/// instruction, a start tag with its attributes, an internal DTD subset. Every `xmlParseChunk` that brings
/// a byte which might end the token (`>`) re-runs `xmlParseTryOrFinish`, which begins by scanning the whole
/// unparsed buffer backwards for the last `<` and `>` (`xmlParseGetLasts`), and for an internal subset
/// re-scans it from its start. Pushed in fixed 64 KiB chunks, a token of n bytes costs O(n²/64 KiB): a
/// 50 MB comment full of `>` took 27 s. The feeder reads at least as many new bytes as libxml2 holds
/// unparsed before it pushes again, so the bytes re-scanned while one token is open sum to at most twice
/// the token: O(n) in all, at the cost of a read buffer as large as the longest token (libxml2 holds the
/// whole token anyway).
///
/// ## What is refused
/// - A DOCTYPE with an internal subset (`<!DOCTYPE gpx [ … ]>`): libxml2 parses declarations even with no
///   DTD callbacks registered, and 600 000 entity declarations took 32 s and 292 MB. No track format
///   needs one; ``refuseInternalSubset(_:)`` stops the parser as soon as the `[` is seen.
/// - UTF-32 (UCS-4) input, which libxml2 2.9's push parser cannot read (it reported "Document is
///   empty"): ``unsupportedEncoding(ofFirstBytes:)`` names it before the parser starts.
/// - An element with more than ``maximumAttributesPerElement`` attributes: libxml2's duplicate check is
///   quadratic in their number (``startTagHasTooManyAttributes(_:)``).
///
/// Not thread safe; one reader owns one feeder.
struct XMLPushFeeder: ~Copyable {
    /// The smallest number of bytes pushed at a time.
    let chunkSize: Int
    /// At most this many bytes are pushed at once (`xmlParseChunk` takes an `Int32`; libxml2's own limit
    /// for one token under `XML_PARSE_HUGE` is 1 GB).
    static let maximumPushBytes = 1 << 30
    private var buffer: UnsafeMutableRawBufferPointer
    /// Calls of `xmlParseChunk` so far, for tests.
    private(set) var pushCount = 0

    /// The message of the error for a DOCTYPE with an internal subset.
    static let internalSubsetMessage = "DOCTYPE with an internal subset is not supported"

    init(chunkSize: Int) {
        self.chunkSize = max(1, chunkSize)
        buffer = .allocate(byteCount: self.chunkSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Reads the next piece of `input` and pushes it into `parser`: at least ``chunkSize`` bytes, and at
    /// least as many as the parser holds unparsed (an incomplete token), or what is left of the input.
    ///
    /// - Returns: `xmlParseChunk`'s status, or `nil` when the input had no more bytes (nothing was pushed).
    /// - Throws: `TrackInputError` when the input cannot be read.
    /// - Complexity: O(bytes read), amortised over the input together with libxml2's re-scans.
    mutating func pushNext(into parser: xmlParserCtxtPtr, from input: inout FormatSniffingInput) throws -> Int32? {
        let wanted = min(Self.maximumPushBytes, max(chunkSize, Self.unparsedByteCount(parser)))
        if wanted > buffer.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 16)
            buffer.deallocate()
            buffer = grown
        }
        var filled = 0
        while filled < wanted {
            let count = try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<wanted]))
            if count == 0 { break }
            filled += count
        }
        guard filled > 0, let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
        pushCount += 1
        return lazy_xmlParseChunk(parser, base, Int32(filled), 0)
    }

    /// Bytes libxml2 holds but has not parsed yet: the open token, when one is incomplete.
    static func unparsedByteCount(_ parser: xmlParserCtxtPtr) -> Int {
        guard let input = parser.pointee.input, let current = input.pointee.cur, let end = input.pointee.end else { return 0 }
        return max(0, end - current)
    }

    /// At most this many attributes on one element. libxml2 2.9 checks each attribute of a start tag
    /// against every earlier one for duplicates, so an element with a million attributes (10 MB of
    /// markup) would take hours; no track format needs more than a handful.
    static let maximumAttributesPerElement = 10_000

    /// The message of the error for an element with too many attributes.
    static let tooManyAttributesMessage = "element with more than \(maximumAttributesPerElement) attributes"

    /// Whether libxml2 is waiting for the end of a start tag that already holds more than
    /// ``maximumAttributesPerElement`` attributes (counted as `=` outside quoted values). Checked after a
    /// push only while libxml2 holds more than ``chunkSize`` unparsed bytes, and each push then at least
    /// doubles what it holds, so the scans stay linear in the input. Call before pushing more: the
    /// quadratic work happens when the tag's `>` arrives. The caller reports ``tooManyAttributesMessage``
    /// at the parser's position (the tag's `<`).
    func startTagHasTooManyAttributes(_ parser: xmlParserCtxtPtr) -> Bool {
        guard parser.pointee.instate == XML_PARSER_START_TAG, Self.unparsedByteCount(parser) > chunkSize,
              let input = parser.pointee.input, let current = input.pointee.cur, let end = input.pointee.end
        else { return false }
        var count = 0
        var quote: UInt8 = 0
        var cursor = current
        while cursor < end {
            let byte = cursor.pointee
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                count += 1
                if count > Self.maximumAttributesPerElement { return true }
            } else if byte == UInt8(ascii: ">") {
                return false
            }
            cursor += 1
        }
        return false
    }

    /// For a SAX `internalSubset` callback: `true` when the DOCTYPE being parsed opens an internal subset
    /// (libxml2 calls back with its cursor on the `[`). The caller then records
    /// ``internalSubsetMessage`` at the parser's position and stops the parser with `xmlStopParser`.
    static func refuseInternalSubset(_ parser: xmlParserCtxtPtr) -> Bool {
        guard let current = parser.pointee.input?.pointee.cur else { return false }
        return current.pointee == UInt8(ascii: "[")
    }

    /// The name of an encoding the XML readers cannot read, detected from the first bytes (at least 4 when
    /// the input has them): UTF-32 in either byte order, with or without a byte order mark.
    static func unsupportedEncoding(ofFirstBytes bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(4))
        guard head.count == 4 else { return nil }
        func isMarkup(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "<") || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return "UTF-32"  // big-endian byte order mark
        case (0xFF, 0xFE, 0x00, 0x00): return "UTF-32"  // little-endian byte order mark
        case (0x00, 0x00, 0x00, let last) where isMarkup(last): return "UTF-32"
        case (let first, 0x00, 0x00, 0x00) where isMarkup(first): return "UTF-32"
        default: return nil
        }
    }
}
