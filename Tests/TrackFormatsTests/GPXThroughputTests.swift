import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// Prints how fast `GPXReader` reads a generated 100k-point GPX with heart rate and cadence (about
/// 33 MB). Wall-clock time is not asserted. Runs only with `GPX_THROUGHPUT=1`, best in release:
/// `GPX_THROUGHPUT=1 swift test -c release --filter GPXThroughput`.
@Suite(.serialized)
struct GPXThroughputTests {
    struct CountingSink: TrackSampleSink {
        var count = 0
        var latitudeSum = 0.0
        mutating func consume(_ sample: Sample) throws {
            count += 1
            if case .location(let location) = sample { latitudeSum += location.latitude }
        }
    }

    /// `longCoordinates`: Garmin Connect writes the exact decimal expansion of its binary coordinates
    /// (`37.24173816852271556854248046875`), more digits than the exact fast path takes.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GPX_THROUGHPUT"] == "1"), arguments: [false, true])
    func hundredThousandPoints(longCoordinates: Bool) throws {
        let url = try TestPaths.temporaryDirectory("gpx-throughput").appendingPathComponent("large.gpx")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx creator="Garmin Connect" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
          <trk><name>generated</name><type>running</type><trkseg>

        """
        text.reserveCapacity(34_000_000)
        let start = 1_501_339_595
        for index in 0..<100_000 {
            let latitude = 37.24173816852271556854248046875 + Double(index) * 1.3e-5
            let longitude = -121.9723242335021495819091796875 + Double(index) * 0.7e-5
            let seconds = start + index
            let time = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
            let lat = longCoordinates ? String(format: "%.28f", latitude) : String(format: "%.7f", latitude)
            let lon = longCoordinates ? String(format: "%.28f", longitude) : String(format: "%.7f", longitude)
            text += """
                  <trkpt lat="\(lat)" lon="\(lon)">
                    <ele>\(100 + Double(index % 500) * 0.4000000152587890625)</ele>
                    <time>\(time.dropLast()).000Z</time>
                    <extensions>
                      <ns3:TrackPointExtension>
                        <ns3:hr>\(120 + index % 60)</ns3:hr>
                        <ns3:cad>\(80 + index % 10)</ns3:cad>
                      </ns3:TrackPointExtension>
                    </extensions>
                  </trkpt>

            """
        }
        text += "    </trkseg></trk>\n</gpx>\n"
        try Data(text.utf8).write(to: url)

        var best = Double.infinity
        var bestCPU = Double.infinity
        var samples = 0
        for _ in 0..<5 {
            var input = FormatSniffingInput(try TrackInput(path: url.path))
            var sink = CountingSink()
            let clock = ContinuousClock()
            let cpuBegan = threadCPUSeconds()
            let began = clock.now
            let report = try GPXReader().read(&input, into: &sink)
            let elapsed = clock.now - began
            bestCPU = min(bestCPU, threadCPUSeconds() - cpuBegan)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            best = min(best, seconds)
            samples = report.sampleCount
            #expect(report.locationCount == 100_000)
        }
        let megabytes = Double(text.utf8.count) / 1_000_000
        print(String(format: "GPXReader (long coordinates: \(longCoordinates)): %.1f MB, %d samples, best of 5: %.3f s wall, %.3f s thread CPU (%.0f MB/s)",
                     megabytes, samples, best, bestCPU, megabytes / best))
    }

    /// CPU time of the calling thread, less sensitive than wall-clock time to a busy machine.
    private func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
