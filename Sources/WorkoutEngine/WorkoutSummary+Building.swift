public import WorkoutSamples
public import TrackFormats

extension WorkoutBuilder {
    /// The summary of what was added so far: the figures plus the simplified route, its encoded
    /// polyline and bounds.
    /// - Complexity: O(n) in the number of accepted fixes (one GEOS simplification).
    /// - Throws: `RouteGeometryError` if GEOS fails on the route.
    public func summary(skippedUnknownRecords: Int = 0) throws -> WorkoutSummary {
        let route = try RouteSummary(route: route, toleranceMeters: options.simplificationToleranceMeters)
        return WorkoutSummary(metrics: snapshot, route: route, skippedUnknownRecords: skippedUnknownRecords)
    }
}

extension WorkoutSummary {
    /// Summarises samples held in memory, in order.
    ///
    /// ```swift
    /// let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .cycling))
    /// print(summary.metrics.distanceMeters)
    /// ```
    @inlinable
    public init(samples: some Sequence<Sample>, options: WorkoutOptions = WorkoutOptions()) throws {
        var builder = WorkoutBuilder(options: options)
        for sample in samples { builder.add(sample) }
        self = try builder.summary()
    }

    /// Summarises samples as they arrive from any `AsyncSequence` (a live feed, a socket, a queue).
    /// Honours task cancellation through the sequence.
    @inlinable
    public init<Samples: AsyncSequence>(samples: Samples, options: WorkoutOptions = WorkoutOptions()) async throws
    where Samples.Element == Sample {
        var builder = WorkoutBuilder(options: options)
        for try await sample in samples { builder.add(sample) }
        self = try builder.summary()
    }

    /// Reads a GPX, JSON or NDJSON track (a path, or `-` for standard input) and summarises it, streaming:
    /// memory grows with the accepted route, never with the file.
    ///
    /// - Parameter format: the input format, or `nil` to detect it from the extension and first bytes.
    /// - Throws: `TrackInputError` (missing or unreadable), `TrackFormatError` (malformed, with file,
    ///   line and column).
    public init(contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions()) throws {
        let input = try TrackInput(path: path)
        var builder = WorkoutBuilder(options: options)
        let report = try TrackReader.read(input, format: format, into: &builder)
        self = try builder.summary(skippedUnknownRecords: report.skippedUnknownRecords)
    }
}
