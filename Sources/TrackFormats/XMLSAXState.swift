import WorkoutSamples
import CLibXML2
import CLibXML2Runtime

/// What the XML readers' parse states (`GPXParseState`, `TCXParseState`) share with ``XMLPushParser``:
/// the file name and parser for positions, the white space skipped before the document, the first
/// error, and the SAX2 handler whose callbacks forward to the state. The state lives behind a raw pointer
/// that libxml2 passes to the callbacks as user data.
///
/// The extension gives every state the same position arithmetic, error recording, name matching and
/// value quoting, so the readers report positions and libxml2's errors identically.
protocol XMLSAXState: ~Copyable {
    /// The name used in error messages.
    var fileName: String { get }
    /// The parser, for positions and `xmlStopParser`; set right after the context is created.
    var parser: xmlParserCtxtPtr? { get set }
    /// Lines (and, on the first line, columns) of leading white space skipped before libxml2 saw the input.
    var skippedLines: Int { get set }
    var skippedColumns: Int { get set }
    /// The first error; once set, every callback stops the parser and returns.
    var error: TrackFormatError? { get set }
    /// Whether an optional field that does not parse is an error (`--strict`), rather than dropped and counted.
    var readsStrictly: Bool { get }
    /// Optional fields dropped so far, by name (``TrackReadReport/skippedFields``).
    var skippedFields: [String: SkippedField] { get set }
    /// The error for an input that holds only white space (`empty document: no gpx element`).
    static var emptyDocumentMessage: String { get }
    /// A SAX2 handler whose callbacks forward to the state passed as user data.
    static func makeHandler() -> xmlSAXHandler
    /// Receives libxml2's structured errors for the state passed as context.
    static var structuredErrorHandler: xmlStructuredErrorFunc { get }
}

extension XMLSAXState where Self: ~Copyable {
    // MARK: Positions and errors

    /// libxml2's line and column, corrected for the white space skipped before the document.
    func position(line: Int, column: Int) -> SourcePosition {
        SourcePosition(line: line + skippedLines, column: line == 1 ? column + skippedColumns : column)
    }

    /// Where the parser is now (just after the construct being reported).
    func currentPosition() -> SourcePosition {
        guard let input = parser?.pointee.input else { return position(line: 1, column: 1) }
        return position(line: Int(input.pointee.line), column: max(1, Int(input.pointee.col)))
    }

    /// Records `message` at `position` as the error (unless one is already recorded) and stops the parser.
    mutating func fail(_ message: String, at position: SourcePosition) {
        if error == nil {
            error = TrackFormatError(file: fileName, position: position, message: message)
        }
        stop()
    }

    func stop() {
        if let parser { lazy_xmlStopParser(parser) }
    }

    /// Records an error libxml2 reports (malformed XML). Warnings are ignored. Does not stop the
    /// parser from inside libxml2's error path: a fatal error already ends SAX events, and for a
    /// recoverable one the next callback stops it.
    mutating func libraryError(_ reported: xmlErrorPtr) {
        let value = reported.pointee
        guard error == nil, value.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        // An element whose prefix is not declared (a converter's `<gpxdata:cadence>` without its `xmlns`):
        // libxml2 goes on, giving the element no namespace; ``undeclaredPrefix(_:name:uri:insideExtensions:countsAsSkipped:)``
        // drops and counts it, or fails, where it starts. An attribute's undeclared prefix (`str3`, the
        // element) stays an error.
        if !readsStrictly, value.domain == Int32(XML_FROM_NAMESPACE.rawValue),
           value.code == Int32(XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue), value.str3 == nil { return }
        let message = value.message.map { String(cString: $0).trimmingASCIIWhitespace() } ?? ""
        let where_ = value.line > 0
            ? position(line: Int(value.line), column: max(1, Int(value.int2)))
            : currentPosition()
        error = TrackFormatError(
            file: fileName,
            position: where_,
            message: message.isEmpty ? "malformed XML (libxml2 error \(value.code))" : message
        )
    }

    /// Whether the element being started has a prefix no `xmlns` declares (libxml2 gives it a prefix and no
    /// namespace). Inside a trackpoint's extensions (`insideExtensions`) it is optional data: dropped with its
    /// content, and counted in ``skippedFields`` as `prefix:name` when it is the outermost such element
    /// (`countsAsSkipped`: its parent is the extensions' container); the caller ignores it. Anywhere else
    /// (the root, a `trkpt`, a `Lap`) the file is refused with libxml2's message, as it was before such
    /// elements were dropped; with ``readsStrictly`` libxml2's own error does that everywhere.
    mutating func undeclaredPrefix(_ prefix: UnsafePointer<UInt8>?, name: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?,
                                   insideExtensions: Bool, countsAsSkipped: Bool) -> Bool {
        guard let prefix, uri == nil, !readsStrictly else { return false }
        let prefixText = String(cString: prefix), nameText = String(cString: name)
        if !insideExtensions {
            fail("Namespace prefix \(prefixText) on \(nameText) is not defined", at: currentPosition())
        } else if countsAsSkipped {
            SkippedField.note("\(prefixText):\(nameText)", at: currentPosition(), value: nil, in: &skippedFields)
        }
        return true
    }

    /// `<!DOCTYPE …`: an internal subset (`[`) is refused before libxml2 parses its declarations (see
    /// ``XMLPushFeeder``). Every reader's handler registers it as the `internalSubset` callback.
    mutating func documentType() {
        guard let parser, XMLPushFeeder.refuseInternalSubset(parser) else { return }
        fail(XMLPushFeeder.internalSubsetMessage, at: currentPosition())
    }

    // MARK: Names and values

    /// `true` when the NUL-terminated `name` is exactly `literal` (``XMLName``).
    @inline(__always)
    func matches(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        XMLName.matches(name, literal)
    }

    /// `true` when `bytes` is exactly `literal`.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        XMLName.matches(bytes, literal)
    }

    /// A value for an error message: at most 64 bytes, decoded leniently.
    static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let limit = 64
        if bytes.count <= limit { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<limit]), as: UTF8.self) + "…"
    }
}

/// Byte-wise comparison of libxml2's names (interned, NUL-terminated UTF-8) and texts with literals.
enum XMLName {
    /// `true` when the NUL-terminated `name` is exactly `literal`. Stops at the first difference, so it
    /// never reads past `name`'s terminator.
    @inline(__always)
    static func matches(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        let count = literal.utf8CodeUnitCount
        var index = 0
        while index < count {
            if name[index] != expected[index] { return false }
            index += 1
        }
        return name[count] == 0
    }

    /// `true` when `bytes` is exactly `literal`.
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] {
            return false
        }
        return true
    }
}

/// Classifies namespace URIs through a small cache keyed by pointer: libxml2 interns names in its
/// dictionary, so the same URI arrives as the same pointer and its bytes are compared once.
struct XMLNamespaceCache<Kind> {
    private var keys = ContiguousArray<UnsafePointer<UInt8>?>(repeating: nil, count: 8)
    private var values: ContiguousArray<Kind>
    private var next = 0

    init(placeholder: Kind) {
        values = ContiguousArray(repeating: placeholder, count: 8)
    }

    /// The kind of `uri`, from the cache or from `classify` (whose answer is then cached).
    @inline(__always)
    mutating func kind(of uri: UnsafePointer<UInt8>, classify: (UnsafePointer<UInt8>) -> Kind) -> Kind {
        for index in 0..<keys.count where keys[index] == uri {
            return values[index]
        }
        let kind = classify(uri)
        keys[next] = uri
        values[next] = kind
        next = (next + 1) % keys.count
        return kind
    }
}
