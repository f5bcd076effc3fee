public import TrackFormats
public import WorkoutCore

extension WorkoutBuilder {
    /// The summary of a track the builder was fed by a reader, with what the reader reported beside the
    /// engine's figures: records of an unknown type, optional fields dropped because they did not parse,
    /// the device's own totals (TCX, FIT), and where a damaged binary input stopped being readable.
    /// - Throws: `RouteGeometryError` if GEOS fails on the route.
    public func summary(reading report: TrackReadReport) throws -> WorkoutSummary {
        var summary = try summary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device)
        summary.skippedFields = report.skippedFields
        summary.damage = report.damage
        return summary
    }
}
