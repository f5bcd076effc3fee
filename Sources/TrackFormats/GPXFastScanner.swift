import WorkoutSamples
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tokenizer for plain UTF-8 GPX that drives the same ``GPXParseState`` that libxml2's SAX2 callbacks
/// drive, with the same events: start tags (local name, namespace URI, attributes), end tags and
/// character data. What the GPX elements mean stays in the state; only the XML tokenizing differs.
///
/// It reads a deliberately small subset of XML and gives up (``Outcome/fallback``) on anything else, so
/// that whenever it finishes, libxml2 would have produced the very same events and no error. The reader
/// then parses the input again with libxml2 from its first byte, skipping what the scanner already handed
/// to the sink (``GPXReader``). Accepted:
/// - an optional XML declaration at the very first byte, with version 1.0, an optional UTF-8 encoding
///   and an optional standalone declaration; then white space and the root element;
/// - start, end and empty-element tags whose names are ASCII (`[A-Za-z_][A-Za-z0-9_.-]*`, with at most one
///   prefix), at most ``maximumDepth`` deep; attributes in double or single quotes, separated by white space,
///   at most ``maximumAttributes`` per element, none repeated (nor two with the same local name and a
///   prefix), every prefix declared; `xmlns` and `xmlns:p` declarations of URIs of the form
///   `scheme://host/path` in letters, digits and `-._~` (none binding `xml`, `xmlns` or an empty URI to a
///   prefix, none naming the XML or XMLNS namespace);
/// - character data and attribute values of UTF-8 text: no control character but tab and line feed
///   (carriage returns in character data become line feeds, as XML's end-of-line handling says; attribute
///   values have none, nor tabs or line feeds), no `&` (no entity or character reference), no `<` in a
///   value, no `]]>`;
/// - white space only after the root element.
/// Comments, processing instructions, CDATA sections, a document type declaration, a byte order mark,
/// white space before the first `<`, any other encoding, any GPX error (which needs libxml2's line and
/// column) or an optional value that does not parse (whose position the report keeps) fall back, and so
/// does a truncated document or a token longer than ``maximumTokenBytes``.
///
/// `Fuzz/Sources/fuzz-gpx-fast.swift` checks on every input that the scanner either falls back or hands
/// on the same samples and activity as the libxml2 reader, which must not fail.
///
/// Not thread safe: one read owns one scanner.
struct GPXFastScanner: ~Copyable {
    /// How a scan ended.
    enum Outcome {
        /// The whole document was read: the state holds what libxml2 would have produced.
        case finished
        /// The input needs libxml2 (see the type's documentation); the state must be discarded.
        case fallback
    }

    /// The deepest element nesting accepted (libxml2 allows 256, or 2048 with `XML_PARSE_HUGE`).
    static let maximumDepth = 200
    /// The most attributes (namespace declarations included) on one element.
    static let maximumAttributes = 32
    /// The longest name (with its prefix).
    static let maximumNameBytes = 255
    /// The longest token (a tag, or the character data between two tags).
    static let maximumTokenBytes = 1 << 20

    private var buffer: UnsafeMutableRawBufferPointer
    /// Unconsumed bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var atEnd = false
    private let chunkSize: Int

    /// Open elements' qualified names, back to back (``maximumDepth`` of at most ``maximumNameBytes``
    /// each), and where each starts.
    private let names: UnsafeMutablePointer<UInt8>
    private var namesCount = 0
    private let nameStarts: UnsafeMutablePointer<Int>
    /// How many elements are open (the entries of `nameStarts` and of `bindingCounts` in use, `bindingCounts`
    /// having one more while a start tag's scope is opened).
    private var depth = 0
    /// Namespace bindings in scope (interned prefix, `nil` and 0 bytes for the default namespace; interned
    /// URI or `nil` for an undeclared default), and how many each open element added. Plain pointers: a
    /// lookup per start tag retains nothing.
    private var bindings = ContiguousArray<(prefix: UnsafePointer<UInt8>?, prefixCount: Int, uri: UnsafePointer<UInt8>?)>()
    private let bindingCounts: UnsafeMutablePointer<Int>
    private var bindingCountsCount = 0
    /// Every namespace URI and declared prefix seen, NUL-terminated and kept until the scan ends:
    /// ``XMLNamespaceCache`` keys on the URIs' pointers, as on libxml2's dictionary strings.
    private var interned: [[UInt8]: UnsafeMutablePointer<UInt8>] = [:]
    /// NUL-terminated copies of the element's local name and of each attribute's.
    private let localName: UnsafeMutablePointer<UInt8>
    private let attributeNames: UnsafeMutablePointer<UInt8>
    /// libxml2's attribute layout: local name, prefix, URI, value start, value end.
    private let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    /// The current tag's attributes as found (namespace declarations included).
    private let found: UnsafeMutablePointer<FoundAttribute>
    private var foundCount = 0
    /// Bumped whenever a namespace binding comes into or goes out of scope: a recent element's namespace
    /// holds while it is unchanged.
    private var bindingsGeneration = 0
    /// Recent start tags of the form `<name>` (no attribute, nothing between the name and `>`), so that the
    /// same tag in the same scope is taken without scanning, copying or resolving its name again: a track's
    /// points repeat the same few elements. Each slot holds the qualified name's bytes, then its local name
    /// NUL-terminated (``recentSlotBytes`` in all).
    private let recentNames: UnsafeMutablePointer<UInt8>
    private let recent: UnsafeMutablePointer<RecentElement>
    private var recentCount = 0
    private var recentNext = 0
    /// The slot of the previous start tag when it was a recent one, else -1; and the slot that came after a
    /// start tag that was not (a `<trkpt lat=… lon=…>`, say). A track's points repeat their elements in the
    /// same order, so the slot that followed last time is tried first.
    private var previousSlot = -1
    private var slotAfterOther = -1
    /// Character data with its carriage returns turned into line feeds.
    private var normalized = XMLTextBuffer(capacity: 256)
    /// The per-byte tables, read once here: a static's every access goes through its lazy initialiser's
    /// check, once per name and per text.
    private let plainText = Self.plainText
    private let nameCharacterKinds = Self.nameCharacterKinds
    private let plainAttributeBytes = Self.plainAttributeBytes

    init(chunkSize: Int) {
        self.chunkSize = max(64, chunkSize)
        buffer = .allocate(byteCount: self.chunkSize, alignment: 16)
        localName = .allocate(capacity: Self.maximumNameBytes + 1)
        attributeNames = .allocate(capacity: Self.maximumAttributes * (Self.maximumNameBytes + 1))
        attributes = .allocate(capacity: Self.maximumAttributes * 5)
        found = .allocate(capacity: Self.maximumAttributes)
        names = .allocate(capacity: Self.maximumDepth * Self.maximumNameBytes)
        // Fixed stacks (no array's uniqueness check per tag): at most `maximumDepth` open elements, and the
        // scope of one more being opened.
        nameStarts = .allocate(capacity: Self.maximumDepth + 1)
        bindingCounts = .allocate(capacity: Self.maximumDepth + 1)
        recentNames = .allocate(capacity: Self.recentCapacity * Self.recentSlotBytes)
        recent = .allocate(capacity: Self.recentCapacity)
    }

    deinit {
        buffer.deallocate()
        localName.deallocate()
        attributeNames.deallocate()
        attributes.deallocate()
        found.deallocate()
        names.deallocate()
        nameStarts.deallocate()
        bindingCounts.deallocate()
        recentNames.deallocate()
        recent.deallocate()
        for pointer in interned.values { pointer.deallocate() }
    }

    /// Scans `input` from its first byte into `state`, calling `afterChunk` after each chunk (with the
    /// state's error and skipped fields checked first: either makes the scan fall back before anything of
    /// that chunk is handed on).
    /// - Throws: `TrackInputError` when the input cannot be read, and whatever `afterChunk` throws.
    mutating func scan(
        _ input: inout FormatSniffingInput, state: UnsafeMutablePointer<GPXParseState>, afterChunk: () throws -> Void
    ) throws -> Outcome {
        guard try fill(&input), let prologEnd = prolog() else { return .fallback }
        start = prologEnd
        var inRoot = false
        var closed = false
        while true {
            if start == end {
                if atEnd { break }
                if !(try refill(&input, state: state, afterChunk: afterChunk)) { return .fallback }
                continue
            }
            let step: Step
            if closed {
                step = epilog()
            } else {
                step = token(state: state, inRoot: &inRoot, closed: &closed)
            }
            switch step {
            case .advanced(let next):
                start = next
            case .needMore:
                if atEnd || end - start > Self.maximumTokenBytes { return .fallback }
                if !(try refill(&input, state: state, afterChunk: afterChunk)) { return .fallback }
            case .fallback:
                return .fallback
            }
        }
        guard closed, state.pointee.error == nil, state.pointee.skippedFields.isEmpty else { return .fallback }
        try afterChunk()
        return .finished
    }

    /// A recent `<name>` start tag: its qualified name's length, its namespace, and the bindings' generation
    /// it was resolved in.
    struct RecentElement {
        var count: Int
        var uri: UnsafePointer<UInt8>?
        var generation: Int
        /// The slot of the start tag that came next the last time this one came, or -1: tried first.
        var successor = -1
    }

    /// How many recent `<name>` tags are kept.
    static let recentCapacity = 8
    /// The longest qualified name kept among them.
    static let recentMaximumNameBytes = 32
    /// The bytes of one slot: the qualified name, then the local name and its NUL.
    static let recentSlotBytes = 2 * recentMaximumNameBytes + 1

    /// Where an attribute's prefix (empty when it has none), local name and value are in the buffer.
    struct FoundAttribute {
        var prefix: Range<Int>
        var local: Range<Int>
        var value: Range<Int>
    }

    private enum Step {
        case advanced(Int)
        case needMore
        case fallback
    }

    // MARK: Buffer

    /// Reads the first chunk; `false` when the input is empty.
    private mutating func fill(_ input: inout FormatSniffingInput) throws -> Bool {
        end = 0
        while end < buffer.count {
            let count = try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end..<buffer.count]))
            if count == 0 {
                atEnd = true
                break
            }
            end += count
        }
        return end > 0
    }

    /// Hands on what the chunk completed, keeps the unconsumed bytes and reads more behind them. `false`
    /// when the state failed or skipped a field (the scan falls back).
    private mutating func refill(
        _ input: inout FormatSniffingInput, state: UnsafeMutablePointer<GPXParseState>, afterChunk: () throws -> Void
    ) throws -> Bool {
        guard state.pointee.error == nil, state.pointee.skippedFields.isEmpty else { return false }
        try afterChunk()
        let kept = end - start
        guard let base = buffer.baseAddress else { return false }
        if kept + chunkSize > buffer.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: kept + chunkSize, alignment: 16)
            grown.baseAddress?.copyMemory(from: base + start, byteCount: kept)
            buffer.deallocate()
            buffer = grown
        } else if kept > 0 {
            memmove(base, base + start, kept)
        }
        start = 0
        end = kept
        let count = try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end..<buffer.count]))
        end += count
        if count == 0 { atEnd = true }
        return true
    }

    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        buffer.load(fromByteOffset: index, as: UInt8.self)
    }

    private var bytes: UnsafePointer<UInt8> {
        // The buffer is never empty (allocated with at least 64 bytes).
        UnsafePointer(buffer.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self))
    }

    // MARK: Prolog and epilog

    /// The XML declaration (if any) and the white space before the root element; the index of the root's
    /// `<`, or `nil` to fall back. The whole prolog must be in the first chunk.
    private func prolog() -> Int? {
        var index = 0
        if matches(at: 0, "<?xml") {
            guard end > 5, Self.isSpace(byte(5)) else { return nil }
            index = 5
            var sawVersion = false
            var sawEncoding = false
            var sawStandalone = false
            while true {
                let afterSpace = skipSpace(from: index)
                if afterSpace + 1 < end, byte(afterSpace) == UInt8(ascii: "?"), byte(afterSpace + 1) == UInt8(ascii: ">") {
                    guard sawVersion else { return nil }
                    index = afterSpace + 2
                    break
                }
                guard afterSpace > index else { return nil }
                index = afterSpace
                guard let (name, value, next) = pseudoAttribute(at: index) else { return nil }
                if !sawVersion, !sawEncoding, !sawStandalone, name == "version" {
                    guard value == "1.0" else { return nil }
                    sawVersion = true
                } else if sawVersion, !sawEncoding, !sawStandalone, name == "encoding" {
                    guard value.lowercased() == "utf-8" else { return nil }
                    sawEncoding = true
                } else if sawVersion, !sawStandalone, name == "standalone" {
                    guard value == "yes" || value == "no" else { return nil }
                    sawStandalone = true
                } else {
                    return nil
                }
                index = next
            }
        }
        index = skipSpace(from: index)
        guard index + 1 < end, byte(index) == UInt8(ascii: "<"), Self.isNameStart(byte(index + 1)) else { return nil }
        return index
    }

    /// `name="value"` (or single quotes) of the XML declaration, ASCII letters, digits, `.`, `-` and `_`.
    private func pseudoAttribute(at index: Int) -> (String, String, Int)? {
        var cursor = index
        while cursor < end, Self.isNameChar(byte(cursor)), byte(cursor) != UInt8(ascii: ":") { cursor += 1 }
        guard cursor > index, cursor - index < 32 else { return nil }
        let name = String(decoding: UnsafeBufferPointer(start: bytes + index, count: cursor - index), as: UTF8.self)
        cursor = skipSpace(from: cursor)
        guard cursor < end, byte(cursor) == UInt8(ascii: "=") else { return nil }
        cursor = skipSpace(from: cursor + 1)
        guard cursor < end else { return nil }
        let quote = byte(cursor)
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let valueStart = cursor + 1
        cursor = valueStart
        while cursor < end, byte(cursor) != quote {
            guard Self.isNameChar(byte(cursor)), cursor - valueStart < 32 else { return nil }
            cursor += 1
        }
        guard cursor < end else { return nil }
        let value = String(decoding: UnsafeBufferPointer(start: bytes + valueStart, count: cursor - valueStart), as: UTF8.self)
        return (name, value, cursor + 1)
    }

    /// After the root element: white space only, to the end of the input.
    private func epilog() -> Step {
        let next = skipSpace(from: start)
        return next == end ? .advanced(next) : .fallback
    }

    // MARK: Content

    /// One token at `start`: character data up to the next `<`, or a tag.
    private mutating func token(state: UnsafeMutablePointer<GPXParseState>, inRoot: inout Bool, closed: inout Bool) -> Step {
        if byte(start) != UInt8(ascii: "<") {
            guard inRoot else { return .fallback }
            // Character data between tags is short (a number, a time, a line break): one pass over plain
            // bytes up to the `<` hands it over. Anything else (a carriage return, `&`, `]`, non-ASCII, the
            // end of the chunk) goes the general way below, from the start again.
            let text = bytes, plain = plainText
            var index = start
            while index < end, plain[Int(text[index])] != 0 { index += 1 }
            if index < end, text[index] == UInt8(ascii: "<") {
                state.pointee.characters(text + start, count: index - start)
                return .advanced(index)
            }
            guard let base = buffer.baseAddress,
                  let lessThan = memchr(base + start, Int32(UInt8(ascii: "<")), end - start) else { return .needMore }
            let textEnd = base.distance(to: lessThan)
            return characters(from: start, to: textEnd, state: state) ? .advanced(textEnd) : .fallback
        }
        guard start + 1 < end else { return .needMore }
        let next = byte(start + 1)
        if next == UInt8(ascii: "/") {
            let step = endTag(state: state)
            if case .advanced = step, depth == 0 { closed = true }
            return step
        }
        guard Self.isNameStart(next) else { return .fallback }
        let step = startTag(state: state)
        if case .advanced = step {
            inRoot = true
            if depth == 0 { closed = true }  // an empty root element
        }
        return step
    }

    /// Checks `[from, to)` as character data and hands it to the state; `false` to fall back.
    private mutating func characters(from: Int, to: Int, state: UnsafeMutablePointer<GPXParseState>) -> Bool {
        var index = from
        var hasCarriageReturn = false
        let text = bytes
        let plain = plainText
        while index < to {
            let value = text[index]
            if plain[Int(value)] != 0 {
                index += 1
                continue
            }
            switch value {
            case 0x0D:
                hasCarriageReturn = true
                index += 1
            case UInt8(ascii: "]"):
                if index + 2 < to, byte(index + 1) == UInt8(ascii: "]"), byte(index + 2) == UInt8(ascii: ">") { return false }
                index += 1
            case 0x80...:
                guard let length = Self.utf8CharacterLength(bytes + index, available: to - index) else { return false }
                index += length
            default:
                return false  // `&`, or a control character
            }
        }
        guard to > from else { return true }
        if hasCarriageReturn {
            normalized.removeAll()
            var cursor = from
            while cursor < to {
                let value = byte(cursor)
                if value == 0x0D {
                    var lineFeed: UInt8 = 0x0A
                    normalized.append(&lineFeed, count: 1)
                    if cursor + 1 < to, byte(cursor + 1) == 0x0A { cursor += 1 }
                } else {
                    var copy = value
                    normalized.append(&copy, count: 1)
                }
                cursor += 1
            }
            state.pointee.characters(normalized.base, count: normalized.count)
        } else {
            state.pointee.characters(bytes + from, count: to - from)
        }
        return true
    }

    /// `</name S? >` closing the innermost open element.
    private mutating func endTag(state: UnsafeMutablePointer<GPXParseState>) -> Step {
        guard depth > 0 else { return .fallback }
        let open = nameStarts[depth - 1]
        let length = namesCount - open
        let nameStart = start + 2
        guard nameStart + length < end else { return .needMore }
        guard Self.sameBytes(names + open, bytes + nameStart, count: length), !Self.isNameChar(byte(nameStart + length)) else { return .fallback }
        let close = skipSpace(from: nameStart + length)
        guard close < end else { return .needMore }
        guard byte(close) == UInt8(ascii: ">") else { return .fallback }
        state.pointee.endElement()
        namesCount = open
        depth -= 1
        popBindings()
        return .advanced(close + 1)
    }

    /// A start tag or an empty-element tag, with its attributes and namespace declarations.
    private mutating func startTag(state: UnsafeMutablePointer<GPXParseState>) -> Step {
        guard depth < Self.maximumDepth else { return .fallback }
        if let slot = recentElement(at: start + 1) {
            // The same `<name>` in the same scope as before: what the steps below would find, without them.
            follow(with: slot)
            let element = recent[slot]
            let qualified = recentNames + slot * Self.recentSlotBytes
            bindingCounts[bindingCountsCount] = 0
            bindingCountsCount += 1
            state.pointee.startElement(name: qualified + Self.recentMaximumNameBytes, uri: element.uri, attributeCount: 0,
                                       attributes: attributes)
            nameStarts[depth] = namesCount
            depth += 1
            Self.copyBytes(qualified, to: names + namesCount, count: element.count)
            namesCount += element.count
            return .advanced(start + 1 + element.count + 1)
        }
        var cursor = start + 1
        guard let element = qualifiedName(at: &cursor) else { return cursor >= end ? .needMore : .fallback }
        foundCount = 0
        var isEmpty = false
        while true {
            let afterSpace = skipSpace(from: cursor)
            guard afterSpace < end else { return .needMore }
            let value = byte(afterSpace)
            if value == UInt8(ascii: ">") {
                cursor = afterSpace + 1
                break
            }
            if value == UInt8(ascii: "/") {
                guard afterSpace + 1 < end else { return .needMore }
                guard byte(afterSpace + 1) == UInt8(ascii: ">") else { return .fallback }
                cursor = afterSpace + 2
                isEmpty = true
                break
            }
            guard afterSpace > cursor, foundCount < Self.maximumAttributes else { return .fallback }
            cursor = afterSpace
            guard let name = qualifiedName(at: &cursor) else { return cursor >= end ? .needMore : .fallback }
            cursor = skipSpace(from: cursor)
            guard cursor < end else { return .needMore }
            guard byte(cursor) == UInt8(ascii: "=") else { return .fallback }
            cursor = skipSpace(from: cursor + 1)
            guard cursor < end else { return .needMore }
            let quote = byte(cursor)
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return .fallback }
            let valueStart = cursor + 1
            guard let base = buffer.baseAddress,
                  let closing = memchr(base + valueStart, Int32(quote), end - valueStart) else { return .needMore }
            let valueEnd = base.distance(to: closing)
            guard attributeValueIsPlain(from: valueStart, to: valueEnd) else { return .fallback }
            found[foundCount] = FoundAttribute(prefix: name.prefix, local: name.local, value: valueStart..<valueEnd)
            foundCount += 1
            cursor = valueEnd + 1
        }
        guard let uri = openScope(element: element) else { return .fallback }

        // libxml2's layout, namespace declarations left out.
        var count = 0
        for index in 0..<foundCount where !isNamespaceDeclaration(found[index].prefix, found[index].local) {
            let attribute = found[index]
            let nameCopy = attributeNames + count * (Self.maximumNameBytes + 1)
            copyName(attribute.local, into: nameCopy)
            let entry = attributes + count * 5
            entry[0] = UnsafePointer(nameCopy)
            entry[1] = nil
            if attribute.prefix.isEmpty {
                entry[2] = nil
            } else {
                guard let bound = lookup(attribute.prefix) else { return .fallback }
                entry[2] = bound
            }
            entry[3] = bytes + attribute.value.lowerBound
            entry[4] = bytes + attribute.value.upperBound
            count += 1
        }
        copyName(element.local, into: localName)
        state.pointee.startElement(name: localName, uri: uri, attributeCount: count, attributes: attributes)
        if isEmpty {
            state.pointee.endElement()
            popBindings()
            follow(with: -1)
        } else {
            nameStarts[depth] = namesCount
            depth += 1
            let first = element.prefix.isEmpty ? element.local.lowerBound : element.prefix.lowerBound
            let length = element.local.upperBound - first
            Self.copyBytes(bytes + first, to: names + namesCount, count: length)
            namesCount += length
            if foundCount == 0, cursor == element.local.upperBound + 1 {
                follow(with: remember(qualified: first..<element.local.upperBound, local: element.local, uri: uri) ?? -1)
            } else {
                follow(with: -1)
            }
        }
        return .advanced(cursor)
    }

    /// The slot of the recent `<name>` tag whose name is at `index`, followed by `>`, resolved in the
    /// current scope; `nil` when none is. Mutating, though it changes nothing, for the reason
    /// ``qualifiedName(at:)`` is.
    @inline(__always)
    private mutating func recentElement(at index: Int) -> Int? {
        guard index < end else { return nil }
        let first = byte(index)
        let predicted = previousSlot >= 0 ? recent[previousSlot].successor : slotAfterOther
        if predicted >= 0, recentSlot(predicted, isAt: index, first: first) { return predicted }
        for slot in 0..<recentCount where slot != predicted {
            if recentSlot(slot, isAt: index, first: first) { return slot }
        }
        return nil
    }

    /// Whether the recent tag in `slot` is the `<name>` whose name is at `index` (its first byte `first`),
    /// followed by `>`, in the same namespace scope.
    @inline(__always)
    private func recentSlot(_ slot: Int, isAt index: Int, first: UInt8) -> Bool {
        let element = recent[slot]
        let qualified = recentNames + slot * Self.recentSlotBytes
        return qualified[0] == first && element.generation == bindingsGeneration && index + element.count < end
            && byte(index + element.count) == UInt8(ascii: ">")
            && Self.sameBytes(qualified, bytes + index, count: element.count)
    }

    /// Notes that the start tag just read is the recent one in `slot` (-1: none): the tag before it learns
    /// which slot to try first next time.
    @inline(__always)
    private mutating func follow(with slot: Int) {
        if previousSlot >= 0 { recent[previousSlot].successor = slot } else { slotAfterOther = slot }
        previousSlot = slot
    }

    /// Keeps a `<name>` start tag just read (no attribute, `>` right after the name) among the recent ones:
    /// `qualified` is where its whole name is in the buffer, `local` its local part. Returns its slot, or
    /// `nil` when the name is too long to keep.
    private mutating func remember(qualified: Range<Int>, local: Range<Int>, uri: UnsafePointer<UInt8>?) -> Int? {
        let count = qualified.count
        guard count <= Self.recentMaximumNameBytes else { return nil }
        let slot = recentNext
        recentNext = (recentNext + 1) % Self.recentCapacity
        recentCount = max(recentCount, slot + 1)
        let slotBytes = recentNames + slot * Self.recentSlotBytes
        slotBytes.update(from: bytes + qualified.lowerBound, count: count)
        copyName(local, into: slotBytes + Self.recentMaximumNameBytes)
        recent[slot] = RecentElement(count: count, uri: uri, generation: bindingsGeneration)
        return slot
    }

    /// `prefix:local` or `local` at `cursor` (advanced past it); `nil` when it is not a name this scanner
    /// reads or runs to the end of the bytes (then `cursor >= end`).
    /// Mutating though it changes nothing: called from a mutating method, a non-mutating one was handed a
    /// copy of the whole scanner (200 bytes, once per start tag); a mutating one gets it in place.
    @inline(__always)
    private mutating func qualifiedName(at cursor: inout Int) -> (prefix: Range<Int>, local: Range<Int>)? {
        let nameStart = cursor
        guard cursor < end else { return nil }
        guard Self.isNameStart(byte(cursor)) else { return nil }
        var colon: Int?
        cursor += 1
        let kinds = nameCharacterKinds
        while cursor < end {
            let kind = kinds[Int(byte(cursor))]
            if kind == 0 { break }
            if kind == 2 {
                guard colon == nil else { return nil }
                colon = cursor
            }
            cursor += 1
        }
        guard cursor < end else { return nil }
        guard cursor - nameStart <= Self.maximumNameBytes else {
            cursor = nameStart  // not at the end: fall back
            return nil
        }
        guard let colon else { return (nameStart..<nameStart, nameStart..<cursor) }
        guard colon + 1 < cursor, Self.isNameStart(byte(colon + 1)) else { return nil }
        return (nameStart..<colon, (colon + 1)..<cursor)
    }

    /// An attribute value that libxml2 hands on unchanged: no `<`, `&`, tab, line feed, carriage return
    /// or other control character, valid UTF-8.
    /// Mutating though it changes nothing: called from a mutating method, a non-mutating one was handed a
    /// copy of the whole scanner (200 bytes, once per start tag); a mutating one gets it in place.
    private mutating func attributeValueIsPlain(from: Int, to: Int) -> Bool {
        var index = from
        let plain = plainAttributeBytes
        while index < to {
            let value = byte(index)
            if plain[Int(value)] != 0 {
                index += 1
                continue
            }
            if value >= 0x80 {
                guard let length = Self.utf8CharacterLength(bytes + index, available: to - index) else { return false }
                index += length
                continue
            }
            return false  // a control character, `<` or `&`
        }
        return true
    }

    // MARK: Namespaces

    private func isNamespaceDeclaration(_ prefix: Range<Int>, _ local: Range<Int>) -> Bool {
        prefix.isEmpty ? equals(local, "xmlns") : equals(prefix, "xmlns")
    }

    /// Binds the element's namespace declarations, checks its attributes' names, and returns the
    /// element's namespace URI (`.some(nil)` for none); `nil` to fall back.
    private mutating func openScope(element: (prefix: Range<Int>, local: Range<Int>)) -> UnsafePointer<UInt8>?? {
        var added = 0
        defer {
            bindingCounts[bindingCountsCount] = added
            bindingCountsCount += 1
            if added > 0 { bindingsGeneration &+= 1 }
        }
        for index in 0..<foundCount {
            let attribute = found[index]
            for otherIndex in 0..<index {
                let other = found[otherIndex]
                if equals(attribute.local, other.local),
                   equals(attribute.prefix, other.prefix) || (!attribute.prefix.isEmpty && !other.prefix.isEmpty) {
                    return nil
                }
            }
            let declaredPrefix: UnsafePointer<UInt8>?
            if attribute.prefix.isEmpty, equals(attribute.local, "xmlns") {
                declaredPrefix = nil
            } else if equals(attribute.prefix, "xmlns") {
                guard !equals(attribute.local, "xml"), !equals(attribute.local, "xmlns"), !attribute.value.isEmpty else { return nil }
                declaredPrefix = intern(attribute.local)
            } else {
                guard !equals(attribute.prefix, "xml") else { return nil }
                continue
            }
            guard attribute.value.isEmpty || isPlainNamespaceURI(attribute.value),
                  !equals(attribute.value, "http://www.w3.org/XML/1998/namespace"),
                  !equals(attribute.value, "http://www.w3.org/2000/xmlns/") else { return nil }
            bindings.append((declaredPrefix, declaredPrefix == nil ? 0 : attribute.local.count,
                             attribute.value.isEmpty ? nil : intern(attribute.value)))
            added += 1
        }
        if element.prefix.isEmpty {
            guard !equals(element.local, "xmlns") else { return nil }
            return .some(lookup(nil))
        }
        guard !equals(element.prefix, "xml"), !equals(element.prefix, "xmlns"), let bound = lookup(element.prefix) else { return nil }
        return .some(bound)
    }

    /// `scheme://host/path` with letters, digits and `-._~` only (what GPX namespaces look like): libxml2
    /// reports a namespace URI it cannot parse as an error, and this is a subset it always parses.
    private func isPlainNamespaceURI(_ range: Range<Int>) -> Bool {
        func isAlphanumeric(_ value: UInt8) -> Bool {
            ((value | 0x20) >= UInt8(ascii: "a") && (value | 0x20) <= UInt8(ascii: "z"))
                || (value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9"))
        }
        func isIn(_ value: UInt8, _ extra: StaticString) -> Bool {
            isAlphanumeric(value) || UnsafeBufferPointer(start: extra.utf8Start, count: extra.utf8CodeUnitCount).contains(value)
        }
        var index = range.lowerBound
        guard index < range.upperBound, Self.isNameStart(byte(index)), byte(index) != UInt8(ascii: "_") else { return false }
        while index < range.upperBound, isIn(byte(index), "+-.") { index += 1 }
        guard index + 3 < range.upperBound, byte(index) == UInt8(ascii: ":"), byte(index + 1) == UInt8(ascii: "/"),
              byte(index + 2) == UInt8(ascii: "/") else { return false }
        index += 3
        let hostStart = index
        while index < range.upperBound, isIn(byte(index), "-.") { index += 1 }
        guard index > hostStart else { return false }
        while index < range.upperBound {
            guard byte(index) == UInt8(ascii: "/") else { return false }
            index += 1
            while index < range.upperBound, isIn(byte(index), "-._~") { index += 1 }
        }
        return true
    }

    private mutating func popBindings() {
        guard bindingCountsCount > 0 else { return }
        bindingCountsCount -= 1
        let added = bindingCounts[bindingCountsCount]
        // Nearly every element declares no namespace: the array is not touched then (even removing
        // nothing checks that its buffer is unique).
        guard added > 0 else { return }
        bindings.removeLast(added)
        bindingsGeneration &+= 1
    }

    /// The URI bound to `prefix` (`nil`: the default namespace), or `nil` when none is.
    /// Mutating though it changes nothing: called from a mutating method, a non-mutating one was handed a
    /// copy of the whole scanner (200 bytes, once per start tag); a mutating one gets it in place.
    private mutating func lookup(_ prefix: Range<Int>?) -> UnsafePointer<UInt8>? {
        var index = bindings.count
        while index > 0 {
            index -= 1
            let binding = bindings[index]
            if let prefix {
                if binding.prefixCount == prefix.count, let bound = binding.prefix,
                   Self.sameBytes(bound, bytes + prefix.lowerBound, count: prefix.count) {
                    return binding.uri
                }
            } else if binding.prefixCount == 0 {
                return binding.uri
            }
        }
        return nil
    }

    private mutating func intern(_ range: Range<Int>) -> UnsafePointer<UInt8> {
        let key = Array(UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count))
        if let pointer = interned[key] { return UnsafePointer(pointer) }
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: key.count + 1)
        pointer.initialize(from: key, count: key.count)
        pointer[key.count] = 0
        interned[key] = pointer
        return UnsafePointer(pointer)
    }

    // MARK: Bytes

    private func copyName(_ range: Range<Int>, into destination: UnsafeMutablePointer<UInt8>) {
        destination.update(from: bytes + range.lowerBound, count: range.count)
        destination[range.count] = 0
    }

    private func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && Self.sameBytes(bytes + range.lowerBound, literal.utf8Start, count: range.count)
    }

    private func equals(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && Self.sameBytes(bytes + a.lowerBound, bytes + b.lowerBound, count: a.count)
    }

    private func matches(at index: Int, _ literal: StaticString) -> Bool {
        index + literal.utf8CodeUnitCount <= end && memcmp(bytes + index, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Whether `count` bytes at `a` and `b` are the same. Names and the literals they are compared with are
    /// short: up to 32 bytes are compared in place as overlapping words (as ``copyBytes(_:to:count:)``
    /// copies them), without a call to `memcmp` and without the vector loop a byte loop becomes.
    @inline(__always)
    static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            x.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        switch count {
        case 8...16:
            return word(0) | word(count - 8) == 0
        case 4..<8:
            let head = x.loadUnaligned(as: UInt32.self) ^ y.loadUnaligned(as: UInt32.self)
            let tail = x.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                ^ y.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return head | tail == 0
        case 17...32:
            return word(0) | word(8) | word(count - 16) | word(count - 8) == 0
        case 1..<4:
            return a[0] == b[0] && a[count / 2] == b[count / 2] && a[count - 1] == b[count - 1]
        case 0:
            return true
        default:
            return memcmp(a, b, count) == 0
        }
    }

    /// Copies `count` bytes from `source` to `destination` (which do not overlap). Up to 32 bytes, every
    /// element name of a track point, are copied as two overlapping words, or pairs of words, loaded before
    /// they are stored, without a call to `memmove` (which a loop over the bytes or words becomes again).
    @inline(__always)
    static func copyBytes(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 17...32:
            let head0 = from.loadUnaligned(as: UInt64.self)
            let head1 = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let tail0 = from.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            let tail1 = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head0, as: UInt64.self)
            to.storeBytes(of: head1, toByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: tail0, toByteOffset: count - 16, as: UInt64.self)
            to.storeBytes(of: tail1, toByteOffset: count - 8, as: UInt64.self)
        case 1..<4:
            let first = source[0], middle = source[count / 2], last = source[count - 1]
            destination[0] = first
            destination[count / 2] = middle
            destination[count - 1] = last
        case 0:
            break
        default:
            destination.update(from: source, count: count)
        }
    }

    private func skipSpace(from index: Int) -> Int {
        var cursor = index
        while cursor < end, Self.isSpace(byte(cursor)) { cursor += 1 }
        return cursor
    }

    @inline(__always)
    static func isSpace(_ value: UInt8) -> Bool {
        value == 0x20 || value == 0x0A || value == 0x09 || value == 0x0D
    }

    @inline(__always)
    static func isNameStart(_ value: UInt8) -> Bool {
        (value | 0x20) >= UInt8(ascii: "a") && (value | 0x20) <= UInt8(ascii: "z") || value == UInt8(ascii: "_")
    }

    @inline(__always)
    static func isNameChar(_ value: UInt8) -> Bool {
        isNameStart(value) || (value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9"))
            || value == UInt8(ascii: "-") || value == UInt8(ascii: ".") || value == UInt8(ascii: ":")
    }

    /// 1 for the ASCII bytes an attribute value may hold as they are: 0x20 to 0x7F but `<` and `&`.
    nonisolated(unsafe) static let plainAttributeBytes = byteTable { value in
        (0x20...0x7F).contains(value) && value != 0x3C && value != 0x26 ? 1 : 0
    }

    /// ``isNameChar(_:)`` as a table, one load per byte of a name: 0 for a byte that ends a name, 2 for the
    /// colon (a prefix's end), 1 for every other name character.
    nonisolated(unsafe) static let nameCharacterKinds = byteTable { value in
        value == UInt8(ascii: ":") ? 2 : isNameChar(value) ? 1 : 0
    }

    /// 1 for the bytes that character data may hold as they are: printable ASCII but `&`, `<` and `]`, plus
    /// tab and line feed.
    nonisolated(unsafe) static let plainText = byteTable { value in
        switch value {
        case 0x09, 0x0A, 0x7F: 1
        case 0x20..<0x7F where value != 0x26 && value != 0x3C && value != 0x5D: 1
        default: 0
        }
    }

    /// A 256-entry table of `entry(byte)` for every byte value, made once and kept for the process (the
    /// scanner's per-byte classes: one load instead of a chain of comparisons).
    private static func byteTable(_ entry: (UInt8) -> UInt8) -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0..<256 { table[value] = entry(UInt8(value)) }
        return UnsafePointer(table)
    }

    /// The length of the UTF-8 sequence at `pointer` when it encodes a character XML allows (U+0080 and
    /// up, no surrogate, not U+FFFE or U+FFFF, at most U+10FFFF, shortest form), else `nil`.
    static func utf8CharacterLength(_ pointer: UnsafePointer<UInt8>, available: Int) -> Int? {
        let lead = pointer[0]
        func continuation(_ offset: Int) -> UInt32? {
            guard offset < available, pointer[offset] & 0xC0 == 0x80 else { return nil }
            return UInt32(pointer[offset] & 0x3F)
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) == nil ? nil : 2
        case 0xE0...0xEF:
            guard let b1 = continuation(1), let b2 = continuation(2) else { return nil }
            let scalar = (UInt32(lead & 0x0F) << 12) | (b1 << 6) | b2
            guard scalar >= 0x800, !(0xD800...0xDFFF).contains(scalar), scalar != 0xFFFE, scalar != 0xFFFF else { return nil }
            return 3
        case 0xF0...0xF4:
            guard let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) else { return nil }
            let scalar = (UInt32(lead & 0x07) << 18) | (b1 << 12) | (b2 << 6) | b3
            guard (0x10000...0x10FFFF).contains(scalar) else { return nil }
            return 4
        default:
            return nil
        }
    }
}
