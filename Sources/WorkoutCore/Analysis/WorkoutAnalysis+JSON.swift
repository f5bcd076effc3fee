extension WorkoutAnalysis {
    /// Writes the analysis as keys of the enclosing summary object: `splits`, `laps`, `bestEfforts`,
    /// `meanMaximal`, `trainingLoad`, `climbs` (documented in the README, "Summary JSON").
    public func writeKeys(to json: inout JSONWriter) {
        json.beginObject("splits")
        for (key, splits) in [("kilometers", splits.kilometers), ("miles", splits.miles)] {
            json.beginArray(key)
            for split in splits {
                json.beginObject()
                json.integer("number", split.number)
                json.bool("partial", split.isPartial)
                Self.write(split.figures, to: &json)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        json.beginArray("laps")
        for lap in laps {
            json.beginObject()
            json.integer("number", lap.number)
            json.string("trigger", lap.trigger?.rawValue)
            json.number("startOffsetSeconds", lap.startOffsetSeconds)
            json.number("endOffsetSeconds", lap.endOffsetSeconds)
            Self.write(lap.figures, to: &json)
            json.endObject()
        }
        json.endArray()
        json.beginArray("bestEfforts")
        for effort in bestEfforts {
            json.beginObject()
            json.string("name", effort.name)
            json.number("distanceMeters", effort.distanceMeters)
            json.number("elapsedSeconds", effort.elapsedSeconds)
            json.number("paceSecondsPerKilometer", effort.paceSecondsPerKilometer)
            json.number("startOffsetSeconds", effort.startOffsetSeconds)
            json.number("endOffsetSeconds", effort.endOffsetSeconds)
            json.number("startDistanceMeters", effort.startDistanceMeters)
            json.number("endDistanceMeters", effort.endDistanceMeters)
            json.endObject()
        }
        json.endArray()
        json.beginObject("meanMaximal")
        for (key, curve) in [("powerWatts", meanMaximal.powerWatts), ("heartRateBPM", meanMaximal.heartRateBPM),
                             ("speedMetersPerSecond", meanMaximal.speedMetersPerSecond)] {
            json.beginArray(key)
            for point in curve.points {
                json.beginObject()
                json.integer("seconds", point.seconds)
                json.number("value", point.value)
                json.number("startElapsedSeconds", point.startElapsedSeconds)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        if let load = trainingLoad {
            json.beginObject("trainingLoad")
            json.number("durationSeconds", load.durationSeconds)
            json.number("averagePowerWatts", load.averagePowerWatts)
            json.number("normalizedPowerWatts", load.normalizedPowerWatts)
            json.number("variabilityIndex", load.variabilityIndex)
            json.number("ftpWatts", load.ftpWatts)
            json.number("intensityFactor", load.intensityFactor)
            json.number("trainingStressScore", load.trainingStressScore)
            json.number("workKilojoules", load.workKilojoules)
            json.endObject()
        } else {
            json.null("trainingLoad")
        }
        json.beginArray("climbs")
        for climb in climbs {
            json.beginObject()
            json.number("startDistanceMeters", climb.startDistanceMeters)
            json.number("endDistanceMeters", climb.endDistanceMeters)
            json.number("lengthMeters", climb.lengthMeters)
            json.number("gainMeters", climb.gainMeters)
            json.number("startAltitudeMeters", climb.startAltitudeMeters)
            json.number("topAltitudeMeters", climb.topAltitudeMeters)
            json.number("averageGradePercent", climb.averageGradePercent)
            json.number("maximumGradePercent", climb.maximumGradePercent)
            json.number("elapsedSeconds", climb.elapsedSeconds)
            json.number("verticalMetersPerHour", climb.verticalMetersPerHour)
            json.number("score", climb.score)
            json.string("category", climb.category?.rawValue)
            json.number("fietsIndex", climb.fietsIndex)
            json.endObject()
        }
        json.endArray()
    }

    private static func write(_ figures: IntervalFigures, to json: inout JSONWriter) {
        json.number("startDistanceMeters", figures.startDistanceMeters)
        json.number("endDistanceMeters", figures.endDistanceMeters)
        json.number("distanceMeters", figures.distanceMeters)
        json.number("elapsedSeconds", figures.elapsedSeconds)
        json.number("totalSeconds", figures.totalSeconds)
        json.number("movingSeconds", figures.movingSeconds)
        json.number("averageSpeedMetersPerSecond", figures.averageSpeedMetersPerSecond)
        json.number("averagePaceSecondsPerKilometer", figures.averagePaceSecondsPerKilometer)
        json.number("elevationGainMeters", figures.elevationGainMeters)
        json.number("elevationLossMeters", figures.elevationLossMeters)
        json.number("averageHeartRateBPM", figures.averageHeartRateBPM)
        json.number("averageCadence", figures.averageCadence)
        json.number("averagePowerWatts", figures.averagePowerWatts)
    }
}
