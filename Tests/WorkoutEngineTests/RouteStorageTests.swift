import Foundation
import Geodesy
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

struct RouteStorageTests {
    /// Distance in metres from `p` to the segment a–b, in the tangent plane at `a` (exact enough over a
    /// few hundred metres for a tolerance check).
    static func distance(_ p: (Double, Double), toSegment a: (Double, Double), _ b: (Double, Double)) -> Double {
        let mLat = 111_132.954 - 559.822 * cos(2 * a.0 * .pi / 180)
        let mLon = 111_412.84 * cos(a.0 * .pi / 180)
        let px = (p.1 - a.1) * mLon, py = (p.0 - a.0) * mLat
        let bx = (b.1 - a.1) * mLon, by = (b.0 - a.0) * mLat
        let lengthSquared = bx * bx + by * by
        let t = lengthSquared == 0 ? 0 : max(0, min(1, (px * bx + py * by) / lengthSquared))
        return hypot(px - t * bx, py - t * by)
    }

    @Test(arguments: [UInt64(51), 52, 53])
    func decimatedRouteStaysWithinItsToleranceOfEveryFix(seed: UInt64) throws {
        let track = SyntheticTrack.run(seed: seed, durationSeconds: 1800)
        let samples = track.noisy.map { Sample.location(LocationSample(time: $0.time, latitude: $0.latitude, longitude: $0.longitude)) }
        var full = WorkoutBuilder(options: WorkoutOptions(activity: .running))
        var decimated = WorkoutBuilder(options: WorkoutOptions(activity: .running, routeStorage: .decimated(toleranceMeters: 2.5)))
        for sample in samples {
            full.add(sample)
            decimated.add(sample)
        }
        // Metrics do not depend on what is stored.
        #expect(decimated.snapshot == full.snapshot)
        #expect(decimated.route.bounds == full.route.bounds)
        #expect(decimated.route.locationCount == full.route.locationCount)
        #expect(decimated.route.storedPointCount * 4 < full.route.storedPointCount)
        for (kept, all) in zip(decimated.route.segments, full.route.segments) {
            #expect(kept.latitudes.first == all.latitudes.first)
            #expect(kept.latitudes.last == all.latitudes.last)
            let line = zip(kept.latitudes, kept.longitudes).map { ($0, $1) }
            for point in zip(all.latitudes, all.longitudes) {
                let nearest = zip(line, line.dropFirst()).map { Self.distance(point, toSegment: $0, $1) }.min() ?? 0
                #expect(nearest <= 2.5 + 0.01, "a dropped fix lies \(nearest) m from the kept line")
            }
        }
    }
}
