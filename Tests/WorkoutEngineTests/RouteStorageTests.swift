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

    /// Distance in metres from `p` to the segment a–b in an azimuthal equidistant frame centred on `p`
    /// (PROJ): exact from `p`, and valid at a pole, where degrees of longitude measure nothing.
    static func projectedDistance(_ p: (Double, Double), toSegment a: (Double, Double), _ b: (Double, Double)) throws -> Double {
        let frame = try LocalProjection(center: GeoCoordinate(latitude: p.0, longitude: p.1))
        let pa = frame.project(GeoCoordinate(latitude: a.0, longitude: a.1)), pb = frame.project(GeoCoordinate(latitude: b.0, longitude: b.1))
        let bx = pb.x - pa.x, by = pb.y - pa.y
        let lengthSquared = bx * bx + by * by
        let t = lengthSquared == 0 ? 0 : max(0, min(1, (-pa.x * bx - pa.y * by) / lengthSquared))
        return hypot(pa.x + t * bx, pa.y + t * by)
    }

    /// Near a pole the decimator's frame must still measure (issue 13): a 1 Hz walk round the pole on a
    /// 100 m circle (constant latitude: in degrees of longitude it is a straight line, which a flat frame
    /// would keep as one), then straight across the pole, keeps every fix within the tolerance of the
    /// kept line.
    @Test func decimationHoldsItsToleranceAtAPole() throws {
        var samples: [Sample] = []
        var time = 1_700_000_000.0
        let radius = 100.0
        let latitude = 90 - radius / 111_694
        for second in 0..<1200 {
            // 1.4 m/s on the circle: about 0.8° of longitude a second; the longitude runs on past 360.
            let longitude = (Double(second) * 1.4 / radius * 180 / .pi).truncatingRemainder(dividingBy: 360) - 180
            samples.append(.location(LocationSample(time: time, latitude: latitude, longitude: longitude)))
            time += 1
        }
        // Then across the pole along the 0° / 180° meridian.
        for step in 0..<1000 {
            let meters = Double(step) * 3 - 1500
            samples.append(.location(LocationSample(time: time, latitude: 90 - abs(meters) / 111_694, longitude: meters < 0 ? 0 : 180)))
            time += 1
        }
        var full = WorkoutBuilder(options: WorkoutOptions(activity: .walking, filterMode: .none))
        var decimated = WorkoutBuilder(options: WorkoutOptions(activity: .walking, filterMode: .none, routeStorage: .decimated(toleranceMeters: 2.5)))
        for sample in samples {
            full.add(sample)
            decimated.add(sample)
        }
        #expect(decimated.route.storedPointCount < full.route.storedPointCount)
        var worst = 0.0
        for (kept, all) in zip(decimated.route.segments, full.route.segments) {
            let line = zip(kept.latitudes, kept.longitudes).map { ($0, $1) }
            for point in zip(all.latitudes, all.longitudes) {
                let nearest = try zip(line, line.dropFirst()).map { try Self.projectedDistance(point, toSegment: $0, $1) }.min() ?? 0
                worst = max(worst, nearest)
            }
        }
        #expect(worst <= 2.5 + 0.05, "a dropped fix lies \(worst) m from the kept line")
    }
}
