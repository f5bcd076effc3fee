import WorkoutCore
import WorkoutSamples

/// XML text escaping.
public enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and control characters that XML 1.0
    /// forbids (all below U+0020 except tab, newline and carriage return) removed; usable in element
    /// content and in attribute values.
    /// - Complexity: O(n).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" || ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
