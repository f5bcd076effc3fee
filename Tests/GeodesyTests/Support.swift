import Foundation
import TestSupport

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
