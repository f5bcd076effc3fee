#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WorkoutSamples

/// The kind of a JSON value, named in error messages.
enum JSONValueKind: UInt8 {
    case object, array, string, number, boolean, null

    var name: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        }
    }
}

/// A pull scanner over a `FormatSniffingInput`: one fixed buffer refilled chunk by chunk, with byte
/// offsets, line and column tracking, and the token-level parts of RFC 8259 (whitespace, strings with
/// escapes and UTF-8 validation, numbers, literals, skipping whole values with a depth limit).
///
/// Nothing is retained across a refill: string contents that matter are decoded into `scratch` as they
/// are scanned and numbers into `digits`, so a token may straddle any number of chunks and memory stays
/// fixed. The buffers are allocated by `init` and freed by `deallocate()`.
struct JSONScanner {
    /// Maximum nesting of arrays and objects, counting the outermost one as 1.
    static let maximumDepth = 64
    /// Bytes of a decoded string kept in `scratch`; longer strings report their full length.
    static let scratchCapacity = 4096

    var source: FormatSniffingInput
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// Next byte to read in `bytes`, and the end of the valid bytes.
    var position = 0
    var end = 0
    /// Absolute input offset of `bytes[0]`.
    var bufferOffset = 0
    /// 1-based line number of `position`, and the absolute offset where that line starts.
    var line = 1
    var lineStart = 0
    var reachedEnd = false

    /// Decoded bytes of the last captured string.
    let scratch: UnsafeMutablePointer<UInt8>
    /// Significant digits of the last converted number.
    let digits: UnsafeMutablePointer<UInt8>
    /// `strtod` text for the slow path of number conversion.
    let numberText: UnsafeMutablePointer<CChar>

    /// Says where an error happened in terms of the schema: `record N: field "x": `.
    var recordNumber = 0
    var fieldName: StaticString? = nil

    init(source: FormatSniffingInput, chunkSize: Int) {
        self.source = source
        self.capacity = max(1, chunkSize)
        self.bytes = .allocate(capacity: capacity)
        self.scratch = .allocate(capacity: JSONScanner.scratchCapacity)
        self.digits = .allocate(capacity: JSONDecimal.digitCapacity)
        self.numberText = .allocate(capacity: JSONDecimal.textCapacity)
    }

    func deallocate() {
        bytes.deallocate()
        scratch.deallocate()
        digits.deallocate()
        numberText.deallocate()
    }

    // MARK: Positions and errors

    /// 1-based byte column of `position`.
    var column: Int { bufferOffset + position - lineStart + 1 }

    var sourcePosition: SourcePosition { SourcePosition(line: line, column: column) }

    /// An error at the current position (or `at`), prefixed with the record number and field in scope.
    func error(_ message: String, at where: SourcePosition? = nil) -> TrackFormatError {
        var text = ""
        if recordNumber > 0 { text += "record \(recordNumber): " }
        if let fieldName { text += "field \"\(fieldName)\": " }
        text += message
        return TrackFormatError(file: source.name, position: `where` ?? sourcePosition, message: text)
    }

    /// Describes a byte in a message: `'x'` when printable ASCII, else `byte 0xHH`.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }

    func unexpected(_ byte: UInt8?, expected: String) -> TrackFormatError {
        guard let byte else { return error("unexpected end of input, expected \(expected)") }
        return error("expected \(expected), found \(JSONScanner.describe(byte))")
    }

    // MARK: Bytes

    /// The next byte without consuming it; `nil` at the end of the input.
    @inline(__always)
    mutating func peek() throws -> UInt8? {
        if position < end { return bytes[position] }
        return try refill()
    }

    @inline(never)
    mutating func refill() throws -> UInt8? {
        if reachedEnd { return nil }
        bufferOffset += end
        position = 0
        end = 0
        let count = try source.read(into: UnsafeMutableRawBufferPointer(start: bytes, count: capacity))
        if count <= 0 {
            reachedEnd = true
            return nil
        }
        end = count
        return bytes[0]
    }

    /// Consumes the byte `peek()` just returned.
    @inline(__always)
    mutating func advance() {
        position += 1
    }

    /// Skips spaces, tabs, carriage returns and line feeds; returns the next byte (not consumed).
    @inline(__always)
    mutating func skipWhitespace() throws -> UInt8? {
        while true {
            while position < end {
                let byte = bytes[position]
                if byte > 0x20 { return byte }
                switch byte {
                case 0x20, 0x09, 0x0D:
                    position += 1
                case 0x0A:
                    position += 1
                    line += 1
                    lineStart = bufferOffset + position
                default:
                    return byte
                }
            }
            if try refill() == nil { return nil }
        }
    }

    /// Consumes `byte`, which must come next, or throws naming `what`.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: String) throws {
        let next = try peek()
        guard next == byte else { throw unexpected(next, expected: what) }
        advance()
    }

    // MARK: Strings

    /// Scans the string whose opening quote comes next, through its closing quote. With `capture`, the
    /// decoded UTF-8 bytes go to `scratch` (the first `scratchCapacity` of them); returns the decoded
    /// length, which may exceed `scratchCapacity`.
    ///
    /// Validates escapes (`\uXXXX` with surrogate pairs; a lone surrogate is an error), rejects raw
    /// control characters and invalid UTF-8 (overlong forms, surrogates, code points above U+10FFFF).
    mutating func scanString(capture: Bool) throws -> Int {
        advance()  // opening quote
        var length = 0
        let limit = capture ? JSONScanner.scratchCapacity : 0
        while true {
            // Plain ASCII runs, straight from the buffer.
            var index = position
            let stop = end
            while index < stop {
                let byte = bytes[index]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
                if length < limit { scratch[length] = byte }
                length += 1
                index += 1
            }
            position = index
            guard let byte = try peek() else { throw error("unexpected end of input inside a string") }
            switch byte {
            case 0x22:
                advance()
                return length
            case 0x5C:
                advance()
                let scalar = try scanEscape()
                length = append(scalar: scalar, at: length, limit: limit)
            case 0..<0x20:
                throw error("control character \(JSONScanner.describe(byte)) in a string must be escaped")
            case 0x20..<0x80:
                continue  // the plain run was cut by a chunk boundary
            default:
                let count = try scanUTF8Sequence(lead: byte, at: length, limit: limit)
                length += count
            }
        }
    }

    /// Validates one multi-byte UTF-8 sequence starting with `lead` (not yet consumed) and copies it.
    private mutating func scanUTF8Sequence(lead: UInt8, at length: Int, limit: Int) throws -> Int {
        let continuationCount: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; lowest = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; highest = 0x9F
        case 0xF0: continuationCount = 3; lowest = 0x90
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; highest = 0x8F
        default: throw error("invalid UTF-8 in a string (\(JSONScanner.describe(lead)))")
        }
        if length < limit { scratch[length] = lead }
        advance()
        for offset in 1...continuationCount {
            let next = try peek()
            guard let next, next >= lowest, next <= highest else {
                if next == nil { throw error("unexpected end of input inside a string") }
                throw error("invalid UTF-8 in a string (\(JSONScanner.describe(next ?? 0)))")
            }
            if length + offset < limit { scratch[length + offset] = next }
            advance()
            lowest = 0x80
            highest = 0xBF
        }
        return continuationCount + 1
    }

    /// After a backslash: decodes one escape (a surrogate pair counts as one) into a scalar value.
    private mutating func scanEscape() throws -> UInt32 {
        guard let byte = try peek() else { throw error("unexpected end of input inside a string") }
        advance()
        switch byte {
        case 0x22, 0x5C, 0x2F: return UInt32(byte)
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "u"):
            let unit = try scanHex4()
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error("unpaired low surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard try peek() == 0x5C else { throw error("unpaired high surrogate in a string") }
                advance()
                guard try peek() == UInt8(ascii: "u") else { throw error("unpaired high surrogate in a string") }
                advance()
                let low = try scanHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else { throw error("unpaired high surrogate in a string") }
                return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            return unit
        default:
            position -= 1  // report the bad escape character itself
            throw error("invalid escape \\\(Character(Unicode.Scalar(byte < 0x80 ? byte : 0x3F)))")
        }
    }

    private mutating func scanHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek() else { throw error("unexpected end of input inside a string") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected a hexadecimal digit in \\u escape, found \(JSONScanner.describe(byte))")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    /// Writes `scalar` as UTF-8 into `scratch` (within `limit`); returns the new length.
    private func append(scalar: UInt32, at length: Int, limit: Int) -> Int {
        var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let count: Int
        switch scalar {
        case 0..<0x80:
            encoded.0 = UInt8(scalar)
            count = 1
        case 0x80..<0x800:
            encoded.0 = UInt8(0xC0 | (scalar >> 6))
            encoded.1 = UInt8(0x80 | (scalar & 0x3F))
            count = 2
        case 0x800..<0x10000:
            encoded.0 = UInt8(0xE0 | (scalar >> 12))
            encoded.1 = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            encoded.2 = UInt8(0x80 | (scalar & 0x3F))
            count = 3
        default:
            encoded.0 = UInt8(0xF0 | (scalar >> 18))
            encoded.1 = UInt8(0x80 | ((scalar >> 12) & 0x3F))
            encoded.2 = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            encoded.3 = UInt8(0x80 | (scalar & 0x3F))
            count = 4
        }
        withUnsafeBytes(of: encoded) { raw in
            for index in 0..<count where length + index < limit {
                scratch[length + index] = raw[index]
            }
        }
        return length + count
    }

    /// `true` when the captured string of `length` bytes equals `literal`.
    @inline(__always)
    func scratchEquals(_ length: Int, _ literal: StaticString) -> Bool {
        length == literal.utf8CodeUnitCount && memcmp(scratch, literal.utf8Start, length) == 0
    }

    // MARK: Numbers

    /// Scans a number (RFC 8259 grammar) whose first byte (`-` or a digit) comes next. With `convert`,
    /// returns its correctly rounded value (`±infinity` on overflow); otherwise only validates it.
    mutating func scanNumber(convert: Bool) throws -> Double {
        var negative = false
        var count = 0  // significant digits kept in `digits`
        var exponent = 0  // decimal exponent of the kept digits
        var sticky = false  // a dropped digit was non-zero
        let keep = JSONDecimal.maximumDigits

        if try peek() == UInt8(ascii: "-") {
            negative = true
            advance()
        }
        guard let first = try peek(), first &- UInt8(ascii: "0") < 10 else {
            throw unexpected(try peek(), expected: "a digit in a number")
        }
        if first == UInt8(ascii: "0") {
            advance()
            if let next = try peek(), next &- UInt8(ascii: "0") < 10 {
                throw error("a number must not have a leading zero")
            }
        } else {
            while let byte = try peek(), byte &- UInt8(ascii: "0") < 10 {
                if count < keep {
                    digits[count] = byte
                    count += 1
                } else {
                    exponent += 1
                    if byte != UInt8(ascii: "0") { sticky = true }
                }
                advance()
            }
        }
        if try peek() == UInt8(ascii: ".") {
            advance()
            guard let byte = try peek(), byte &- UInt8(ascii: "0") < 10 else {
                throw unexpected(try peek(), expected: "a digit after the decimal point")
            }
            while let byte = try peek(), byte &- UInt8(ascii: "0") < 10 {
                if count == 0 && byte == UInt8(ascii: "0") {
                    exponent -= 1  // a leading zero of the fraction
                } else if count < keep {
                    digits[count] = byte
                    count += 1
                    exponent -= 1
                } else if byte != UInt8(ascii: "0") {
                    sticky = true
                }
                advance()
            }
        }
        if let marker = try peek(), marker | 0x20 == UInt8(ascii: "e") {
            advance()
            var exponentNegative = false
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                advance()
            }
            guard let byte = try peek(), byte &- UInt8(ascii: "0") < 10 else {
                throw unexpected(try peek(), expected: "a digit in the exponent")
            }
            var explicit = 0
            while let byte = try peek(), byte &- UInt8(ascii: "0") < 10 {
                if explicit < JSONDecimal.exponentLimit {
                    explicit = explicit * 10 + Int(byte - UInt8(ascii: "0"))
                }
                advance()
            }
            exponent += exponentNegative ? -explicit : explicit
        }
        guard convert else { return 0 }
        if sticky {
            digits[count] = UInt8(ascii: "1")
            count += 1
            exponent -= 1
        }
        return JSONDecimal.double(digits: digits, count: count, exponent: exponent, negative: negative, text: numberText)
    }

    // MARK: Literals and whole values

    /// Scans `true`, `false` or `null`, whose first byte comes next.
    mutating func scanLiteral() throws -> JSONValueKind {
        guard let first = try peek() else { throw unexpected(nil, expected: "a JSON value") }
        let literal: StaticString
        switch first {
        case UInt8(ascii: "t"): literal = "true"
        case UInt8(ascii: "f"): literal = "false"
        case UInt8(ascii: "n"): literal = "null"
        default: throw unexpected(first, expected: "a JSON value")
        }
        let start = sourcePosition
        for index in 0..<literal.utf8CodeUnitCount {
            guard try peek() == literal.utf8Start[index] else {
                throw error("invalid literal (expected \"\(literal)\")", at: start)
            }
            advance()
        }
        return first == UInt8(ascii: "n") ? .null : .boolean
    }

    /// Skips one complete JSON value starting at the next byte (no leading whitespace) and returns its
    /// kind. `depth` is the nesting depth of the value's container; containers opened inside count on
    /// top of it, and exceeding `maximumDepth` is an error (iterative: no recursion, no stack growth).
    @discardableResult
    mutating func skipValue(depth: Int) throws -> JSONValueKind {
        var kind = JSONValueKind.null
        var level = 0
        var arrayLevels: UInt64 = 0  // bit (level - 1) set when that level is an array
        var needValue = true
        while true {
            if needValue {
                guard let byte = try skipWhitespace() else { throw unexpected(nil, expected: "a JSON value") }
                var valueKind: JSONValueKind
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isArray = byte == UInt8(ascii: "[")
                    guard depth + level + 1 <= JSONScanner.maximumDepth else {
                        throw error("nesting deeper than \(JSONScanner.maximumDepth) levels")
                    }
                    advance()
                    level += 1
                    if isArray {
                        arrayLevels |= 1 << UInt64(level - 1)
                    } else {
                        arrayLevels &= ~(1 << UInt64(level - 1))
                    }
                    if level == 1 { kind = isArray ? .array : .object }
                    let next = try skipWhitespace()
                    if next == (isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                        advance()
                        level -= 1
                    } else if isArray {
                        continue  // the first element
                    } else {
                        try skipKeyAndColon(next)
                        continue
                    }
                    valueKind = isArray ? .array : .object
                case 0x22:
                    _ = try scanString(capture: false)
                    valueKind = .string
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    _ = try scanNumber(convert: false)
                    valueKind = .number
                default:
                    valueKind = try scanLiteral()
                }
                if level == 0 { return valueKind }
                needValue = false
            }
            // After a value inside a container.
            let isArray = arrayLevels & (1 << UInt64(level - 1)) != 0
            let next = try skipWhitespace()
            if next == UInt8(ascii: ",") {
                advance()
                if !isArray { try skipKeyAndColon(try skipWhitespace()) }
                needValue = true
            } else if next == (isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                advance()
                level -= 1
                if level == 0 { return kind }
            } else {
                throw unexpected(next, expected: isArray ? "',' or ']'" : "',' or '}'")
            }
        }
    }

    /// Skips `"key" :` given the next non-space byte.
    private mutating func skipKeyAndColon(_ next: UInt8?) throws {
        guard next == 0x22 else { throw unexpected(next, expected: "a string key") }
        _ = try scanString(capture: false)
        guard try skipWhitespace() == UInt8(ascii: ":") else { throw unexpected(try peek(), expected: "':'") }
        advance()
    }
}
