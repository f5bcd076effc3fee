import WorkoutSamples

/// A minimal writer of JSON text with keys in the order they are written (summaries and frames are read
/// by people as well as programs, so the order is part of the format).
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var text = ""
    private var needsComma = [false]

    /// An empty writer, ready for one top-level value.
    public init() {}

    /// Opens an object, as a value (`key == nil`) or under a key of the enclosing object.
    public mutating func beginObject(_ key: String? = nil) {
        prefix(key)
        text += "{"
        needsComma.append(false)
    }

    /// Closes the innermost open object.
    public mutating func endObject() {
        needsComma.removeLast()
        text += "}"
    }

    /// Opens an array, as a value (`key == nil`) or under a key of the enclosing object.
    public mutating func beginArray(_ key: String? = nil) {
        prefix(key)
        text += "["
        needsComma.append(false)
    }

    /// Closes the innermost open array.
    public mutating func endArray() {
        needsComma.removeLast()
        text += "]"
    }

    /// A value that is already JSON text (an object another writer made, a stored summary), written as
    /// it is: the caller vouches that `json` is one valid JSON value.
    public mutating func raw(_ key: String?, _ json: String) {
        prefix(key)
        text += json
    }

    /// A number, or `null` when `value` is `nil` or not finite (JSON has no NaN or infinity).
    public mutating func number(_ key: String?, _ value: Double?) {
        prefix(key)
        if let value, value.isFinite {
            text += Self.format(value)
        } else {
            text += "null"
        }
    }

    /// An integer, or `null` when `value` is `nil`.
    public mutating func integer(_ key: String?, _ value: Int?) {
        prefix(key)
        text += value.map(String.init) ?? "null"
    }

    /// A string, quoted and escaped, or `null` when `value` is `nil`.
    public mutating func string(_ key: String?, _ value: String?) {
        prefix(key)
        if let value { Self.appendQuoted(value, to: &text) } else { text += "null" }
    }

    /// `true` or `false`.
    public mutating func bool(_ key: String?, _ value: Bool) {
        prefix(key)
        text += value ? "true" : "false"
    }

    /// `null`, as a value (`key == nil`) or under a key.
    public mutating func null(_ key: String?) {
        prefix(key)
        text += "null"
    }

    private mutating func prefix(_ key: String?) {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
        if let key {
            Self.appendQuoted(key, to: &text)
            text += ":"
        }
    }

    /// Shortest round-tripping decimal form; integers without a fraction (``JSONText/number(_:)``).
    static func format(_ value: Double) -> String { JSONText.number(value) }

    static func appendQuoted(_ string: String, to text: inout String) {
        JSONText.appendQuoted(string, to: &text)
    }
}
