import WorkoutSamples

/// The keys of the summary JSON object (`Schemas/workout-summary.schema.json`, README "Summary JSON"):
/// the snapshot's figures, the summary's own keys, and the snapshot keys a summary does not write.
/// One list for `WorkoutSnapshot` and `WorkoutSummary`, which share the figures.
enum SummaryCodingKey: String, CodingKey {
    case activity, distanceKind, filter, startDate, endDate, elapsedSeconds, totalSeconds, movingSeconds, distanceMeters
    case locationCount, receivedLocationCount, locationsWhilePaused, rejectedLocations, rejectedReadings
    case segmentCount, pauseCount, lapCount
    case averageSpeedMetersPerSecond, maxSpeedMetersPerSecond, averagePaceSecondsPerKilometer
    case elevationGainMeters, elevationLossMeters, minElevationMeters, maxElevationMeters
    case heartRate, averageCadence, averagePowerWatts, activeEnergyKilocalories, energyModel, energyModelSeconds, profile
    // The summary's own.
    case skippedUnknownRecords, skippedFields, device, damage
    case warnings
    case route
    // A snapshot's own (a summary does not write them).
    case state, latestSpeedMetersPerSecond, sampleCount
}

/// The keys of the `heartRate` object.
private enum HeartRateCodingKey: String, CodingKey {
    case averageBPM, minBPM, maxBPM, zoneMethod, zones, trimp
}

extension WorkoutSnapshot: Codable {
    /// Decodes the figures of a summary or snapshot JSON object. Derived keys (`distanceKind`,
    /// `totalSeconds`, `averageSpeedMetersPerSecond`, `averagePaceSecondsPerKilometer`) are not read: they
    /// follow from the others. `startDate`/`endDate` are ISO 8601 (``/WorkoutSamples/ISO8601Time``), so times come back
    /// rounded to the millisecond. A summary has no `state` (then ``/SessionSupport/SessionState/ended``),
    /// `latestSpeedMetersPerSecond` (then `nil`) or `sampleCount` (then 0).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SummaryCodingKey.self)
        func number(_ key: SummaryCodingKey) throws -> Double? { try container.decodeIfPresent(Double.self, forKey: key) }
        func date(_ key: SummaryCodingKey) throws -> Double? { try container.decodeISO8601SecondsIfPresent(forKey: key) }
        activity = try container.decode(ActivityType.self, forKey: .activity)
        filterMode = try container.decode(LocationFilterMode.self, forKey: .filter)
        state = try container.decodeIfPresent(SessionState.self, forKey: .state) ?? .ended
        startTime = try date(.startDate)
        endTime = try date(.endDate)
        elapsedSeconds = try number(.elapsedSeconds)
        movingSeconds = try number(.movingSeconds)
        distanceMeters = try number(.distanceMeters) ?? 0
        receivedLocationCount = try container.decode(Int.self, forKey: .receivedLocationCount)
        locationCount = try container.decode(Int.self, forKey: .locationCount)
        locationsWhilePaused = try container.decodeIfPresent(Int.self, forKey: .locationsWhilePaused) ?? 0
        rejections = try container.decodeIfPresent(RejectionCounts.self, forKey: .rejectedLocations) ?? RejectionCounts()
        rejectedReadings = try container.decodeIfPresent(RejectedReadingCounts.self, forKey: .rejectedReadings) ?? RejectedReadingCounts()
        segmentCount = try container.decode(Int.self, forKey: .segmentCount)
        maximumSpeedMetersPerSecond = try number(.maxSpeedMetersPerSecond)
        latestSpeedMetersPerSecond = try number(.latestSpeedMetersPerSecond)
        elevationGainMeters = try number(.elevationGainMeters)
        elevationLossMeters = try number(.elevationLossMeters)
        minimumElevationMeters = try number(.minElevationMeters)
        maximumElevationMeters = try number(.maxElevationMeters)
        if container.contains(.heartRate), try !container.decodeNil(forKey: .heartRate) {
            let heart = try container.nestedContainer(keyedBy: HeartRateCodingKey.self, forKey: .heartRate)
            heartRateAverage = try heart.decodeIfPresent(Double.self, forKey: .averageBPM)
            heartRateMinimum = try heart.decodeIfPresent(Double.self, forKey: .minBPM)
            heartRateMaximum = try heart.decodeIfPresent(Double.self, forKey: .maxBPM)
            heartRateZoneMethod = try heart.decodeIfPresent(HeartRateZoneMethod.self, forKey: .zoneMethod) ?? .percentOfMaximum
            heartRateZones = try heart.decodeIfPresent([HeartRateZoneTime].self, forKey: .zones) ?? []
            trimp = try heart.decodeIfPresent(Double.self, forKey: .trimp)
        }
        cadenceAverage = try number(.averageCadence)
        powerAverage = try number(.averagePowerWatts)
        activeEnergyKilocalories = try number(.activeEnergyKilocalories)
        lapCount = try container.decodeIfPresent(Int.self, forKey: .lapCount) ?? 0
        pauseCount = try container.decodeIfPresent(Int.self, forKey: .pauseCount) ?? 0
        sampleCount = try container.decodeIfPresent(Int.self, forKey: .sampleCount) ?? 0
        energyModel = try container.decodeIfPresent(EnergyModel.self, forKey: .energyModel)
        energyModelSeconds = try container.decodeIfPresent(EnergyModelSeconds.self, forKey: .energyModelSeconds) ?? EnergyModelSeconds()
        if let profile = try container.decodeIfPresent(ResolvedAthleteProfile.self, forKey: .profile) { self.profile = profile }
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }

    /// Encodes the figures with the summary's keys (README "Summary JSON"), then the snapshot's own
    /// `state`, `latestSpeedMetersPerSecond` and `sampleCount`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SummaryCodingKey.self)
        try encodeFigures(to: &container) { _ in }
        try container.encode(state, forKey: .state)
        try container.encodeNumberOrNull(latestSpeedMetersPerSecond, forKey: .latestSpeedMetersPerSecond)
        try container.encode(sampleCount, forKey: .sampleCount)
    }

    /// Writes the figures in the summary's order; `beforeWarnings` adds the summary's own keys where the
    /// summary has them (between `profile` and `warnings`).
    func encodeFigures(
        to container: inout KeyedEncodingContainer<SummaryCodingKey>,
        beforeWarnings: (inout KeyedEncodingContainer<SummaryCodingKey>) throws -> Void
    ) throws {
        try container.encode(activity, forKey: .activity)
        try container.encode(activity.distanceKind, forKey: .distanceKind)
        try container.encode(filterMode, forKey: .filter)
        try container.encodeOrNull(startTime.flatMap { ISO8601Text.string(secondsSince1970: $0) }, forKey: .startDate)
        try container.encodeOrNull(endTime.flatMap { ISO8601Text.string(secondsSince1970: $0) }, forKey: .endDate)
        try container.encodeNumberOrNull(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encodeNumberOrNull(totalSeconds, forKey: .totalSeconds)
        try container.encodeNumberOrNull(movingSeconds, forKey: .movingSeconds)
        try container.encodeNumberOrNull(distanceMeters, forKey: .distanceMeters)
        try container.encode(locationCount, forKey: .locationCount)
        try container.encode(receivedLocationCount, forKey: .receivedLocationCount)
        try container.encode(locationsWhilePaused, forKey: .locationsWhilePaused)
        try container.encode(rejections, forKey: .rejectedLocations)
        try container.encode(rejectedReadings, forKey: .rejectedReadings)
        try container.encode(segmentCount, forKey: .segmentCount)
        try container.encode(pauseCount, forKey: .pauseCount)
        try container.encode(lapCount, forKey: .lapCount)
        try container.encodeNumberOrNull(averageSpeedMetersPerSecond, forKey: .averageSpeedMetersPerSecond)
        try container.encodeNumberOrNull(maximumSpeedMetersPerSecond, forKey: .maxSpeedMetersPerSecond)
        try container.encodeNumberOrNull(averagePaceSecondsPerKilometer, forKey: .averagePaceSecondsPerKilometer)
        try container.encodeNumberOrNull(elevationGainMeters, forKey: .elevationGainMeters)
        try container.encodeNumberOrNull(elevationLossMeters, forKey: .elevationLossMeters)
        try container.encodeNumberOrNull(minimumElevationMeters, forKey: .minElevationMeters)
        try container.encodeNumberOrNull(maximumElevationMeters, forKey: .maxElevationMeters)
        var heart = container.nestedContainer(keyedBy: HeartRateCodingKey.self, forKey: .heartRate)
        try heart.encodeNumberOrNull(heartRateAverage, forKey: .averageBPM)
        try heart.encodeNumberOrNull(heartRateMinimum, forKey: .minBPM)
        try heart.encodeNumberOrNull(heartRateMaximum, forKey: .maxBPM)
        try heart.encode(heartRateZoneMethod, forKey: .zoneMethod)
        try heart.encode(heartRateZones, forKey: .zones)
        try heart.encodeNumberOrNull(trimp, forKey: .trimp)
        try container.encodeNumberOrNull(cadenceAverage, forKey: .averageCadence)
        try container.encodeNumberOrNull(powerAverage, forKey: .averagePowerWatts)
        try container.encodeNumberOrNull(activeEnergyKilocalories, forKey: .activeEnergyKilocalories)
        try container.encodeOrNull(energyModel, forKey: .energyModel)
        try container.encode(energyModelSeconds, forKey: .energyModelSeconds)
        try container.encode(profile, forKey: .profile)
        try beforeWarnings(&container)
        try container.encode(warnings, forKey: .warnings)
    }
}
