public import WorkoutSamples
import RouteGeometry

/// A finished workout: its figures and its route.
public struct WorkoutSummary: Sendable, Hashable {
    /// The workout's figures (distance, times, speeds, elevation, sensors, energy, counts).
    public var metrics: WorkoutSnapshot
    /// The simplified route's encoded polyline, its point count and tolerance, and the bounds.
    public var route: RouteSummary
    /// Input records of an unknown type, skipped (JSON/NDJSON).
    public var skippedUnknownRecords: Int
    /// Optional fields that did not parse, by field name: dropped from their samples, the samples kept
    /// (the reader's ``/WorkoutSamples/SkippedField`` counts, with where each was first seen).
    public var skippedFields: [String: SkippedField] = [:]
    /// What the recording device states about the workout (TCX, FIT), beside the engine's own figures;
    /// `nil` for inputs that state nothing (GPX, JSON).
    public var device: DeviceRecord?
    /// Splits, laps, best efforts, mean-maximal curves, training load and climbs.
    public var analysis: WorkoutAnalysis

    /// A summary from its parts; ``WorkoutBuilder/summary(skippedUnknownRecords:device:)`` is the usual way to get one.
    public init(metrics: WorkoutSnapshot, route: RouteSummary, skippedUnknownRecords: Int = 0, device: DeviceRecord? = nil,
                analysis: WorkoutAnalysis = WorkoutAnalysis()) {
        self.metrics = metrics
        self.route = route
        self.skippedUnknownRecords = skippedUnknownRecords
        self.device = device
        self.analysis = analysis
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
        json.beginObject("skippedFields")
        for name in skippedFields.keys.sorted() { json.integer(name, skippedFields[name]?.count ?? 0) }
        json.endObject()
        if let device {
            json.beginObject("device")
            json.string("manufacturer", device.manufacturer)
            json.string("product", device.product)
            json.string("sport", device.sport)
            json.number("distanceMeters", device.distanceMeters)
            json.number("timerSeconds", device.timerSeconds)
            json.number("elapsedSeconds", device.elapsedSeconds)
            json.number("ascentMeters", device.ascentMeters)
            json.number("descentMeters", device.descentMeters)
            json.number("kilocalories", device.kilocalories)
            json.number("averageHeartRate", device.averageHeartRate)
            json.number("maximumHeartRate", device.maximumHeartRate)
            json.endObject()
        } else {
            json.null("device")
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
        analysis.writeKeys(to: &json)
        json.endObject()
    }

    /// A short summary for people: H:MM:SS, kilometres, minutes per kilometre; the device's own figures,
    /// when the input states them, in brackets beside the engine's; then the analysis (splits in `units`,
    /// laps, best efforts, power, climbs).
    public func text(units: DisplayUnits = .metric) -> String {
        let m = metrics
        let d = device
        var lines: [String] = []
        lines.append("Activity:        \(m.activity.rawValue)")
        if let d {
            let names = [d.manufacturer, d.product].compactMap { $0 }.joined(separator: " ")
            lines.append("Device:          \(names.isEmpty ? "-" : names)\(d.sport.map { " (sport \($0))" } ?? "")")
        }
        if let start = m.startTime { lines.append("Start:           \((ISO8601Text.string(secondsSince1970: start) ?? "-"))") }
        lines.append("Elapsed:         \(m.elapsedSeconds.map { DisplayFormatting.longDuration(seconds: $0) } ?? "-")"
            + Self.beside(d?.timerSeconds.map { "timer " + DisplayFormatting.longDuration(seconds: $0) },
                          d?.elapsedSeconds.map { "elapsed " + DisplayFormatting.longDuration(seconds: $0) }))
        lines.append("Moving:          \(m.movingSeconds.map { DisplayFormatting.longDuration(seconds: $0) } ?? "-")")
        lines.append("Distance:        \(DisplayFormatting.fixed(m.distanceMeters / 1000, digits: 2)) km"
            + Self.beside(d?.distanceMeters.map { DisplayFormatting.fixed($0 / 1000, digits: 2) + " km" }))
        lines.append("Average pace:    \(m.averagePaceSecondsPerKilometer.map { DisplayFormatting.pace(secondsPerUnit: $0) + " min/km" } ?? "-")")
        lines.append("Average speed:   \(m.averageSpeedMetersPerSecond.map { DisplayFormatting.fixed($0 * 3.6, digits: 1) + " km/h" } ?? "-")")
        if let gain = m.elevationGainMeters, let loss = m.elevationLossMeters {
            lines.append("Elevation:       +\(DisplayFormatting.fixed(gain, digits: 0)) m / -\(DisplayFormatting.fixed(loss, digits: 0)) m"
                + Self.beside(d?.ascentMeters.map { "+" + DisplayFormatting.fixed($0, digits: 0) + " m" },
                              d?.descentMeters.map { "-" + DisplayFormatting.fixed($0, digits: 0) + " m" }))
        }
        if let average = m.heartRateAverage {
            lines.append("Heart rate:      \(DisplayFormatting.fixed(average, digits: 0)) bpm average, \(DisplayFormatting.fixed(m.heartRateMaximum ?? average, digits: 0)) max"
                + Self.beside(d?.averageHeartRate.map { DisplayFormatting.fixed($0, digits: 0) + " average" },
                              d?.maximumHeartRate.map { DisplayFormatting.fixed($0, digits: 0) + " max" }))
        }
        if m.trimp != nil || m.heartRateZones.contains(where: { $0.seconds > 0 }) {
            let zones = m.heartRateZones.map { "Z\($0.zone) \(DisplayFormatting.duration(seconds: $0.seconds))" }
            lines.append("HR zones:        \(zones.joined(separator: ", "))")
        }
        if let trimp = m.trimp {
            lines.append("TRIMP:           \(DisplayFormatting.fixed(trimp, digits: 0))")
        }
        if let energy = m.activeEnergyKilocalories {
            lines.append("Active energy:   \(DisplayFormatting.fixed(energy, digits: 0)) kcal (\(m.energyModel?.rawValue ?? "-"))"
                + Self.beside(d?.kilocalories.map { DisplayFormatting.fixed($0, digits: 0) + " kcal" }))
        }
        if m.lapCount > 0 { lines.append("Laps:            \(m.lapCount)") }
        let assumed = m.profile.assumed.keys
        if !assumed.isEmpty {
            lines.append("Profile assumed: \(assumed.joined(separator: ", "))")
        }
        if !skippedFields.isEmpty {
            let fields = skippedFields.keys.sorted().map { "\($0) ×\(skippedFields[$0]?.count ?? 0)" }
            lines.append("Skipped fields:  \(fields.joined(separator: ", ")) (did not parse; samples kept)")
        }
        let rejected = m.rejections.total
        lines.append("Locations:       \(m.locationCount) in \(m.segmentCount) segment\(m.segmentCount == 1 ? "" : "s")\(rejected > 0 ? ", \(rejected) rejected" : "")")
        lines += analysis.textLines(units: units)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `  [device: a, b]` for the figures the device states, or nothing.
    private static func beside(_ figures: String?...) -> String {
        let stated = figures.compactMap { $0 }
        return stated.isEmpty ? "" : "  [device: \(stated.joined(separator: ", "))]"
    }
}
