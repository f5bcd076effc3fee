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
    /// Where a binary input (FIT) stopped being readable, when it did: the summary covers what came
    /// before. JSON key `damage` (`byteOffset`, `reason`), present only then.
    public var damage: TrackDamage?

    /// A summary from its parts; ``WorkoutBuilder/summary(skippedUnknownRecords:device:)`` is the usual way to get one.
    public init(metrics: WorkoutSnapshot, route: RouteSummary, skippedUnknownRecords: Int = 0, device: DeviceRecord? = nil,
                analysis: WorkoutAnalysis = WorkoutAnalysis(), damage: TrackDamage? = nil) {
        self.metrics = metrics
        self.route = route
        self.skippedUnknownRecords = skippedUnknownRecords
        self.device = device
        self.analysis = analysis
        self.damage = damage
    }

    /// The summary as one JSON object (SI units, `null` where unknown): its `Codable` encoding (keys in
    /// `Schemas/workout-summary.schema.json` and the README's "Summary JSON"), written by ``JSONWriter``.
    public func jsonText() -> String {
        var json = JSONWriter()
        write(to: &json)
        return json.text
    }

    /// Writes the summary object into `json` (as a value, or under `key`): the `Codable` encoding (see
    /// `JSONWriterEncoder`, which explains why the text goes through `Codable`). That encoding throws
    /// nothing; were it to, `null` would be written in its place.
    public func write(to json: inout JSONWriter, key: String? = nil) {
        do {
            try json.encode(self, key: key)
        } catch {
            json.null(key)
        }
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
        if let damage {
            lines.append("Damaged input:   \(damage) (the summary covers what came before)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `  [device: a, b]` for the figures the device states, or nothing.
    private static func beside(_ figures: String?...) -> String {
        let stated = figures.compactMap { $0 }
        return stated.isEmpty ? "" : "  [device: \(stated.joined(separator: ", "))]"
    }
}
