import WorkoutEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deterministic synthetic 1 Hz run: the same formulas as `Benchmarks/scripts/tracks.py`, so the
/// benchmarks and the peer comparison measure the same kind of track.
///
/// Point `i` (time `startTime + i` s) lies on a slow Lissajous loop around 47.3 N, 8.5 E with a small
/// wiggle, about 2–5 m from the previous one (a run of 2–5 m/s). Latitude and longitude are quantised
/// to 7 decimals, elevation to 1 decimal, heart rate and cadence to integers, exactly as the files
/// write them, so a reader that parses the files gets these very doubles back.
public struct SyntheticTrack: Sendable {
    /// 2024-01-01T00:00:00Z.
    public static let startTime: Double = 1_704_067_200
    /// The files write January 2024 times only (31 days), so a track has at most this many points.
    public static let maximumPointCount = 31 * 86_400

    public let latitudes: [Double]
    public let longitudes: [Double]
    public let elevations: [Double]
    public let heartRates: [Int]
    public let cadences: [Int]

    public var count: Int { latitudes.count }

    /// - Complexity: O(points), a few sines per point.
    public init(points: Int) {
        precondition(points >= 0 && points <= Self.maximumPointCount, "1...\(Self.maximumPointCount) points")
        var lat: [Double] = [], lon: [Double] = [], ele: [Double] = [], hr: [Int] = [], cad: [Int] = []
        lat.reserveCapacity(points); lon.reserveCapacity(points); ele.reserveCapacity(points)
        hr.reserveCapacity(points); cad.reserveCapacity(points)
        for i in 0..<points {
            let p = Self.point(i)
            lat.append(Double(p.lat7) / 1e7)
            lon.append(Double(p.lon7) / 1e7)
            ele.append(Double(p.ele1) / 10)
            hr.append(p.hr)
            cad.append(p.cad)
        }
        latitudes = lat; longitudes = lon; elevations = ele; heartRates = hr; cadences = cad
    }

    /// The quantised values of point `i`: lat/lon in 1e-7 degrees, elevation in decimetres.
    static func point(_ i: Int) -> (lat7: Int, lon7: Int, ele1: Int, hr: Int, cad: Int) {
        let a = Double(i)
        let twoPi = 2 * Double.pi
        let lat = 47.3 + 0.02 * sin(twoPi * a / 5000) + 0.0002 * sin(twoPi * a / 97)
        let lon = 8.5 + 0.03 * sin(twoPi * a / 7000 + 0.5) + 0.0002 * cos(twoPi * a / 131)
        let ele = 420 + 35 * sin(twoPi * a / 1800) + 3 * sin(twoPi * a / 75)
        let hr = 140 + 18 * sin(twoPi * a / 900)
        let cad = 84 + 6 * sin(twoPi * a / 420)
        return (quantise(lat * 1e7), quantise(lon * 1e7), quantise(ele * 10), quantise(hr), quantise(cad))
    }

    /// floor(x + 0.5): the same rounding as the Python generator.
    static func quantise(_ x: Double) -> Int { Int((x + 0.5).rounded(.down)) }

    /// The samples a reader produces from the files: per point a location (with altitude) and, when
    /// `sensors` is true, a heart rate and a cadence at the same time.
    public func samples(sensors: Bool = true) -> [Sample] {
        var out: [Sample] = []
        out.reserveCapacity(count * (sensors ? 3 : 1))
        for i in 0..<count {
            let t = Self.startTime + Double(i)
            out.append(.location(LocationSample(time: t, latitude: latitudes[i], longitude: longitudes[i], altitudeMeters: elevations[i])))
            if sensors {
                out.append(.heartRate(HeartRateSample(time: t, beatsPerMinute: Double(heartRates[i]))))
                out.append(.cadence(CadenceSample(time: t, perMinute: Double(cadences[i]))))
            }
        }
        return out
    }

    // MARK: - Files

    /// GPX 1.1 with Garmin TrackPointExtension v1 heart rate and cadence, one track, one segment.
    public func gpx() -> [UInt8] {
        var out = TextBuffer(capacity: 64 * 1024 + count * 330)
        out.append("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="WorkoutEngine benchmarks" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <time>2024-01-01T00:00:00Z</time>
          </metadata>
          <trk>
            <name>Synthetic run</name>
            <type>running</type>
            <trkseg>

        """)
        for i in 0..<count {
            let p = Self.point(i)
            out.append("      <trkpt lat=\""); out.appendFixed(p.lat7, decimals: 7)
            out.append("\" lon=\""); out.appendFixed(p.lon7, decimals: 7)
            out.append("\">\n        <ele>"); out.appendFixed(p.ele1, decimals: 1)
            out.append("</ele>\n        <time>"); out.appendTime(i)
            out.append("</time>\n        <extensions>\n          <gpxtpx:TrackPointExtension>\n            <gpxtpx:hr>")
            out.appendInteger(p.hr)
            out.append("</gpxtpx:hr>\n            <gpxtpx:cad>")
            out.appendInteger(p.cad)
            out.append("</gpxtpx:cad>\n          </gpxtpx:TrackPointExtension>\n        </extensions>\n      </trkpt>\n")
        }
        out.append("    </trkseg>\n  </trk>\n</gpx>\n")
        return out.bytes
    }

    /// NDJSON: a header line, then per point a location, a heart-rate and a cadence line.
    public func ndjson() -> [UInt8] {
        var out = TextBuffer(capacity: 64 + count * 200)
        out.append("{\"type\":\"header\",\"activity\":\"running\"}\n")
        for i in 0..<count {
            appendRecords(of: i, to: &out, between: "\n", after: "\n")
        }
        return out.bytes
    }

    /// A JSON document: `{"activity":"running","samples":[...]}` with the same records as ``ndjson()``.
    public func jsonDocument() -> [UInt8] {
        var out = TextBuffer(capacity: 64 + count * 200)
        out.append("{\"activity\":\"running\",\"samples\":[\n")
        for i in 0..<count {
            appendRecords(of: i, to: &out, between: ",\n", after: i == count - 1 ? "\n" : ",\n")
        }
        out.append("]}\n")
        return out.bytes
    }

    private func appendRecords(of i: Int, to out: inout TextBuffer, between: String, after: String) {
        let p = Self.point(i)
        let t = Int(Self.startTime) + i
        out.append("{\"type\":\"location\",\"time\":"); out.appendInteger(t)
        out.append(",\"latitude\":"); out.appendFixed(p.lat7, decimals: 7)
        out.append(",\"longitude\":"); out.appendFixed(p.lon7, decimals: 7)
        out.append(",\"altitude\":"); out.appendFixed(p.ele1, decimals: 1)
        out.append("}"); out.append(between)
        out.append("{\"type\":\"heartRate\",\"time\":"); out.appendInteger(t)
        out.append(",\"bpm\":"); out.appendInteger(p.hr)
        out.append("}"); out.append(between)
        out.append("{\"type\":\"cadence\",\"time\":"); out.appendInteger(t)
        out.append(",\"perMinute\":"); out.appendInteger(p.cad)
        out.append("}"); out.append(after)
    }
}

/// A growable byte buffer with the few number formats the files need (no Foundation).
struct TextBuffer {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var v = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            for k in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[k]) }
        }
    }

    /// `value / 10^decimals` written with exactly `decimals` fraction digits.
    mutating func appendFixed(_ value: Int, decimals: Int) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let m = value.magnitude
        appendInteger(Int(m / UInt(scale)))
        bytes.append(UInt8(ascii: "."))
        var fraction = Int(m % UInt(scale))
        var divisor = scale / 10
        for _ in 0..<decimals {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor = Swift.max(divisor / 10, 1)
        }
    }

    /// `2024-01-DDThh:mm:ssZ` for `seconds` after 2024-01-01T00:00:00Z (less than 31 days).
    mutating func appendTime(_ seconds: Int) {
        let day = seconds / 86_400 + 1, h = seconds / 3600 % 24, m = seconds / 60 % 60, s = seconds % 60
        append("2024-01-")
        appendTwoDigits(day); bytes.append(UInt8(ascii: "T"))
        appendTwoDigits(h); bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(m); bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(s); bytes.append(UInt8(ascii: "Z"))
    }

    private mutating func appendTwoDigits(_ v: Int) {
        bytes.append(UInt8(ascii: "0") + UInt8(v / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(v % 10))
    }
}

/// Writes `bytes` to a new file under the system temporary directory and returns its path; the
/// suites read their inputs from there, as the CLI does. The file name carries the process id.
public func writeTemporaryTrack(_ bytes: [UInt8], name: String) -> String {
    let path = temporaryTrackPath(name: name)
    guard let file = fopen(path, "wb") else { fatalError("cannot create \(path)") }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    precondition(written == bytes.count, "short write to \(path)")
    return path
}

/// Nanoseconds on a monotonic clock, for the rate metrics the suites report themselves.
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The path ``writeTemporaryTrack(_:name:)`` writes `name` to.
public func temporaryTrackPath(name: String) -> String {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return "\(directory)/workoutengine-bench-\(getpid())-\(name)"
}

/// Deletes what ``writeTemporaryTrack(_:name:)`` wrote.
public func removeTemporaryTrack(name: String) {
    unlink(temporaryTrackPath(name: name))
}

/// A generated input file and its size.
public struct InputFile: Sendable {
    public let path: String
    public let byteCount: Int
    public init(path: String, byteCount: Int) {
        self.path = path
        self.byteCount = byteCount
    }
}
