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
            #expect(DisplayFormatting.iso8601(secondsSince1970: seconds) == formatter.string(from: Date(timeIntervalSince1970: seconds)))
        }
    }

    @Test func millisecondsWhenPresent() {
        #expect(DisplayFormatting.iso8601(secondsSince1970: 0.25) == "1970-01-01T00:00:00.250Z")
        #expect(DisplayFormatting.iso8601(secondsSince1970: 951_782_400) == "2000-02-29T00:00:00Z")
    }
}
