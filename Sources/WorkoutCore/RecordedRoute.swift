import WorkoutSamples
public import RouteGeometry
import Foundation

/// The accepted fixes of a workout, split into segments (a pause, a GPX segment or an unrecorded gap
/// starts a new one). Stored as contiguous arrays of plain numbers.
public struct RecordedRoute: Sendable, Hashable {
    /// One stretch of route with no pause inside.
    public struct Segment: Sendable, Hashable {
        /// Latitude per fix, degrees north (WGS84).
        public internal(set) var latitudes: ContiguousArray<Double> = []
        /// Longitude per fix, degrees east (WGS84).
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
        /// `true` when the segment holds no fix.
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
    /// Which fixes the route keeps: every one, or only those needed to draw it within a tolerance.
    public let storage: RouteStorage
    /// Whether the next fix starts a new segment.
    var startsNewSegment = true
    private var decimator = ConeDecimator()
    private var minimumLatitude = Double.infinity, maximumLatitude = -Double.infinity
    private var minimumLongitude = Double.infinity, maximumLongitude = -Double.infinity

    /// An empty route that keeps fixes as `storage` says (every fix by default).
    public init(storage: RouteStorage = .everyFix) {
        self.storage = storage
    }

    /// Number of fixes accepted over all segments (stored or not).
    public private(set) var locationCount = 0

    /// Number of fixes stored over all segments.
    public var storedPointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Total measured distance over all segments, metres. O(1): the closed segments' sum is kept as they
    /// close (in the same order as summing the segments, so the result is the same to the last bit).
    public var distanceMeters: Double { closedSegmentsDistanceMeters + (segments.last?.distanceMeters ?? 0) }
    private var closedSegmentsDistanceMeters = 0.0

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
            if let last = segments.last { closedSegmentsDistanceMeters += last.distanceMeters }
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
