import Foundation
import Testing
import TestSupport

/// The analysis in `route-replay summary`: its keys in the JSON, splits by `--units` in the text, and
/// `--no-analysis`.
struct SummaryAnalysisCommandTests {
    @Test func jsonCarriesTheAnalysisKeys() throws {
        let summary = try CLI.summary(TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path)
        let splits = try #require(summary["splits"] as? [String: Any])
        let kilometers = try #require(splits["kilometers"] as? [[String: Any]])
        let miles = try #require(splits["miles"] as? [[String: Any]])
        // 12.77 km: 12 whole kilometres and a partial one; 7 whole miles and a partial one.
        #expect(kilometers.count == 13 && miles.count == 8)
        #expect(kilometers.last?["partial"] as? Bool == true && kilometers.first?["partial"] as? Bool == false)
        let total = kilometers.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)
        #expect(abs(total - (summary["distanceMeters"] as? Double ?? 0)) < 1e-6)
        #expect(summary["laps"] as? [Any] != nil)
        let efforts = try #require(summary["bestEfforts"] as? [[String: Any]])
        #expect(efforts.map { $0["name"] as? String } == ["400m", "halfMile", "1k", "1mile", "2miles", "5k", "10k"])
        let curves = try #require(summary["meanMaximal"] as? [String: Any])
        #expect((curves["heartRateBPM"] as? [Any])?.isEmpty == false)
        #expect((curves["powerWatts"] as? [Any])?.isEmpty == true)
        #expect(summary["trainingLoad"] is NSNull)
        #expect(summary["climbs"] as? [Any] != nil)
    }

    @Test func textShowsSplitsInTheChosenUnits() throws {
        let path = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path
        let metric = try CLI.run(["summary", path, "--format", "text"]).standardOutput
        #expect(metric.contains("Splits (km):\n  1 km "))
        #expect(metric.contains("Best efforts:    400m "))
        let imperial = try CLI.run(["summary", path, "--format", "text", "--units", "imperial"]).standardOutput
        #expect(imperial.contains("Splits (mi):\n  1 mi "))
        #expect(imperial.contains(" min/mi"))
    }

    @Test func noAnalysisLeavesItOut() throws {
        let path = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path
        let output = try CLI.run(["summary", path, "--no-analysis"]).standardOutput
        let summary = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect((summary["splits"] as? [String: Any])?["kilometers"] as? [Any] != nil)
        #expect(((summary["splits"] as? [String: Any])?["kilometers"] as? [Any])?.isEmpty == true)
        #expect((summary["bestEfforts"] as? [Any])?.isEmpty == true)
        #expect(summary["distanceMeters"] as? Double == (try CLI.summary(path))["distanceMeters"] as? Double)
    }
}
