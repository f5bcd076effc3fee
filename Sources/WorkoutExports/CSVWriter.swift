import WorkoutSamples
import WorkoutCore
/// Writes comma-separated values (RFC 4180), streaming: a row at a time to `output`.
///
/// Fields containing a comma, a double quote, a carriage return or a line feed are quoted, with
/// inner quotes doubled; rows end with CRLF as the RFC asks.
public struct CSVWriter<Output: TextOutputStream> {
    /// Where the text goes.
    public private(set) var output: Output

    /// A writer that appends to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Writes one row.
    /// - Complexity: O(total length of the fields).
    public mutating func writeRow(_ fields: [String]) {
        // One write per row: a write per field cost more than the field.
        var line = ""
        line.reserveCapacity(fields.reduce(2) { $0 + $1.utf8.count + 1 })
        for (index, field) in fields.enumerated() {
            if index > 0 { line.append(",") }
            line.append(Self.quotedIfNeeded(field))
        }
        line.append("\r\n")
        output.write(line)
    }

    /// `field` as it appears in a CSV row.
    public static func quotedIfNeeded(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }
}
