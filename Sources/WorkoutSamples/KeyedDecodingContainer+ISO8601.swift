extension KeyedDecodingContainer {
    /// The ISO 8601 date-time at `key` (``ISO8601Time``) as seconds since 1970; `nil` when the key is absent
    /// or `null`. The JSON objects that write times as text (the summary's `startDate`, a lap's device
    /// dates) read them back with it.
    /// - Throws: `DecodingError` when the value is not a string or not an ISO 8601 date-time.
    package func decodeISO8601SecondsIfPresent(forKey key: Key) throws -> Double? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let seconds = ISO8601Time.secondsSince1970(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "invalid ISO 8601 date-time \"\(text)\"")
        }
        return seconds
    }
}
