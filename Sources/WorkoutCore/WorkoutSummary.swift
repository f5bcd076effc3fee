public import WorkoutSamples
import RouteGeometry

/// A finished workout: its figures and its route.
public struct WorkoutSummary: Sendable, Hashable {
    public var metrics: WorkoutSnapshot
    public var route: RouteSummary
    /// Input records of an unknown type, skipped (JSON/NDJSON).
    public var skippedUnknownRecords: Int
    /// Where a binary input (FIT) stopped being readable, when it did: the summary covers what came
    /// before. JSON key `damage` (`byteOffset`, `reason`), present only then.
    public var damage: TrackDamage?

    public init(metrics: WorkoutSnapshot, route: RouteSummary, skippedUnknownRecords: Int = 0, damage: TrackDamage? = nil) {
        self.metrics = metrics
        self.route = route
        self.skippedUnknownRecords = skippedUnknownRecords
        self.damage = damage
    }

    /// The summary as one JSON object (SI units, `null` where unknown). The keys are documented in the
    /// README ("Summary JSON").
    public func jsonText() -> String {
        var json = JSONWriter()
        write(to: &json)
        return json.text
    }

    /// Writes the summary object into `json` (as a value, or under `key`).
    public func write(to json: inout JSONWriter, key: String? = nil) {
        let m = metrics
        json.beginObject(key)
        json.string("activity", m.activity.rawValue)
        json.string("distanceKind", m.activity.distanceKind.rawValue)
        json.string("filter", m.filterMode.rawValue)
        json.string("startDate", m.startTime.flatMap { ISO8601Text.string(secondsSince1970: $0) })
        json.string("endDate", m.endTime.flatMap { ISO8601Text.string(secondsSince1970: $0) })
        json.number("elapsedSeconds", m.elapsedSeconds)
        json.number("totalSeconds", m.totalSeconds)
        json.number("movingSeconds", m.movingSeconds)
        json.number("distanceMeters", m.distanceMeters)
        json.integer("locationCount", m.locationCount)
        json.integer("receivedLocationCount", m.receivedLocationCount)
        json.integer("locationsWhilePaused", m.locationsWhilePaused)
        json.beginObject("rejectedLocations")
        for (reason, count) in m.rejections.nonZero { json.integer(reason.rawValue, count) }
        json.endObject()
        json.beginObject("rejectedReadings")
        for (kind, count) in m.rejectedReadings.nonZero { json.integer(kind.rawValue, count) }
        json.endObject()
        json.integer("segmentCount", m.segmentCount)
        json.integer("pauseCount", m.pauseCount)
        json.integer("lapCount", m.lapCount)
        json.number("averageSpeedMetersPerSecond", m.averageSpeedMetersPerSecond)
        json.number("maxSpeedMetersPerSecond", m.maximumSpeedMetersPerSecond)
        json.number("averagePaceSecondsPerKilometer", m.averagePaceSecondsPerKilometer)
        json.number("elevationGainMeters", m.elevationGainMeters)
        json.number("elevationLossMeters", m.elevationLossMeters)
        json.number("minElevationMeters", m.minimumElevationMeters)
        json.number("maxElevationMeters", m.maximumElevationMeters)
        json.beginObject("heartRate")
        json.number("averageBPM", m.heartRateAverage)
        json.number("minBPM", m.heartRateMinimum)
        json.number("maxBPM", m.heartRateMaximum)
        json.string("zoneMethod", m.heartRateZoneMethod.rawValue)
        json.beginArray("zones")
        for zone in m.heartRateZones {
            json.beginObject()
            json.integer("zone", zone.zone)
            json.number("lowerBPM", zone.lowerBPM)
            json.number("upperBPM", zone.upperBPM)
            json.number("seconds", zone.seconds)
            json.endObject()
        }
        json.endArray()
        json.number("trimp", m.trimp)
        json.endObject()
        json.number("averageCadence", m.cadenceAverage)
        json.number("averagePowerWatts", m.powerAverage)
        json.number("activeEnergyKilocalories", m.activeEnergyKilocalories)
        json.string("energyModel", m.energyModel?.rawValue)
        json.beginObject("energyModelSeconds")
        for model in EnergyModel.allCases where m.energyModelSeconds[model] > 0 {
            json.number(model.rawValue, m.energyModelSeconds[model])
        }
        json.endObject()
        json.beginObject("profile")
        json.number("massKilograms", m.profile.massKilograms)
        json.number("ageYears", m.profile.ageYears)
        json.string("sex", m.profile.sex?.rawValue)
        json.number("restingHeartRate", m.profile.restingHeartRate)
        json.number("maxHeartRate", m.profile.maxHeartRate)
        json.beginArray("assumed")
        for key in m.profile.assumed.keys { json.string(nil, key) }
        json.endArray()
        json.endObject()
        json.integer("skippedUnknownRecords", skippedUnknownRecords)
        if let damage {
            json.beginObject("damage")
            json.integer("byteOffset", damage.byteOffset)
            json.string("reason", damage.reason)
            json.endObject()
        }
        json.beginArray("warnings")
        for warning in m.warnings { json.string(nil, warning) }
        json.endArray()
        json.beginObject("route")
        json.integer("simplifiedPointCount", route.simplifiedPointCount)
        json.number("simplificationToleranceMeters", route.simplificationToleranceMeters)
        json.string("encodedPolyline", route.encodedPolyline)
        if let bounds = route.bounds {
            json.beginObject("bounds")
            json.number("minLatitude", bounds.minLatitude)
            json.number("minLongitude", bounds.minLongitude)
            json.number("maxLatitude", bounds.maxLatitude)
            json.number("maxLongitude", bounds.maxLongitude)
            json.endObject()
        } else {
            json.null("bounds")
        }
        json.endObject()
        json.endObject()
    }

    /// A short summary for people: H:MM:SS, kilometres, minutes per kilometre.
    public func text() -> String {
        let m = metrics
        var lines: [String] = []
        lines.append("Activity:        \(m.activity.rawValue)")
        if let start = m.startTime { lines.append("Start:           \((ISO8601Text.string(secondsSince1970: start) ?? "-"))") }
        lines.append("Elapsed:         \(m.elapsedSeconds.map { DisplayFormatting.longDuration(seconds: $0) } ?? "-")")
        lines.append("Moving:          \(m.movingSeconds.map { DisplayFormatting.longDuration(seconds: $0) } ?? "-")")
        lines.append("Distance:        \(DisplayFormatting.fixed(m.distanceMeters / 1000, digits: 2)) km")
        lines.append("Average pace:    \(m.averagePaceSecondsPerKilometer.map { DisplayFormatting.pace(secondsPerUnit: $0) + " min/km" } ?? "-")")
        lines.append("Average speed:   \(m.averageSpeedMetersPerSecond.map { DisplayFormatting.fixed($0 * 3.6, digits: 1) + " km/h" } ?? "-")")
        if let gain = m.elevationGainMeters, let loss = m.elevationLossMeters {
            lines.append("Elevation:       +\(DisplayFormatting.fixed(gain, digits: 0)) m / -\(DisplayFormatting.fixed(loss, digits: 0)) m")
        }
        if let average = m.heartRateAverage {
            lines.append("Heart rate:      \(DisplayFormatting.fixed(average, digits: 0)) bpm average, \(DisplayFormatting.fixed(m.heartRateMaximum ?? average, digits: 0)) max")
        }
        if m.trimp != nil || m.heartRateZones.contains(where: { $0.seconds > 0 }) {
            let zones = m.heartRateZones.map { "Z\($0.zone) \(DisplayFormatting.duration(seconds: $0.seconds))" }
            lines.append("HR zones:        \(zones.joined(separator: ", "))")
        }
        if let trimp = m.trimp {
            lines.append("TRIMP:           \(DisplayFormatting.fixed(trimp, digits: 0))")
        }
        if let energy = m.activeEnergyKilocalories {
            lines.append("Active energy:   \(DisplayFormatting.fixed(energy, digits: 0)) kcal (\(m.energyModel?.rawValue ?? "-"))")
        }
        let assumed = m.profile.assumed.keys
        if !assumed.isEmpty {
            lines.append("Profile assumed: \(assumed.joined(separator: ", "))")
        }
        let rejected = m.rejections.total
        lines.append("Locations:       \(m.locationCount) in \(m.segmentCount) segment\(m.segmentCount == 1 ? "" : "s")\(rejected > 0 ? ", \(rejected) rejected" : "")")
        if let damage {
            lines.append("Damaged input:   \(damage) (the summary covers what came before)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
