import Foundation
import TestSupport

/// A small deterministic generator (SplitMix64) so property tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Latitudes and longitudes of every `<trkpt>` of a sample track, read with a plain regular expression
/// (independent of the TrackFormats reader).
func trackPoints(_ name: String) throws -> (latitudes: [Double], longitudes: [Double]) {
    let text = try String(contentsOf: TestPaths.sampleTrack(name), encoding: .utf8)
    let regex = try Regex(#"<trkpt\s+lat="([^"]+)"\s+lon="([^"]+)""#)
    var latitudes: [Double] = [], longitudes: [Double] = []
    for match in text.matches(of: regex) {
        guard let lat = match.output[1].substring.flatMap({ Double($0) }),
              let lon = match.output[2].substring.flatMap({ Double($0) }) else { continue }
        latitudes.append(lat)
        longitudes.append(lon)
    }
    return (latitudes, longitudes)
}

/// Parses whitespace-separated numbers from each line of a CLI's output.
func numberRows(_ output: String) -> [[Double]] {
    output.split(separator: "\n").map { line in
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
    }
}
