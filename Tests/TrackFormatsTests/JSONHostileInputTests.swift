import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// Huge values in one JSON record (issue 13, the variants of "one huge token"): skipped in linear time
/// under a hang guard, the record's sample kept.
struct JSONHostileInputTests {
    static let hangGuardSeconds = 120.0
    static let location = #""type":"location","time":1714546800,"latitude":47.1,"longitude":8.5"#

    @Test(arguments: ["string", "keys", "array"])
    func hugeValuesInOneRecordAreSkippedInLinearTime(kind: String) throws {
        var text = "{" + Self.location + ","
        text.reserveCapacity(60 << 20)
        switch kind {
        case "string": text += #""note":""# + String(repeating: "x>", count: 25 << 20) + #"""#
        case "keys": text += (0..<1_000_000).map { #""k\#($0)":1"# }.joined(separator: ",")
        default: text += #""values":["# + String(repeating: "1,", count: 5_000_000) + "1]"
        }
        text += "}\n" + #"{"type":"location","time":1714546805,"latitude":47.1003,"longitude":8.5}"# + "\n"
        let bytes = Array(text.utf8)
        let result = try #require(completing(within: Self.hangGuardSeconds) { try JSONTestInput.read(bytes).1.samples.count },
                                  "\(kind): did not finish within \(Self.hangGuardSeconds) s")
        #expect(try result.get() == 2)
    }
}
