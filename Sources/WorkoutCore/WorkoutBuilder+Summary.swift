public import WorkoutSamples

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
        let route = try RouteSummary(route: route, toleranceMeters: options.simplificationToleranceMeters)
        let metrics = snapshot
        let analysis = analysisSeries.map {
            WorkoutAnalysis(series: $0, metrics: metrics, holdLimitSeconds: options.sensorHoldLimitSeconds,
                            ftpWatts: options.profile.ftpWatts)
        } ?? WorkoutAnalysis()
        return WorkoutSummary(metrics: metrics, route: route, skippedUnknownRecords: skippedUnknownRecords, device: device, analysis: analysis)
    }
}
