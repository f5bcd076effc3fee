import Testing
@testable import TrackFormats
import WorkoutSamples

/// Power in a GPX point's extensions (an unqualified `<power>`, as the GPX export writes it).
struct GPXPowerTests {
    @Test func unqualifiedPowerIsAPowerSample() throws {
        let gpx = """
        <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><trk><trkseg>
        <trkpt lat="45" lon="7"><time>2020-01-01T00:00:00Z</time><extensions><power>251.5</power></extensions></trkpt>
        <trkpt lat="45" lon="7.001"><time>2020-01-01T00:00:01Z</time><extensions><other><power>9</power></other></extensions></trkpt>
        </trkseg></trk></gpx>
        """
        let (_, sink) = try GPXTestReading.read(gpx)
        let powers = sink.samples.compactMap { if case .power(let p) = $0 { p.watts } else { nil } }
        #expect(powers == [251.5, 9])
        // Right after its point's location, with the point's time.
        let index = try #require(sink.samples.firstIndex { if case .power = $0 { true } else { false } })
        #expect(sink.samples[index] == .power(PowerSample(time: 1_577_836_800, watts: 251.5)))
        if case .location = sink.samples[index - 1] {} else { Issue.record("power does not follow its location") }
    }
}
