import Foundation
import Testing
import TestSupport
@testable import TrackFormats

/// ``DecimalNumber`` against glibc's `strtod` (an independent, correctly rounded parser): the same double,
/// bit for bit, for every number it accepts, and the same refusals where `strtod` would not read a finite
/// number to the end of the text.
struct DecimalNumberTests {
    private static func parse(_ text: String) -> DecimalNumber.Parsed {
        var scratch = XMLTextBuffer(capacity: 64)
        return Array(text.utf8).withUnsafeBufferPointer { DecimalNumber.parse($0, scratch: &scratch) }
    }

    /// `strtod` of the whole text (white space around it allowed), `nil` when it stops early or reads no
    /// finite number.
    private static func reference(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.withCString { pointer -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer, &end)
            guard let end, end.pointee == 0, value.isFinite else { return nil }
            return value
        }
    }

    private static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        switch parse(text) {
        case .value(let value):
            let expected = reference(text)
            #expect(expected?.bitPattern == value.bitPattern, "\(text): \(value), strtod \(String(describing: expected))",
                    sourceLocation: sourceLocation)
        case .invalid, .empty:
            // The parser refuses hexadecimal, infinities and NaN, which strtod reads; anything else it refuses,
            // strtod must refuse too.
            let lowered = text.lowercased()
            if !(lowered.contains("x") || lowered.contains("inf") || lowered.contains("nan")) {
                #expect(reference(text) == nil, "\(text) refused, strtod reads it", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func edgeCases() {
        for text in ["0", "-0", "-0.0", "+1", "5.", ".5", "-.5", "0.000", "00012.3400", "1e3", "1E-3", "-2.5e+10",
                     "9007199254740992", "9007199254740993", "0.1", "0.3", "123456789012345678", "1234567890123456789",
                     "12345678901234567890", "0.0000000000000000000001", "0.00000000000000000000001", "1.7976931348623157e308",
                     "4.9e-324", "1e400", " 45.5 ", "\t6.25\n", "", " ", ".", "-", "+", "1.2.3", "1e", "e5", "--1", "1-",
                     "0x10", "inf", "NaN", "1,5", "12a"] {
            Self.check(text)
        }
    }

    /// Random decimal texts of every shape the parsers meet (GPX coordinates and altitudes, heart rates, long
    /// fractions past 19 digits, exponents), from a fixed seed.
    @Test func randomDecimalsMatchStrtod() {
        var generator = SplitMix64(seed: 20261127)
        for _ in 0..<20_000 {
            var text = ""
            switch generator.next() % 4 {
            case 0: text += "-"
            case 1: text += "+"
            default: break
            }
            let integerDigits = Int(generator.next() % 12)
            for _ in 0..<integerDigits { text += String(generator.next() % 10) }
            if generator.next() % 5 != 0 {
                text += "."
                let fractionDigits = Int(generator.next() % 26)
                for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
            }
            if generator.next() % 6 == 0 {
                text += generator.next() % 2 == 0 ? "e" : "E"
                if generator.next() % 2 == 0 { text += "-" }
                text += String(generator.next() % 330)
            }
            Self.check(text)
        }
    }
}
