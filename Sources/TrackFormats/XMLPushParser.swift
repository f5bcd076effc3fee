import WorkoutSamples
import CLibXML2
import CLibXML2Runtime
import CLibraryLoader

/// Drives libxml2's SAX2 push parser over an input for the XML readers (GPX, TCX): the input is read in
/// chunks and pushed into `xmlParseChunk`; no document tree is built and the file is never held in memory.
///
/// - A UTF-8 byte order mark and ASCII white space before the first `<` are skipped (real Polar exports
///   put white space before `<?xml`); the state's ``XMLSAXState/skippedLines`` and
///   ``XMLSAXState/skippedColumns`` keep positions true to the file. UTF-16 input (with a byte order
///   mark) is handed over as it is, and declared encodings are decoded by libxml2.
/// - `XML_PARSE_NONET` and no DTD callbacks: nothing external is loaded, no entity but the predefined and
///   character ones is expanded. `XML_PARSE_HUGE` lifts libxml2's size limits on text nodes.
/// - While it runs, the state's structured error handler is the thread's, so libxml2 prints nothing; the
///   previous handler is restored before it returns.
enum XMLPushParser {
    /// Parses `input` into `state`'s callbacks, calling `afterChunk` after every chunk (and once at the
    /// end) so the reader can hand what the callbacks found to its sink.
    ///
    /// - Throws: the state's first error (`TrackFormatError`) as soon as a chunk produced it, libxml2's own
    ///   errors with their positions, `TrackInputError` when the input cannot be read, an empty-document
    ///   error for an input of only white space, and whatever `afterChunk` throws.
    static func parse<State: XMLSAXState & ~Copyable>(
        _ input: inout FormatSniffingInput, chunkSize: Int, state: UnsafeMutablePointer<State>,
        afterChunk: () throws -> Void
    ) throws {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, chunkSize), alignment: 16)
        defer { chunk.deallocate() }
        guard chunk.baseAddress != nil else { return }

        // The first bytes: skip a UTF-8 BOM and leading white space, keep at least 4 bytes (or all the
        // input) for libxml2's encoding detection.
        var head: [UInt8] = []
        var headStart = 0
        var atEnd = false
        func fill(_ wanted: Int) throws {
            while head.count - headStart < wanted, !atEnd {
                let count = try input.read(into: chunk)
                if count == 0 {
                    atEnd = true
                } else {
                    head.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                }
            }
        }
        try fill(4)
        if let encoding = XMLPushFeeder.unsupportedEncoding(ofFirstBytes: head) {
            throw TrackFormatError(
                file: input.name,
                position: SourcePosition(line: 1, column: 1),
                message: "encoding \(encoding) is not supported (convert the file to UTF-8)"
            )
        }
        let isUTF16 = head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { headStart = 3 }
        if !isUTF16 {
            var previous: UInt8 = 0
            while true {
                while headStart < head.count, XMLTextBuffer.isSpace(head[headStart]) {
                    let byte = head[headStart]
                    if byte == 0x0A {
                        if previous != 0x0D { state.pointee.skippedLines += 1 }
                        state.pointee.skippedColumns = 0
                    } else if byte == 0x0D {
                        state.pointee.skippedLines += 1
                        state.pointee.skippedColumns = 0
                    } else {
                        state.pointee.skippedColumns += 1
                    }
                    previous = byte
                    headStart += 1
                }
                if headStart < head.count || atEnd { break }
                head.removeAll(keepingCapacity: true)
                headStart = 0
                try fill(1)
            }
        }
        try fill(4)
        if headStart == head.count, atEnd {
            throw TrackFormatError(
                file: input.name,
                position: state.pointee.position(line: 1, column: 1),
                message: State.emptyDocumentMessage
            )
        }

        var handler = State.makeHandler()
        let context = UnsafeMutableRawPointer(state)
        let created = head[headStart...].withUnsafeBytes { bytes in
            lazy_xmlCreatePushParserCtxt(
                &handler, context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil
            )
        }
        guard let parser = created else {
            // libxml2 is opened at run time (CLibXML2Runtime): say why it could not be, when that is why.
            let reason = workoutengine_library_failure(workoutengine_libxml2_library()).map { ": " + String(cString: $0) } ?? ""
            throw TrackFormatError(file: input.name, position: SourcePosition(line: 1, column: 1), message: "cannot create an XML parser" + reason)
        }
        defer {
            if let document = parser.pointee.myDoc { lazy_xmlFreeDoc(document) }
            lazy_xmlFreeParserCtxt(parser)
        }
        state.pointee.parser = parser
        _ = lazy_xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue))

        // Errors libxml2 raises outside the parser's own channel (encoding conversion, I/O) go to the
        // thread's structured handler: make it ours for the duration of the parse.
        let savedHandler = lazy_xmlStructuredError()?.pointee
        let savedContext = lazy_xmlStructuredErrorContext()?.pointee
        lazy_xmlSetStructuredErrorFunc(context, State.structuredErrorHandler)
        defer { lazy_xmlSetStructuredErrorFunc(savedContext ?? nil, savedHandler ?? nil) }

        func check(_ status: Int32) throws {
            if let error = state.pointee.error { throw error }
            guard status != 0, let last = lazy_xmlCtxtGetLastError(parser),
                  last.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
            else { return }
            state.pointee.libraryError(last)
            if let error = state.pointee.error { throw error }
        }

        // The feeder keeps libxml2's work linear in the size of one token (see XMLPushFeeder). What the
        // callbacks completed before an error reaches the sink first: nothing accepted is lost.
        var feeder = XMLPushFeeder(chunkSize: chunkSize)
        while !atEnd, let status = try feeder.pushNext(into: parser, from: &input) {
            try afterChunk()
            try check(status)
            if feeder.startTagHasTooManyAttributes(parser) {
                throw TrackFormatError(file: input.name, position: state.pointee.currentPosition(),
                                       message: XMLPushFeeder.tooManyAttributesMessage)
            }
        }
        let status = lazy_xmlParseChunk(parser, nil, 0, 1)
        try afterChunk()
        try check(status)
    }
}
