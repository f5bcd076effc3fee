public import WorkoutSamples
public import Geodesy

extension WorkoutBuilder {
    /// The summary of what was added so far: the figures plus the simplified route, its encoded
    /// polyline and bounds, and the analysis (``WorkoutAnalysis``).
    /// - Complexity: O(n) in the number of accepted fixes (one GEOS simplification).
    /// - Parameters:
    ///   - skippedUnknownRecords: input records of an unknown type the reader skipped.
    ///   - device: what the recording device states about the workout (TCX, FIT), reported beside the
    ///     engine's figures.
    /// - Throws: `RouteGeometryError` if GEOS fails on the route.
    public func summary(skippedUnknownRecords: Int = 0, device: DeviceRecord? = nil) throws -> WorkoutSummary {
        try makeSummary(series: analysisSeries, skippedUnknownRecords: skippedUnknownRecords, device: device)
    }

    /// ``summary(skippedUnknownRecords:device:)`` with its simplified route's coordinates at full precision,
    /// segments joined in order (what the summary's ``RouteSummary/encodedPolyline`` encodes, before its
    /// rounding to 1e-5 degrees): for a store that keeps the route's line, without simplifying it twice.
    /// - Throws: `RouteGeometryError` when the route cannot be simplified.
    public func summaryWithSimplifiedRoute(
        skippedUnknownRecords: Int = 0, device: DeviceRecord? = nil
    ) throws -> (summary: WorkoutSummary, simplifiedRoute: [GeoCoordinate]) {
        var simplifiedRoute: [GeoCoordinate] = []
        let summary = try makeSummary(series: analysisSeries, skippedUnknownRecords: skippedUnknownRecords, device: device,
                                      simplifiedRoute: &simplifiedRoute)
        return (summary, simplifiedRoute)
    }

    /// ``summary(skippedUnknownRecords:device:)`` of a builder that is done: the same summary, with the
    /// analysis series settled in place and taken out of the builder instead of copied (less memory at the
    /// peak: 20 MB at a million fixes). Afterwards the builder's figures are unchanged but its
    /// ``analysisSeries`` is empty. The engine's own one-shot summaries (of samples, of a track) use it.
    @usableFromInline
    package mutating func finishingSummary(skippedUnknownRecords: Int = 0, device: DeviceRecord? = nil) throws -> WorkoutSummary {
        let series = takeAnalysisSeries()
        return try makeSummary(series: consume series, skippedUnknownRecords: skippedUnknownRecords, device: device)
    }

    private func makeSummary(series: consuming AnalysisSeries?, skippedUnknownRecords: Int, device: DeviceRecord?) throws -> WorkoutSummary {
        var unused: [GeoCoordinate] = []
        return try makeSummary(series: consume series, skippedUnknownRecords: skippedUnknownRecords, device: device, simplifiedRoute: &unused)
    }

    private func makeSummary(
        series: consuming AnalysisSeries?, skippedUnknownRecords: Int, device: DeviceRecord?, simplifiedRoute: inout [GeoCoordinate]
    ) throws -> WorkoutSummary {
        let route: RouteSummary
        (route, simplifiedRoute) = try RouteSummary.simplifying(self.route, toleranceMeters: options.simplificationToleranceMeters)
        let metrics = snapshot
        // The series handed on, not copied: the analysis lets its fixes go once it has their columns.
        var analysis = WorkoutAnalysis()
        if let series = consume series {
            analysis = WorkoutAnalysis(series: series, metrics: metrics, holdLimitSeconds: options.sensorHoldLimitSeconds,
                                       ftpWatts: options.profile.ftpWatts)
        }
        return WorkoutSummary(metrics: metrics, route: route, skippedUnknownRecords: skippedUnknownRecords, device: device, analysis: analysis)
    }
}
