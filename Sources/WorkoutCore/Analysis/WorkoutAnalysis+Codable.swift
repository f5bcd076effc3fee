import WorkoutSamples

/// The analysis keys of the summary JSON (README "Summary JSON"): the summary encodes them after `route`.
enum AnalysisCodingKey: String, CodingKey {
    case splits, laps, bestEfforts, meanMaximal, trainingLoad, climbs
}

extension WorkoutAnalysis {
    /// Encodes the analysis keys into the summary's object, in the summary's order.
    func encodeKeys<Key: CodingKey>(into encoder: any Encoder, keyedBy _: Key.Type) throws {
        var container = encoder.container(keyedBy: AnalysisCodingKey.self)
        try container.encode(splits, forKey: .splits)
        try container.encode(laps, forKey: .laps)
        try container.encode(bestEfforts, forKey: .bestEfforts)
        try container.encode(meanMaximal, forKey: .meanMaximal)
        try container.encodeOrNull(trainingLoad, forKey: .trainingLoad)
        try container.encode(climbs, forKey: .climbs)
    }

    /// Decodes the analysis keys of a summary object; absent keys give empty results.
    init(fromSummary decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnalysisCodingKey.self)
        self.init(
            splits: try container.decodeIfPresent(Splits.self, forKey: .splits) ?? Splits(),
            laps: try container.decodeIfPresent([Lap].self, forKey: .laps) ?? [],
            bestEfforts: try container.decodeIfPresent([BestEffort].self, forKey: .bestEfforts) ?? [],
            meanMaximal: try container.decodeIfPresent(MeanMaximalCurves.self, forKey: .meanMaximal) ?? MeanMaximalCurves(),
            trainingLoad: try container.decodeIfPresent(TrainingLoad.self, forKey: .trainingLoad),
            climbs: try container.decodeIfPresent([Climb].self, forKey: .climbs) ?? [])
    }
}

/// The keys of a split's or a lap's figures.
private enum IntervalCodingKey: String, CodingKey {
    case number, partial, trigger, startOffsetSeconds, endOffsetSeconds
    case startDistanceMeters, endDistanceMeters, distanceMeters, elapsedSeconds, totalSeconds, movingSeconds
    case averageSpeedMetersPerSecond, averagePaceSecondsPerKilometer, elevationGainMeters, elevationLossMeters
    case averageHeartRateBPM, averageCadence, averagePowerWatts
    case device
}

extension IntervalFigures {
    /// Writes the figures into a split's or a lap's object (derived speed, pace and distance included).
    fileprivate func encode(into container: inout KeyedEncodingContainer<IntervalCodingKey>) throws {
        try container.encode(startDistanceMeters, forKey: .startDistanceMeters)
        try container.encode(endDistanceMeters, forKey: .endDistanceMeters)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(totalSeconds, forKey: .totalSeconds)
        try container.encode(movingSeconds, forKey: .movingSeconds)
        try container.encodeNumberOrNull(averageSpeedMetersPerSecond, forKey: .averageSpeedMetersPerSecond)
        try container.encodeNumberOrNull(averagePaceSecondsPerKilometer, forKey: .averagePaceSecondsPerKilometer)
        try container.encodeNumberOrNull(elevationGainMeters, forKey: .elevationGainMeters)
        try container.encodeNumberOrNull(elevationLossMeters, forKey: .elevationLossMeters)
        try container.encodeNumberOrNull(averageHeartRateBPM, forKey: .averageHeartRateBPM)
        try container.encodeNumberOrNull(averageCadence, forKey: .averageCadence)
        try container.encodeNumberOrNull(averagePowerWatts, forKey: .averagePowerWatts)
    }

    /// Reads the figures of a split's or a lap's object (derived values are recomputed).
    fileprivate init(from container: KeyedDecodingContainer<IntervalCodingKey>) throws {
        self.init(
            startDistanceMeters: try container.decode(Double.self, forKey: .startDistanceMeters),
            endDistanceMeters: try container.decode(Double.self, forKey: .endDistanceMeters),
            elapsedSeconds: try container.decode(Double.self, forKey: .elapsedSeconds),
            totalSeconds: try container.decode(Double.self, forKey: .totalSeconds),
            movingSeconds: try container.decode(Double.self, forKey: .movingSeconds),
            elevationGainMeters: try container.decodeIfPresent(Double.self, forKey: .elevationGainMeters),
            elevationLossMeters: try container.decodeIfPresent(Double.self, forKey: .elevationLossMeters),
            averageHeartRateBPM: try container.decodeIfPresent(Double.self, forKey: .averageHeartRateBPM),
            averageCadence: try container.decodeIfPresent(Double.self, forKey: .averageCadence),
            averagePowerWatts: try container.decodeIfPresent(Double.self, forKey: .averagePowerWatts))
    }
}

extension Split: Codable {
    /// `{number, partial, …the interval's figures}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: IntervalCodingKey.self)
        try container.encode(number, forKey: .number)
        try container.encode(isPartial, forKey: .partial)
        try figures.encode(into: &container)
    }

    /// Reads a split object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: IntervalCodingKey.self)
        self.init(number: try container.decode(Int.self, forKey: .number), isPartial: try container.decode(Bool.self, forKey: .partial),
                  figures: try IntervalFigures(from: container))
    }
}

extension Lap: Codable {
    /// `{number, trigger, startOffsetSeconds, endOffsetSeconds, …the interval's figures, device}`: `device`
    /// is the file's own lap (``/WorkoutSamples/DeviceLap``'s object), `null` when there is none beside this lap.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: IntervalCodingKey.self)
        try container.encode(number, forKey: .number)
        try container.encodeOrNull(trigger, forKey: .trigger)
        try container.encode(startOffsetSeconds, forKey: .startOffsetSeconds)
        try container.encode(endOffsetSeconds, forKey: .endOffsetSeconds)
        try figures.encode(into: &container)
        try container.encodeOrNull(device, forKey: .device)
    }

    /// Reads a lap object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: IntervalCodingKey.self)
        self.init(number: try container.decode(Int.self, forKey: .number),
                  trigger: try container.decodeIfPresent(LapTrigger.self, forKey: .trigger),
                  startOffsetSeconds: try container.decode(Double.self, forKey: .startOffsetSeconds),
                  endOffsetSeconds: try container.decode(Double.self, forKey: .endOffsetSeconds),
                  figures: try IntervalFigures(from: container),
                  device: try container.decodeIfPresent(DeviceLap.self, forKey: .device))
    }
}

extension BestEffort: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, distanceMeters, elapsedSeconds, paceSecondsPerKilometer, startOffsetSeconds, endOffsetSeconds
        case startDistanceMeters, endDistanceMeters
    }

    /// `{name, distanceMeters, elapsedSeconds, paceSecondsPerKilometer, start/end offsets and distances}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(paceSecondsPerKilometer, forKey: .paceSecondsPerKilometer)
        try container.encode(startOffsetSeconds, forKey: .startOffsetSeconds)
        try container.encode(endOffsetSeconds, forKey: .endOffsetSeconds)
        try container.encode(startDistanceMeters, forKey: .startDistanceMeters)
        try container.encode(endDistanceMeters, forKey: .endDistanceMeters)
    }

    /// Reads a best-effort object (the pace is recomputed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  distanceMeters: try container.decode(Double.self, forKey: .distanceMeters),
                  elapsedSeconds: try container.decode(Double.self, forKey: .elapsedSeconds),
                  startOffsetSeconds: try container.decode(Double.self, forKey: .startOffsetSeconds),
                  endOffsetSeconds: try container.decode(Double.self, forKey: .endOffsetSeconds),
                  startDistanceMeters: try container.decode(Double.self, forKey: .startDistanceMeters),
                  endDistanceMeters: try container.decode(Double.self, forKey: .endDistanceMeters))
    }
}

extension MeanMaximalCurve: Codable {
    /// The curve is its points, as an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(points)
    }

    /// Reads the array of points.
    public init(from decoder: any Decoder) throws {
        self.init(points: try decoder.singleValueContainer().decode([Point].self))
    }
}

extension TrainingLoad: Codable {
    private enum CodingKeys: String, CodingKey {
        case durationSeconds, averagePowerWatts, normalizedPowerWatts, variabilityIndex, ftpWatts, intensityFactor
        case trainingStressScore, workKilojoules
    }

    /// Every figure, `null` where it cannot be known (no FTP: no intensity factor or TSS).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(averagePowerWatts, forKey: .averagePowerWatts)
        try container.encodeNumberOrNull(normalizedPowerWatts, forKey: .normalizedPowerWatts)
        try container.encodeNumberOrNull(variabilityIndex, forKey: .variabilityIndex)
        try container.encodeNumberOrNull(ftpWatts, forKey: .ftpWatts)
        try container.encodeNumberOrNull(intensityFactor, forKey: .intensityFactor)
        try container.encodeNumberOrNull(trainingStressScore, forKey: .trainingStressScore)
        try container.encode(workKilojoules, forKey: .workKilojoules)
    }

    /// Reads a training-load object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(durationSeconds: try container.decode(Double.self, forKey: .durationSeconds),
                  averagePowerWatts: try container.decode(Double.self, forKey: .averagePowerWatts),
                  normalizedPowerWatts: try container.decodeIfPresent(Double.self, forKey: .normalizedPowerWatts),
                  variabilityIndex: try container.decodeIfPresent(Double.self, forKey: .variabilityIndex),
                  ftpWatts: try container.decodeIfPresent(Double.self, forKey: .ftpWatts),
                  intensityFactor: try container.decodeIfPresent(Double.self, forKey: .intensityFactor),
                  trainingStressScore: try container.decodeIfPresent(Double.self, forKey: .trainingStressScore),
                  workKilojoules: try container.decode(Double.self, forKey: .workKilojoules))
    }
}

extension ClimbCategory: Codable {}

extension Climb: Codable {
    private enum CodingKeys: String, CodingKey {
        case startDistanceMeters, endDistanceMeters, lengthMeters, gainMeters, startAltitudeMeters, topAltitudeMeters
        case averageGradePercent, maximumGradePercent, elapsedSeconds, verticalMetersPerHour, score, category, fietsIndex
    }

    /// The climb with its derived figures (length, gain, grades, VAM, score, category, FIETS).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(startDistanceMeters, forKey: .startDistanceMeters)
        try container.encode(endDistanceMeters, forKey: .endDistanceMeters)
        try container.encode(lengthMeters, forKey: .lengthMeters)
        try container.encode(gainMeters, forKey: .gainMeters)
        try container.encode(startAltitudeMeters, forKey: .startAltitudeMeters)
        try container.encode(topAltitudeMeters, forKey: .topAltitudeMeters)
        try container.encode(averageGradePercent, forKey: .averageGradePercent)
        try container.encode(maximumGradePercent, forKey: .maximumGradePercent)
        try container.encodeNumberOrNull(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encodeNumberOrNull(verticalMetersPerHour, forKey: .verticalMetersPerHour)
        try container.encode(score, forKey: .score)
        try container.encodeOrNull(category, forKey: .category)
        try container.encode(fietsIndex, forKey: .fietsIndex)
    }

    /// Reads a climb object (derived figures are recomputed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(startDistanceMeters: try container.decode(Double.self, forKey: .startDistanceMeters),
                  endDistanceMeters: try container.decode(Double.self, forKey: .endDistanceMeters),
                  startAltitudeMeters: try container.decode(Double.self, forKey: .startAltitudeMeters),
                  topAltitudeMeters: try container.decode(Double.self, forKey: .topAltitudeMeters),
                  maximumGradePercent: try container.decode(Double.self, forKey: .maximumGradePercent),
                  elapsedSeconds: try container.decodeIfPresent(Double.self, forKey: .elapsedSeconds))
    }
}
