public import Foundation

/// Encoders and decoders for the module's Codable types (workouts, session states, catalogs).
///
/// Times are numbers of seconds since 1970; loads are kilograms; keys are sorted so the same value
/// always gives the same bytes.
public enum StrengthJSON {
    /// A JSON encoder with sorted keys in `keyStyle`.
    public static func encoder(keyStyle: JSONKeyStyle = .camelCase, pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        if keyStyle == .snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        encoder.nonConformingFloatEncodingStrategy = .throw
        return encoder
    }

    /// A JSON decoder reading keys in `keyStyle`.
    public static func decoder(keyStyle: JSONKeyStyle = .camelCase) -> JSONDecoder {
        let decoder = JSONDecoder()
        if keyStyle == .snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        return decoder
    }

    /// `value` as JSON bytes.
    /// - Throws: `EncodingError` (for example a load that is not finite).
    public static func encode<T: Encodable>(_ value: T, keyStyle: JSONKeyStyle = .camelCase, pretty: Bool = false) throws -> [UInt8] {
        Array(try encoder(keyStyle: keyStyle, pretty: pretty).encode(value))
    }

    /// A value of type `T` from JSON bytes.
    /// - Throws: `DecodingError` for malformed or inconsistent input.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], keyStyle: JSONKeyStyle = .camelCase) throws -> T {
        try decoder(keyStyle: keyStyle).decode(type, from: Data(bytes))
    }
}
