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
    /// What the reader reported beside the engine's figures. The device's laps go beside the engine's in
    /// order when the builder took as many lap events as the file has laps (``WorkoutSnapshot/lapCount``):
    /// each event then came from one of the file's laps, in the file's order, and ends one of the engine's
    /// laps; the engine's lap after the last event (the rest of the workout, when there is any) has none. Any
    /// other count (laps beyond a reader's ``TCXReader/maximumDeviceLaps``) leaves no way to tell which goes
    /// with which, so none is paired.
    fileprivate mutating func adopt(_ report: TrackReadReport) {
        skippedFields = report.skippedFields
        damage = report.damage
        let count = report.deviceLaps.count
        guard count > 0, count == metrics.lapCount, analysis.laps.count == count || analysis.laps.count == count + 1 else { return }
        for index in 0..<count { analysis.laps[index].device = report.deviceLaps[index] }
    }
}
