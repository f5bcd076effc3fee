public import TrackFormats
public import WorkoutCore

extension WorkoutBuilder {
    /// The summary of a track the builder was fed by a reader, with what the reader reported beside the
    /// engine's figures (``WorkoutSummary/include(_:)``): records of an unknown type, optional fields dropped
    /// because they did not parse, the device's own totals and laps (TCX, FIT), and where a damaged binary
    /// input stopped being readable.
    /// - Throws: `RouteGeometryError` if GEOS fails on the route.
    public func summary(reading report: TrackReadReport) throws -> WorkoutSummary {
        var summary = try summary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device)
        summary.include(report)
        return summary
    }

    /// ``summary(reading:)`` of a builder that is done (``finishingSummary(skippedUnknownRecords:device:)``:
    /// the analysis series settled in place, not copied).
    package mutating func finishingSummary(reading report: TrackReadReport) throws -> WorkoutSummary {
        var summary = try finishingSummary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device)
        summary.include(report)
        return summary
    }
}

extension WorkoutSummary {
    /// Takes in what a reader reported beside the engine's figures, for a summary of a builder that the
    /// reader fed (``WorkoutBuilder/summary(reading:)`` does this; call it yourself after
    /// ``/WorkoutCore/WorkoutBuilder/summaryWithSimplifiedRoute(skippedUnknownRecords:device:)``): records of an unknown
    /// type, optional fields dropped because they did not parse, the device's own totals, where a damaged
    /// binary input stopped being readable, and the device's laps beside the engine's (``/WorkoutCore/Lap/device``).
    ///
    /// The device's laps go beside the engine's in order when the builder ended as many laps as the file
    /// has laps (``/WorkoutCore/WorkoutSnapshot/lapCount``) and the file's laps end in time order: the reader then gave
    /// one lap event per lap of the file, in the file's order, and each ended one of the engine's laps; the
    /// engine's lap after the last event (the rest of the workout, when there is any) has none. Otherwise
    /// (a lap the builder could not end because nothing before it had a time, laps beyond a reader's
    /// ``/TrackFormats/FITReader/maximumDeviceLaps`` or ``/TrackFormats/TCXReader/maximumDeviceLaps``, lap messages out of time order)
    /// there is no telling which goes with which, and none is paired.
    ///
    /// Timer stops the reader left out because they were dated long before the records it had read
    /// (``/TrackFormats/TrackReadReport/lateTimerStopCount``) get a warning in the metrics' warnings.
    ///
    /// A track that gave the engine nothing to measure (no position, and no heart rate, cadence, power or
    /// distance reading it could use) gets
    /// ``nothingToMeasureWarning`` in the metrics' warnings, so that an empty result does not pass for a
    /// short workout (a GPX file of waypoints only, a TCX file of planned workouts, a FIT file without
    /// records).
    /// - Complexity: O(laps).
    public mutating func include(_ report: TrackReadReport) {
        skippedUnknownRecords = report.skippedUnknownRecords
        skippedFields = report.skippedFields
        device = report.device
        damage = report.damage
        metrics.warnIfNothingToMeasure()
        metrics.warnOfLateTimerStops(report.lateTimerStopCount)
        for index in analysis.laps.indices { analysis.laps[index].device = nil }
        let deviceLaps = report.deviceLaps
        guard !deviceLaps.isEmpty, deviceLaps.count == metrics.lapCount,
              analysis.laps.count == deviceLaps.count || analysis.laps.count == deviceLaps.count + 1,
              Self.endInTimeOrder(deviceLaps) else { return }
        for index in deviceLaps.indices { analysis.laps[index].device = deviceLaps[index] }
    }

    /// The warning of a track with nothing to measure (see ``include(_:)``).
    public static let nothingToMeasureWarning =
        "nothing to measure: the track holds no position and no heart rate, cadence, power or distance reading"

    /// Whether the laps that state an end end in time order.
    private static func endInTimeOrder(_ laps: [DeviceLap]) -> Bool {
        var latest = -Double.infinity
        for end in laps.lazy.compactMap(\.endTime) {
            guard end >= latest else { return false }
            latest = end
        }
        return true
    }
}

extension WorkoutSnapshot {
    /// Adds, once, the warning that `count` timer stops were left out by the reader as dated long before
    /// the records it had read (``/TrackFormats/TrackReadReport/lateTimerStopCount``); nothing when `count` is 0.
    mutating func warnOfLateTimerStops(_ count: Int) {
        guard count > 0 else { return }
        let warning = "\(count) timer stop\(count == 1 ? " was" : "s were") dated long before the records already read (the file writes its timer events after its records) and left out: the engine's gap rules judged the stops"
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// Adds ``/WorkoutCore/WorkoutSummary/nothingToMeasureWarning`` to the warnings, once, when the track gave
    /// the engine no position and no sensor reading it could use (heart rate, cadence, power, the device's
    /// distance): timer events alone, or nothing at all.
    mutating func warnIfNothingToMeasure() {
        let warning = WorkoutSummary.nothingToMeasureWarning
        guard receivedLocationCount == 0, distanceMeters == 0, heartRateAverage == nil, cadenceAverage == nil,
              powerAverage == nil, !warnings.contains(warning) else { return }
        warnings.append(warning)
    }
}
