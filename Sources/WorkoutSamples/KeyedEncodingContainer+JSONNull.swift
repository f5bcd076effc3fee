extension KeyedEncodingContainer {
    /// Writes `value`, or `null` when it is `nil` or not finite (JSON has no NaN or infinity): the summary
    /// and frame JSON keep every key and say "unknown" with `null`.
    package mutating func encodeNumberOrNull(_ value: Double?, forKey key: Key) throws {
        if let value, value.isFinite { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// Writes `value`, or `null` when it is `nil`.
    package mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

/// A key named at run time: the members of JSON objects keyed by data (rejection reasons, field names).
package struct DynamicCodingKey: CodingKey, Sendable {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ name: String) { stringValue = name }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
