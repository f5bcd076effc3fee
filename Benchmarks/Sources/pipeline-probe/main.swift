// pipeline-probe: the in-memory summary pipeline against the bare geodesic loop on the same
// coordinates, in one release process. compare.sh runs it on the coordinates file that
// scripts/tracks.py writes (little-endian float64 triplets: latitude, longitude, elevation).
//
//   pipeline-probe <track.coords> [repetitions]
//   pipeline-probe <track.coords> profile     # one summary (filter none, locations only) and nothing else,
//                                             # for valgrind --tool=callgrind or perf
//   pipeline-probe <track.coords> profile-sensors   # the same with a heart rate and a cadence per point
//   pipeline-probe <track.coords> profile-default   # the same with the default filter, ten times over
//
// Prints one JSON object per line: {"case":…,"points":…,"medianSeconds":…,"nsPerPoint":…,"distanceMeters":…}.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SyntheticTracks
import WorkoutEngine

func fail(_ message: String) -> Never {
    var line = "pipeline-probe: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func readTriplets(_ path: String) -> (lat: [Double], lon: [Double], ele: [Double]) {
    guard let file = fopen(path, "rb") else { fail("cannot open \(path)") }
    defer { fclose(file) }
    fseek(file, 0, SEEK_END)
    let size = ftell(file)
    fseek(file, 0, SEEK_SET)
    guard size > 0, size % 24 == 0 else { fail("\(path): size \(size) is not a multiple of 24") }
    var values = [Double](repeating: 0, count: size / 8)
    let read = values.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    guard read == size else { fail("\(path): short read") }
    let n = values.count / 3
    var lat = [Double](), lon = [Double](), ele = [Double]()
    lat.reserveCapacity(n); lon.reserveCapacity(n); ele.reserveCapacity(n)
    for i in 0..<n {
        lat.append(Double(bitPattern: UInt64(littleEndian: values[3 * i].bitPattern)))
        lon.append(Double(bitPattern: UInt64(littleEndian: values[3 * i + 1].bitPattern)))
        ele.append(Double(bitPattern: UInt64(littleEndian: values[3 * i + 2].bitPattern)))
    }
    return (lat, lon, ele)
}

/// Runs `body` `repetitions` times and returns the median time in seconds and the last result.
func median<T>(_ repetitions: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    var times: [Double] = []
    var last: T?
    for _ in 0..<repetitions {
        let start = monotonicNanoseconds()
        let value = try body()
        times.append(Double(monotonicNanoseconds() - start) / 1e9)
        last = value
    }
    times.sort()
    return (times[times.count / 2], last!)
}

func report(_ name: String, points: Int, seconds: Double, distance: Double) {
    let ns = seconds * 1e9 / Double(points)
    print("{\"case\":\"\(name)\",\"points\":\(points),\"medianSeconds\":\(seconds),\"nsPerPoint\":\(ns),\"distanceMeters\":\(distance)}")
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: pipeline-probe <track.coords> [repetitions]") }
let profileOnly = arguments.count >= 3 && arguments[2].hasPrefix("profile")
let profileDefault = arguments.count >= 3 && arguments[2] == "profile-default"
let profileSensors = arguments.count >= 3 && (arguments[2] == "profile-sensors" || profileDefault)
let repetitions = arguments.count >= 3 ? Int(arguments[2]) ?? 5 : 5
let coordinates = readTriplets(arguments[1])
let points = coordinates.lat.count

if profileOnly {
    var samples: [Sample] = []
    samples.reserveCapacity(points)
    for i in 0..<points {
        samples.append(.location(LocationSample(
            time: SyntheticTrack.startTime + Double(i), latitude: coordinates.lat[i], longitude: coordinates.lon[i],
            altitudeMeters: coordinates.ele[i])))
        if profileSensors {
            samples.append(.heartRate(HeartRateSample(time: SyntheticTrack.startTime + Double(i), beatsPerMinute: 140)))
            samples.append(.cadence(CadenceSample(time: SyntheticTrack.startTime + Double(i), perMinute: 84)))
        }
    }
    let options = WorkoutOptions(activity: .running, filterMode: profileDefault ? .default : .none)
    var distance = 0.0
    for _ in 0..<(profileDefault ? 10 : 1) {
        distance = try WorkoutSummary(samples: samples, options: options).metrics.distanceMeters
    }
    report(profileDefault ? "profile.summary.filterDefault.hrCadence" : "profile.summary.filterNone", points: points, seconds: 0, distance: distance)
    exit(0)
}

// The Swift generator must produce the very coordinates the Python generator wrote.
let track = SyntheticTrack(points: points)
guard track.latitudes == coordinates.lat, track.longitudes == coordinates.lon, track.elevations == coordinates.ele else {
    fail("the coordinates file differs from SyntheticTrack(points: \(points)): scripts/tracks.py and SyntheticTrack.swift disagree")
}

// And the same files, byte for byte, when they are small enough to hold twice.
let stem = arguments[1].hasSuffix(".coords") ? String(arguments[1].dropLast(".coords".count)) : arguments[1]
if points <= 200_000 {
    for (suffix, expected) in [(".gpx", track.gpx()), (".ndjson", track.ndjson())] {
        guard let file = fopen(stem + suffix, "rb") else { continue }
        var bytes = [UInt8](repeating: 0, count: expected.count + 1)
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        guard read == expected.count, bytes.prefix(read).elementsEqual(expected) else {
            fail("\(stem + suffix) differs from SyntheticTrack's \(suffix) output")
        }
    }
}

let bare = median(repetitions) {
    Ellipsoid.wgs84.pathLengthMeters(latitudes: coordinates.lat, longitudes: coordinates.lon)
}
report("swift.pathLengthMeters", points: points, seconds: bare.seconds, distance: bare.result)

let locations = track.samples(sensors: false)
let withSensors = track.samples(sensors: true)
let cases: [(String, [Sample], LocationFilterMode)] = [
    ("summary.filterNone.locations", locations, .none),
    ("summary.filterNone.hrCadence", withSensors, .none),
    ("summary.filterDefault.hrCadence", withSensors, .default),
]
for (name, samples, filter) in cases {
    let options = WorkoutOptions(activity: .running, filterMode: filter)
    let run = try median(repetitions) { try WorkoutSummary(samples: samples, options: options) }
    report(name, points: points, seconds: run.seconds, distance: run.result.metrics.distanceMeters)
}

// Where the pipeline's time goes: the per-sample loop alone, then the summary (GEOS) alone.
let options = WorkoutOptions(activity: .running, filterMode: .none)
let addOnly = median(repetitions) { () -> WorkoutBuilder in
    var builder = WorkoutBuilder(options: options)
    for sample in locations { builder.add(sample) }
    return builder
}
report("builder.add.filterNone.locations", points: points, seconds: addOnly.seconds, distance: addOnly.result.snapshot.distanceMeters)
let summaryOnly = try median(repetitions) { try addOnly.result.summary() }
report("builder.summary.filterNone.locations", points: points, seconds: summaryOnly.seconds, distance: summaryOnly.result.metrics.distanceMeters)
