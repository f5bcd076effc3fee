public import TrackFormats
public import WorkoutCore

extension WorkoutBuilder {
    /// The summary of a track the builder was fed by a reader, with what the reader reported beside the
    /// engine's figures: records of an unknown type, optional fields dropped because they did not parse,
    /// and the device's own totals (TCX, FIT).
    /// - Throws: `RouteGeometryError` if GEOS fails on the route.
    public func summary(reading report: TrackReadReport) throws -> WorkoutSummary {
        var summary = try summary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device)
        summary.skippedFields = report.skippedFields
        return summary
    }
}
