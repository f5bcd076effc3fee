import WorkoutSamples
public import RouteGeometry
import Foundation

/// How much of the route a ``WorkoutBuilder`` keeps.
public enum RouteStorage: Sendable, Hashable {
    /// Every accepted fix (exports, maps and charts need them).
    case everyFix
    /// Only the fixes needed to draw the route within `toleranceMeters`: a fix is dropped while the line
    /// from the last kept fix to the newest one passes within the tolerance of every fix in between
    /// (the cone-intersection test of Sklansky & Gonzalez, *Fast polygonal approximation of digitized
    /// curves*, Pattern Recognition 12, 1980), O(1) per fix. Memory then grows with the route's shape, not
    /// with its sampling rate: a summary of a long 1 Hz track keeps a few percent of its fixes.
    case decimated(toleranceMeters: Double)
}

/// The accepted fixes of a workout, split into segments (a pause, a GPX segment or an unrecorded gap
/// starts a new one). Stored as contiguous arrays of plain numbers.
public struct RecordedRoute: Sendable, Hashable {
    /// One stretch of route with no pause inside.
    public struct Segment: Sendable, Hashable {
        public internal(set) var latitudes: ContiguousArray<Double> = []
        public internal(set) var longitudes: ContiguousArray<Double> = []
        /// Altitude per fix, `nan` where the fix had none.
        public internal(set) var altitudesMeters: ContiguousArray<Double> = []
        /// Time per fix, `nan` where the fix had none.
        public internal(set) var times: ContiguousArray<Double> = []
        /// Geodesic length of the segment as measured (smoothed in the default filter mode).
        public internal(set) var distanceMeters: Double = 0
        /// Fixes accepted into the segment (more than ``count`` when the route is decimated).
        public internal(set) var acceptedCount = 0

        /// Fixes stored.
        public var count: Int { latitudes.count }
        public var isEmpty: Bool { latitudes.isEmpty }

        mutating func append(_ fix: LocationSample) {
            latitudes.append(fix.latitude)
            longitudes.append(fix.longitude)
            altitudesMeters.append(fix.altitudeMeters ?? .nan)
            times.append(fix.time ?? .nan)
        }

        mutating func replaceLast(with fix: LocationSample) {
            let last = latitudes.count - 1
            latitudes[last] = fix.latitude
            longitudes[last] = fix.longitude
            altitudesMeters[last] = fix.altitudeMeters ?? .nan
            times[last] = fix.time ?? .nan
        }
    }

    /// The segments in order; none is empty.
    public internal(set) var segments: [Segment] = []
    public let storage: RouteStorage
    /// Whether the next fix starts a new segment.
    var startsNewSegment = true
    private var decimator = ConeDecimator()
    private var minimumLatitude = Double.infinity, maximumLatitude = -Double.infinity
    private var minimumLongitude = Double.infinity, maximumLongitude = -Double.infinity

    public init(storage: RouteStorage = .everyFix) {
        self.storage = storage
    }

    /// Number of fixes accepted over all segments (stored or not).
    public private(set) var locationCount = 0

    /// Number of fixes stored over all segments.
    public var storedPointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Total measured distance over all segments, metres.
    public var distanceMeters: Double { segments.reduce(0) { $0 + $1.distanceMeters } }

    /// Bounds of every accepted fix (stored or not); `nil` before the first.
    public var bounds: GeoBounds? {
        guard locationCount > 0 else { return nil }
        return GeoBounds(minLatitude: minimumLatitude, minLongitude: minimumLongitude,
                         maxLatitude: maximumLatitude, maxLongitude: maximumLongitude)
    }

    mutating func append(_ fix: LocationSample) {
        locationCount += 1
        minimumLatitude = min(minimumLatitude, fix.latitude)
        maximumLatitude = max(maximumLatitude, fix.latitude)
        minimumLongitude = min(minimumLongitude, fix.longitude)
        maximumLongitude = max(maximumLongitude, fix.longitude)
        if startsNewSegment || segments.isEmpty {
            segments.append(Segment())
            startsNewSegment = false
            decimator.begin(at: fix)
            segments[segments.count - 1].append(fix)
            segments[segments.count - 1].acceptedCount += 1
            return
        }
        let last = segments.count - 1
        segments[last].acceptedCount += 1
        guard case .decimated(let tolerance) = storage else {
            segments[last].append(fix)
            return
        }
        // The cone and the allowed retreat along it each take 0.7 of the tolerance, so a dropped fix is within
        // hypot(0.7, 0.7) < 1 tolerance of the kept line.
        switch decimator.take(fix, toleranceMeters: 0.7 * tolerance, hasProvisional: segments[last].count >= 2) {
        case .replaceProvisional: segments[last].replaceLast(with: fix)
        case .appendProvisional: segments[last].append(fix)
        }
    }

    mutating func addDistance(_ meters: Double) {
        guard !segments.isEmpty else { return }
        segments[segments.count - 1].distanceMeters += meters
    }
}

/// The state of the streaming decimation of one segment: the last kept fix (the anchor) and the range of
/// directions from it along which a line passes within the tolerance of every fix since.
private struct ConeDecimator: Sendable, Hashable {
    enum Step { case replaceProvisional, appendProvisional }

    private var anchorLatitude = 0.0, anchorLongitude = 0.0
    private var scale = LocalScale(latitude: 0)
    /// The allowed directions, radians relative to `reference`; empty when `low > high`.
    private var reference = 0.0, low = -Double.pi, high = Double.pi
    private var hasCone = false
    /// Distance of the provisional (newest stored) fix from the anchor.
    private var provisionalDistance = 0.0
    private var provisionalLatitude = 0.0, provisionalLongitude = 0.0

    mutating func begin(at fix: LocationSample) {
        setAnchor(latitude: fix.latitude, longitude: fix.longitude)
    }

    private mutating func setAnchor(latitude: Double, longitude: Double) {
        anchorLatitude = latitude
        anchorLongitude = longitude
        scale = LocalScale(latitude: latitude)
        hasCone = false
        low = -Double.pi
        high = Double.pi
        provisionalDistance = 0
    }

    /// Decides whether `fix` replaces the provisional fix (the segment from the anchor to `fix` still
    /// passes within the tolerance of every fix since the anchor) or is appended (the provisional fix
    /// becomes the new anchor).
    mutating func take(_ fix: LocationSample, toleranceMeters tolerance: Double, hasProvisional: Bool) -> Step {
        if hasProvisional, fits(fix, tolerance: tolerance) {
            narrow(with: fix, tolerance: tolerance)
            return .replaceProvisional
        }
        if hasProvisional {
            setAnchor(latitude: provisionalLatitude, longitude: provisionalLongitude)
        }
        narrow(with: fix, tolerance: tolerance)
        return .appendProvisional
    }

    private func offset(_ fix: LocationSample) -> (distance: Double, direction: Double) {
        var dLon = fix.longitude - anchorLongitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let east = dLon * scale.metersPerDegreeLongitude
        let north = (fix.latitude - anchorLatitude) * scale.metersPerDegreeLatitude
        return ((east * east + north * north).squareRoot(), atan2(north, east))
    }

    private func relative(_ angle: Double) -> Double {
        var a = angle - reference
        if a > .pi { a -= 2 * .pi } else if a < -.pi { a += 2 * .pi }
        return a
    }

    private func fits(_ fix: LocationSample, tolerance: Double) -> Bool {
        let (distance, direction) = offset(fix)
        // Never retreat along the line past the tolerance: that would cut off the farthest fix.
        guard distance >= provisionalDistance - tolerance else { return false }
        guard hasCone, distance > tolerance else { return distance <= tolerance || !hasCone }
        let a = relative(direction)
        return a >= low && a <= high
    }

    private mutating func narrow(with fix: LocationSample, tolerance: Double) {
        let (distance, direction) = offset(fix)
        provisionalLatitude = fix.latitude
        provisionalLongitude = fix.longitude
        provisionalDistance = max(provisionalDistance, distance)
        guard distance > tolerance else { return }
        let halfWidth = asin(tolerance / distance)
        if !hasCone {
            hasCone = true
            reference = direction
            low = -halfWidth
            high = halfWidth
        } else {
            let a = relative(direction)
            low = max(low, a - halfWidth)
            high = min(high, a + halfWidth)
        }
    }
}
