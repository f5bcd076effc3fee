import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// The analysis charts: a bar per split, the mean-maximal curve's points, climbs shaded on the profile.
struct AnalysisChartTests {
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func aBarPerSplit() throws {
        let track = try ExportTrack(contentsOfTrack: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path,
                                    options: WorkoutOptions(activity: .running))
        let splits = track.analysis.splits
        #expect(splits.kilometers.count == 13 && splits.miles.count == 8)
        let color = "fill=\"\(ExportPalette.color(for: .running).hexString)\""
        let metric = try ChartRenderer.svg(.splits, for: track)
        #expect(Self.count(color, in: metric.text) == 13, "one bar per kilometre split")
        #expect(Self.count("fill-opacity=\"0.45\"", in: metric.text) == 1, "the partial split is paler")
        let imperial = try ChartRenderer.svg(.splits, for: track, options: ChartOptions(units: .imperial))
        #expect(Self.count(color, in: imperial.text) == 8)
        #expect(imperial.text.contains(">min/mi<"))
    }

    @Test func powerCurveHasAPointPerDuration() throws {
        let samples = (0...1800).map { Sample.power(PowerSample(time: 1_700_000_000 + Double($0), watts: 200 + Double($0 % 7) * 10)) }
        let track = ExportTrack(samples: samples, options: WorkoutOptions(activity: .cycling))
        // 1800 s of power: durations up to 1800 s (12 of the 14).
        #expect(track.analysis.meanMaximal.powerWatts.points.count == 12)
        let svg = try ChartRenderer.svg(.powerCurve, for: track)
        #expect(svg.text.contains("<title>Power curve"))
        #expect(Self.count("<circle", in: svg.text) == 12)
    }

    @Test func paceCurveWithoutPowerAndClimbsOnTheProfile() throws {
        let track = try ExportTrack(contentsOfTrack: TestPaths.sampleTrack("hike-garmin-gpsmap64s-2seg-elevation.gpx").path,
                                    options: WorkoutOptions(activity: .running, activityIsExplicit: true))
        let curve = try ChartRenderer.svg(.powerCurve, for: track)
        #expect(curve.text.contains("<title>Pace curve"))
        #expect(Self.count("<circle", in: curve.text) == track.analysis.meanMaximal.speedMetersPerSecond.points.count)
        let profile = try ChartRenderer.svg(.elevation, for: track)
        #expect(track.analysis.climbs.count >= 1)
        #expect(Self.count("class=\"climb\"", in: profile.text) == track.analysis.climbs.count)
        #expect(profile.text.contains(">HC<"))
    }

    @Test func noSplitsNoChart() {
        let track = ExportTrack(samples: [Sample.location(LocationSample(time: 1, latitude: 47, longitude: 8))], options: WorkoutOptions())
        #expect(throws: ExportError.missingData("splits")) { try ChartRenderer.svg(.splits, for: track) }
    }
}
