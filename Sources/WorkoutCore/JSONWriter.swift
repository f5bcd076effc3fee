import WorkoutSamples

/// A minimal writer of JSON text with keys in the order they are written (summaries and frames are read
/// by people as well as programs, so the order is part of the format).
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The text as UTF-8: appending bytes costs less than appending to a `String` (a summary is about
    /// 14 KB written in some 1 500 pieces).
    private var bytes: [UInt8] = []
    /// Whether the next value of the innermost object or array follows another (and needs a comma).
    private var needsComma = false
    /// `needsComma` of each enclosing object or array, innermost last.
    private var enclosing: [Bool] = []

    /// An empty writer, ready for one top-level value.
    public init() {}

    /// Opens an object, as a value (`key == nil`) or under a key of the enclosing object.
    public mutating func beginObject(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    /// Closes the innermost open object.
    public mutating func endObject() {
        close()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array, as a value (`key == nil`) or under a key of the enclosing object.
    public mutating func beginArray(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "["))
        open()
    }

    /// Closes the innermost open array.
    public mutating func endArray() {
        close()
        bytes.append(UInt8(ascii: "]"))
    }

    /// A value that is already JSON text (an object another writer made, a stored summary), written as
    /// it is: the caller vouches that `json` is one valid JSON value.
    public mutating func raw(_ key: String?, _ json: String) {
        prefix(key)
        bytes.append(contentsOf: json.utf8)
    }

    /// A number, or `null` when `value` is `nil` or not finite (JSON has no NaN or infinity).
    public mutating func number(_ key: String?, _ value: Double?) {
        prefix(key)
        if let value, value.isFinite {
            bytes.append(contentsOf: Self.format(value).utf8)
        } else {
            append("null")
        }
    }

    /// An integer, or `null` when `value` is `nil`.
    public mutating func integer(_ key: String?, _ value: Int?) {
        prefix(key)
        if let value { bytes.append(contentsOf: String(value).utf8) } else { append("null") }
    }

    /// A string, quoted and escaped, or `null` when `value` is `nil`.
    public mutating func string(_ key: String?, _ value: String?) {
        prefix(key)
        if let value { appendQuoted(value) } else { append("null") }
    }

    /// `true` or `false`.
    public mutating func bool(_ key: String?, _ value: Bool) {
        prefix(key)
        append(value ? "true" : "false")
    }

    /// `null`, as a value (`key == nil`) or under a key.
    public mutating func null(_ key: String?) {
        prefix(key)
        append("null")
    }

    private mutating func prefix(_ key: String?) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        if let key {
            appendQuoted(key)
            bytes.append(UInt8(ascii: ":"))
        }
    }

    private mutating func open() {
        enclosing.append(needsComma)
        needsComma = false
    }

    private mutating func close() {
        needsComma = enclosing.popLast() ?? true
    }

    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `string` as a JSON string literal (``JSONText/appendQuoted(_:to:)``): copied in one piece when it
    /// has nothing to escape (every key, and nearly every value).
    private mutating func appendQuoted(_ string: String) {
        var string = string
        let plain = string.withUTF8 { utf8 in
            // 0xE2 leads U+2028 and U+2029 (E2 80 A8/A9) in UTF-8, among others: those take the slow path.
            for byte in utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        guard !plain else { return }
        var escaped = ""
        JSONText.appendQuoted(string, to: &escaped)
        bytes.append(contentsOf: escaped.utf8)
    }

    /// Shortest round-tripping decimal form; integers without a fraction (``JSONText/number(_:)``).
    static func format(_ value: Double) -> String { JSONText.number(value) }
}
