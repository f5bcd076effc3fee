public import TrackFormats
public import WorkoutCore

extension WorkoutBuilder {
    /// The summary of a track the builder was fed by a reader, with what the reader reported beside the
    /// engine's figures: records of an unknown type, optional fields dropped because they did not parse,
    /// the device's own totals (TCX, FIT), and where a damaged binary input stopped being readable.
    /// - Throws: `RouteGeometryError` if GEOS fails on the route.
    public func summary(reading report: TrackReadReport) throws -> WorkoutSummary {
        var summary = try summary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device)
        summary.adopt(report)
        return summary
    }

    /// ``summary(reading:)`` of a builder that is done (``finishingSummary(skippedUnknownRecords:device:)``:
    /// the analysis series settled in place, not copied).
    package mutating func finishingSummary(reading report: TrackReadReport) throws -> WorkoutSummary {
        var summary = try finishingSummary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device)
        summary.adopt(report)
        return summary
    }
}

extension WorkoutSummary {
    /// What the reader reported beside the engine's figures.
    fileprivate mutating func adopt(_ report: TrackReadReport) {
        skippedFields = report.skippedFields
        damage = report.damage
    }
}
