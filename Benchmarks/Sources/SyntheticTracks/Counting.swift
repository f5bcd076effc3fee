import WorkoutEngine

/// A sink that only counts and touches what it receives, so a parse benchmark measures the reader.
public struct CountingSink: TrackSampleSink {
    public var samples = 0
    public var locations = 0
    /// Sum of latitudes, so the optimiser cannot drop the values.
    public var checksum = 0.0

    public init() {}

    public mutating func consume(_ sample: Sample) throws {
        samples += 1
        if case .location(let fix) = sample {
            locations += 1
            checksum += fix.latitude
        }
    }
}
