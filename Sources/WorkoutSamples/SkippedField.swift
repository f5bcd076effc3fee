/// An optional field that did not parse and was dropped from its samples (the samples themselves were
/// kept): how often, and where first. Readers count them by field name (`speed`, `ele`, `hr`, ...); the
/// summary reports the counts and the CLI warns once per field name with the first position.
public struct SkippedField: Sendable, Hashable {
    /// Samples that lost this field.
    public var count: Int
    /// Where it was first dropped.
    public var firstPosition: SourcePosition
    /// The first value that did not parse, as written (shortened to at most 40 bytes), when there is one.
    public var firstValue: String?

    /// A count of dropped values, with the first one's position and text (shortened by ``note(_:at:value:in:)``,
    /// not here).
    public init(count: Int, firstPosition: SourcePosition, firstValue: String? = nil) {
        self.count = count
        self.firstPosition = firstPosition
        self.firstValue = firstValue
    }

    /// The longest value kept in ``firstValue``, in bytes.
    public static let maximumValueBytes = 40

    /// Counts one more dropped `field` in `fields`: the first occurrence keeps its position and value.
    public static func note(_ field: String, at position: SourcePosition, value: String?, in fields: inout [String: SkippedField]) {
        if let existing = fields[field] {
            fields[field]?.count = existing.count + 1
        } else {
            fields[field] = SkippedField(count: 1, firstPosition: position, firstValue: value.map(shortened))
        }
    }

    /// `value` cut to at most ``maximumValueBytes`` bytes of UTF-8, on a character boundary, with `…` when cut.
    static func shortened(_ value: String) -> String {
        guard value.utf8.count > maximumValueBytes else { return value }
        var result = ""
        for character in value {
            if result.utf8.count + character.utf8.count > maximumValueBytes { break }
            result.append(character)
        }
        return result + "…"
    }
}
