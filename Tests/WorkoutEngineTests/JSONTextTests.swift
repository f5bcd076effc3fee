import Foundation
import Testing
import WorkoutCore
import WorkoutSamples

/// The one JSON string writer: a string with nothing to escape is copied whole (the fast path frames
/// take for every key), anything else is escaped; Foundation's parser is the independent reader.
struct JSONTextTests {
    static let samples = [
        "", "elapsedSeconds", "Zürich – 5 km", "a\"b", "back\\slash", "tab\there", "line\nbreak", "\u{01}\u{1F}",
        "\u{2028}\u{2029}", "€ and \u{2027}", "emoji 🏃", "\u{7F}",
    ]

    @Test(arguments: samples)
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

    /// `JSONWriter` writes keys and string values in its own buffer (its fast path): the same text as
    /// `JSONText.quoted`, and Foundation reads every key and value back.
    @Test func writerQuotesKeysAndValuesAsJSONTextDoes() throws {
        var json = JSONWriter()
        json.beginObject()
        for (index, text) in Self.samples.enumerated() {
            json.string("\(index) \(text)", text)
        }
        json.endObject()
        let expected = "{" + Self.samples.enumerated().map { JSONText.quoted("\($0.offset) \($0.element)") + ":" + JSONText.quoted($0.element) }
            .joined(separator: ",") + "}"
        #expect(json.text == expected)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: String])
        for (index, text) in Self.samples.enumerated() {
            #expect(decoded["\(index) \(text)"] == text)
        }
    }
}

/// `JSONWriter.encode`, the encoder every summary and frame goes through: each single-value type it stores
/// as it is, read through generic containers (an array, an optional, a nested value) as well as directly,
/// is the same JSON value as Foundation's `JSONEncoder` writes.
struct JSONWriterEncodingTests {
    struct Numbers: Codable, Equatable {
        var int = -7, int8: Int8 = -8, int16: Int16 = 16, int32: Int32 = -32, int64 = Int64.min
        var uint: UInt = 7, uint8: UInt8 = 8, uint16: UInt16 = 16, uint32: UInt32 = 32, uint64: UInt64 = 64
        var double = 0.1, float: Float = 1.5, whole = 3.0, flag = true, text = "Zürich \"5 km\""
    }

    struct Nested: Codable, Equatable {
        var numbers = Numbers()
        var list: [Numbers] = [Numbers(), Numbers(int: 1, flag: false)]
        var doubles = [0.5, -2.25, 1e-7]
        var integers: [UInt64] = [0, UInt64(Int.max)]
        var flags = [true, false]
        var names: [String?] = ["a", nil]
        var missing: Double?
        var present: Int? = 4
        var table = ["b": 2, "a": 1]
    }

    @Test func everySingleValueTypeMatchesFoundation() throws {
        var json = JSONWriter()
        try json.encode(Nested())
        let expected = try SampleCodableTests.jsonValue(JSONEncoder().encode(Nested()))
        #expect(try SampleCodableTests.jsonValue(Data(json.text.utf8)) == expected)
        #expect(try JSONDecoder().decode(Nested.self, from: Data(json.text.utf8)) == Nested())
        // Integers within Int's range are integers (no ".0"); beyond it, numbers in the shortest form.
        #expect(json.text.contains(#""int64":-9223372036854775808"#))
        #expect(json.text.contains(#""whole":3,"#))
        var beyond = JSONWriter()
        try beyond.encode([UInt64.max])
        #expect(beyond.text == "[1.8446744073709552e+19]")
    }
}
