/// The pieces of JSON text (RFC 8259) every writer in the package shares: string literals and numbers.
public enum JSONText {
    /// Appends `string` as a JSON string literal: quote, backslash and control characters escaped, and
    /// U+2028/U+2029 too (so the text is also safe inside JavaScript).
    ///
    /// - Complexity: O(`string.utf8.count`); a string with nothing to escape (every key, and nearly every
    ///   value) is appended whole after one pass over its bytes.
    public static func appendQuoted(_ string: String, to text: inout String) {
        // 0xE2 leads U+2028 and U+2029 (E2 80 A8/A9) in UTF-8, among others: those take the slow path.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0xE2 }) {
            text += "\""
            text += string
            text += "\""
            return
        }
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                let hex = String(c.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// `string` as a JSON string literal.
    public static func quoted(_ string: String) -> String {
        var text = ""
        text.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &text)
        return text
    }

    /// A JSON number: integers without a fraction, others in the shortest form that reads back to the same
    /// `Double` (JSON allows its exponent notation); `null` when not finite (JSON has no NaN or infinity).
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description  // the text string interpolation writes, without its buffer
    }
}
