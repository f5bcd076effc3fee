public import WorkoutSamples

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
