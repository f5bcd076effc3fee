import Foundation
import Testing
import WorkoutSamples

/// The one JSON string writer: a string with nothing to escape is copied whole (the fast path frames
/// take for every key), anything else is escaped; Foundation's parser is the independent reader.
struct JSONTextTests {
    @Test(arguments: [
        "", "elapsedSeconds", "Zürich – 5 km", "a\"b", "back\\slash", "tab\there", "line\nbreak", "\u{01}\u{1F}",
        "\u{2028}\u{2029}", "€ and \u{2027}", "emoji 🏃", "\u{7F}",
    ])
    func quotedStringsReadBackUnchanged(_ text: String) throws {
        let quoted = JSONText.quoted(text)
        let decoded = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == text)
        #expect(!quoted.unicodeScalars.dropFirst().dropLast().contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
    }

    @Test func escapesAreTheDocumentedOnes() {
        #expect(JSONText.quoted("plain") == #""plain""#)
        #expect(JSONText.quoted("a\"b\\c\n\u{01}\u{2028}") == #""a\"b\\c\n\u0001\u2028""#)
    }
}
