// store-probe: the store benchmark's helper (Benchmarks/store.sh runs it).
//
//   store-probe gpx DIR COUNT [SECONDS]        COUNT one-hour (SECONDS) 1 Hz runs as GPX 1.1 with ele, hr and cad
//   store-probe fill STORE COUNT [JOBS]        COUNT short workouts (120 fixes) spread over 4 x 4 degrees, saved
//   store-probe query STORE REPEAT [DEGREES]   REPEAT bounding-box queries of DEGREES (0.01) at random places
//   store-probe live STORE SESSIONS SECONDS    SESSIONS live sessions on one node, each given a fix and a heart
//                                              rate every second of wall time for SECONDS, then ended
//
// Every workout differs (place, time, content hash); the same arguments give the same files and workouts.
import Foundation
import WorkoutEngine
import WorkoutStore

/// A small deterministic generator (a 64-bit LCG, Knuth's MMIX constants), so runs are repeatable.
struct Generator {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(UInt64(1) << 53)
    }
}

/// The area the workouts are spread over: 44–48 N, 5–9 E.
enum Area {
    static let minLatitude = 44.0, minLongitude = 5.0, sizeDegrees = 4.0
}

func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

/// A one-hour (or `seconds`) 1 Hz run as GPX 1.1, a loop of about 5.4 km every 30 minutes at 3 m/s with
/// elevation, heart rate and cadence, starting at a place and a day that depend on `index`.
func runGPX(index: Int, seconds: Int) -> [UInt8] {
    let latitude0 = 45.5 + Double(index % 40) * 0.05
    let longitude0 = 6.5 + Double(index / 40 % 40) * 0.05
    let start = 1_704_067_200.0 + Double(index) * 86_400
    var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="store-probe" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
        <trk><name>run \(index)</name><type>running</type><trkseg>

        """
    text.reserveCapacity(seconds * 260)
    for second in 0..<seconds {
        let t = Double(second)
        let angle = 2 * Double.pi * t / 1800 + Double(index)
        let latitude = latitude0 + 0.0077 * sin(angle) + 0.00003 * sin(t / 7)
        let longitude = longitude0 + 0.0113 * cos(angle) + 0.00003 * cos(t / 11)
        let elevation = 420 + 35 * sin(t / 600) + 2 * sin(t / 13)
        let heartRate = Int(140 + 18 * sin(t / 300))
        let cadence = Int(84 + 6 * sin(t / 120))
        let time = ISO8601Text.string(secondsSince1970: start + t) ?? ""
        text += "<trkpt lat=\"\(fixed(latitude, 7))\" lon=\"\(fixed(longitude, 7))\"><ele>\(fixed(elevation, 1))</ele><time>\(time)</time>"
            + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(heartRate)</gpxtpx:hr><gpxtpx:cad>\(cadence)</gpxtpx:cad>"
            + "</gpxtpx:TrackPointExtension></extensions></trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    return Array(text.utf8)
}

/// A short workout (120 fixes, 1 Hz, about 360 m in a straight line) somewhere in the area.
func shortGPX(index: Int) -> [UInt8] {
    var random = Generator(state: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    let latitude0 = Area.minLatitude + random.next() * Area.sizeDegrees
    let longitude0 = Area.minLongitude + random.next() * Area.sizeDegrees
    let heading = random.next() * 2 * Double.pi
    let start = 1_577_836_800.0 + Double(index) * 3_600
    var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"store-probe\"><trk><type>running</type><trkseg>\n"
    for second in 0..<120 {
        let metres = 3.0 * Double(second)
        let latitude = latitude0 + metres * cos(heading) / 111_200
        let longitude = longitude0 + metres * sin(heading) / (111_320 * cos(latitude0 * Double.pi / 180))
        let time = ISO8601Text.string(secondsSince1970: start + Double(second)) ?? ""
        text += "<trkpt lat=\"\(fixed(latitude, 7))\" lon=\"\(fixed(longitude, 7))\"><ele>\(fixed(300 + metres / 50, 1))</ele><time>\(time)</time></trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    return Array(text.utf8)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("store-probe: \(message)\n".utf8))
    exit(64)
}

/// User and system CPU seconds of this process so far.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    fail("usage: store-probe gpx DIR COUNT [SECONDS] | fill STORE COUNT [JOBS] | query STORE REPEAT [DEGREES] | live STORE SESSIONS SECONDS")
}
let clock = ContinuousClock()

switch arguments[1] {
case "gpx":
    guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
    let length = arguments.count > 4 ? Int(arguments[4]) ?? 3_600 : 3_600
    try FileManager.default.createDirectory(atPath: arguments[2], withIntermediateDirectories: true)
    for index in 0..<count {
        let path = "\(arguments[2])/run-\(String(format: "%04d", index)).gpx"
        if FileManager.default.fileExists(atPath: path) { continue }
        try Data(runGPX(index: index, seconds: length)).write(to: URL(fileURLWithPath: path))
    }
    print("store-probe: \(count) files of \(length) points in \(arguments[2])")

case "fill":
    guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
    let jobs = arguments.count > 4 ? Int(arguments[4]) ?? 2 : 2
    let store = try await WorkoutStores.open(arguments[2])
    let already = try await store.count()
    let started = clock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for job in 0..<jobs {
            group.addTask {
                var index = already + job
                while index < count {
                    let workout = try ImportedWorkout(bytes: shortGPX(index: index), name: "short-\(index).gpx", athlete: "athlete-\(index % 100)")
                    _ = try await store.save(workout)
                    index += jobs
                }
            }
        }
        try await group.waitForAll()
    }
    let elapsed = seconds(clock.now - started)
    let total = try await store.count()
    print("store-probe: \(total) workouts stored (\(total - already) new in \(fixed(elapsed, 1)) s, \(fixed(Double(total - already) / max(elapsed, 1e-9), 0))/s)")
    await store.close()

case "query":
    guard let repeats = Int(arguments[3]) else { fail("REPEAT must be a number") }
    let degrees = arguments.count > 4 ? Double(arguments[4]) ?? 0.01 : 0.01
    let store = try await WorkoutStores.open(arguments[2])
    let stored = try await store.count()
    var random = Generator(state: 42)
    // One query first, so that the first measured one does not pay for cold caches alone.
    _ = try await store.workouts(matching: WorkoutQuery(boundingBox: GeoBounds(minLatitude: 46, minLongitude: 7, maxLatitude: 46 + degrees, maxLongitude: 7 + degrees)))
    var times: [Double] = []
    var found = 0
    for _ in 0..<repeats {
        let latitude = Area.minLatitude + random.next() * (Area.sizeDegrees - degrees)
        let longitude = Area.minLongitude + random.next() * (Area.sizeDegrees - degrees)
        let box = GeoBounds(minLatitude: latitude, minLongitude: longitude, maxLatitude: latitude + degrees, maxLongitude: longitude + degrees)
        let started = clock.now
        let workouts = try await store.workouts(matching: WorkoutQuery(boundingBox: box))
        times.append(seconds(clock.now - started) * 1000)
        found += workouts.count
    }
    times.sort()
    func percentile(_ p: Double) -> Double { times[min(times.count - 1, Int(Double(times.count) * p))] }
    print("store-probe: \(repeats) boxes of \(degrees) degrees over \(stored) workouts: \(fixed(Double(found) / Double(repeats), 1)) found on average; "
          + "p50 \(fixed(percentile(0.5), 2)) ms, p95 \(fixed(percentile(0.95), 2)) ms, max \(fixed(times.last ?? 0, 2)) ms")
    await store.close()

case "live":
    guard let count = Int(arguments[3]), arguments.count > 4, let duration = Int(arguments[4]) else { fail("live STORE SESSIONS SECONDS") }
    let store = try await WorkoutStores.open(arguments[2])
    let node = try await LiveSessions(store: store, nodeID: "store-probe-\(getpid())")
    let sessions = try await withThrowingTaskGroup(of: LiveSession.self) { group in
        for index in 0..<count {
            group.addTask { try await node.create(athlete: "athlete-\(index % 100)", configuration: .init(options: .init(activity: .running))) }
        }
        var all: [LiveSession] = []
        for try await session in group { all.append(session) }
        return all
    }
    let usageBefore = cpuSeconds()
    let wallStart = clock.now
    let epoch = Date().timeIntervalSince1970
    var latencies: [Double] = []
    var ingestMilliseconds: [Double] = []
    for tick in 0..<duration {
        let deadline = wallStart + .seconds(tick)
        try await clock.sleep(until: deadline)
        let time = epoch + Double(tick)
        let ingestStart = clock.now
        for (index, session) in sessions.enumerated() {
            let latitude = 45 + Double(index % 100) * 0.01 + Double(tick) * 0.00002
            let longitude = 7 + Double(index / 100) * 0.01 + Double(tick) * 0.00002
            await session.ingest(.location(LocationSample(time: time, latitude: latitude, longitude: longitude, horizontalAccuracyMeters: 5)))
            await session.ingest(.heartRate(HeartRateSample(time: time, beatsPerMinute: 120 + Double(tick % 30))))
        }
        ingestMilliseconds.append(seconds(clock.now - ingestStart) * 1000)
        // How long the records of this second take to be committed, for a few sessions.
        for session in sessions.prefix(5) {
            let syncStart = clock.now
            try await session.sync()
            latencies.append(seconds(clock.now - syncStart) * 1000)
        }
    }
    let wall = seconds(clock.now - wallStart)
    let cpu = cpuSeconds() - usageBefore
    let committed = try await node.sessions().reduce(0) { $0 + $1.sampleCount }
    let endStart = clock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        for _ in 0..<2 where next < sessions.count {
            let session = sessions[next]
            next += 1
            group.addTask { _ = try await session.end(at: epoch + Double(duration)) }
        }
        while try await group.next() != nil, next < sessions.count {
            let session = sessions[next]
            next += 1
            group.addTask { _ = try await session.end(at: epoch + Double(duration)) }
        }
    }
    let endSeconds = seconds(clock.now - endStart)
    latencies.sort()
    ingestMilliseconds.sort()
    func percentile(_ values: [Double], _ p: Double) -> Double { values[min(values.count - 1, Int(Double(values.count) * p))] }
    print("store-probe: \(count) live sessions x \(duration) s at 1 Hz (a fix and a heart rate a second each): "
          + "\(fixed(100 * cpu / wall, 0)) % of one core (the whole process); ingest of a second's \(2 * count) samples "
          + "p50 \(fixed(percentile(ingestMilliseconds, 0.5), 1)) ms; commit latency p50 \(fixed(percentile(latencies, 0.5), 1)) ms, "
          + "p99 \(fixed(percentile(latencies, 0.99), 1)) ms; \(committed) samples committed; "
          + "\(count) sessions ended into workouts in \(fixed(endSeconds, 1)) s")
    await node.shutdown()
    await store.close()

default:
    fail("unknown command \(arguments[1])")
}
