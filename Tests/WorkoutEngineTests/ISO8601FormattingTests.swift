import Foundation
import Testing
import TestSupport
import WorkoutEngine

struct ISO8601FormattingTests {
    /// Foundation's `ISO8601DateFormatter` is the independent reference.
    @Test func matchesFoundationOnRandomInstants() {
        var rng = SplitMix64(seed: 7)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        for _ in 0..<2000 {
            let seconds = Double(Int64.random(in: -2_000_000_000...4_000_000_000, using: &rng))
            #expect(ISO8601Text.string(secondsSince1970: seconds) == formatter.string(from: Date(timeIntervalSince1970: seconds)))
        }
    }

    @Test func millisecondsWhenPresent() {
        #expect(ISO8601Text.string(secondsSince1970: 0.25) == "1970-01-01T00:00:00.250Z")
        #expect(ISO8601Text.string(secondsSince1970: 951_782_400) == "2000-02-29T00:00:00Z")
    }

    /// Four-digit years only (issue 13): year 1 and year 9999 are written in full, anything outside them is
    /// no time at all, never an empty or short string.
    @Test func fourDigitYearsAndNothingOutsideThem() {
        #expect(ISO8601Text.string(secondsSince1970: -62_135_596_800) == "0001-01-01T00:00:00Z")
        #expect(ISO8601Text.string(secondsSince1970: 253_402_300_799.999) == "9999-12-31T23:59:59.999Z")
        #expect(ISO8601Text.string(secondsSince1970: 253_402_300_800) == nil)
        #expect(ISO8601Text.string(secondsSince1970: -62_135_596_801) == nil)
        #expect(ISO8601Text.string(secondsSince1970: 1e18) == nil)
        #expect(ISO8601Text.string(secondsSince1970: .nan) == nil)
    }
}
