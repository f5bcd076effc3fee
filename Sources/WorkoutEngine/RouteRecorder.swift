public import WorkoutSamples

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

        public var count: Int { latitudes.count }
        public var isEmpty: Bool { latitudes.isEmpty }

        mutating func append(_ fix: LocationSample) {
            latitudes.append(fix.latitude)
            longitudes.append(fix.longitude)
            altitudesMeters.append(fix.altitudeMeters ?? .nan)
            times.append(fix.time ?? .nan)
        }
    }

    /// The segments in order; none is empty.
    public internal(set) var segments: [Segment] = []
    /// Whether the next fix starts a new segment.
    var startsNewSegment = true

    public init() {}

    /// Number of fixes over all segments.
    public var locationCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Total measured distance over all segments, metres.
    public var distanceMeters: Double { segments.reduce(0) { $0 + $1.distanceMeters } }

    mutating func append(_ fix: LocationSample) {
        if startsNewSegment || segments.isEmpty {
            segments.append(Segment())
            startsNewSegment = false
        }
        segments[segments.count - 1].append(fix)
    }

    mutating func addDistance(_ meters: Double) {
        guard !segments.isEmpty else { return }
        segments[segments.count - 1].distanceMeters += meters
    }
}
