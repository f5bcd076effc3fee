import WorkoutSamples

extension WorkoutAnalysis {
    /// The analysis for people, a few lines per part (splits in `units`, laps, best efforts, power, climbs);
    /// parts without data are left out.
    public func textLines(units: DisplayUnits) -> [String] {
        var lines: [String] = []
        let unit = units.metersPerDistanceUnit
        func distance(_ meters: Double) -> String { DisplayFormatting.fixed(meters / unit, digits: 2) + " " + units.distanceUnit }
        func pace(_ figures: IntervalFigures) -> String {
            figures.averageSpeedMetersPerSecond.map { $0 > 0 ? DisplayFormatting.pace(secondsPerUnit: unit / $0) : "--:--" } ?? "--:--"
        }
        func elevation(_ figures: IntervalFigures) -> String {
            guard let gain = figures.elevationGainMeters, let loss = figures.elevationLossMeters else { return "" }
            return "  +\(DisplayFormatting.fixed(gain, digits: 0))/-\(DisplayFormatting.fixed(loss, digits: 0)) m"
        }
        func heartRate(_ figures: IntervalFigures) -> String {
            figures.averageHeartRateBPM.map { "  \(DisplayFormatting.fixed($0, digits: 0)) bpm" } ?? ""
        }
        func power(_ figures: IntervalFigures) -> String {
            figures.averagePowerWatts.map { "  \(DisplayFormatting.fixed($0, digits: 0)) W" } ?? ""
        }
        // The device's own distance and timer time of a lap, beside the engine's, as the summary's text
        // shows the device's totals.
        func device(_ lap: DeviceLap?) -> String {
            guard let lap else { return "" }
            let stated = [lap.distanceMeters.map(distance), lap.timerSeconds.map { DisplayFormatting.duration(seconds: $0) }].compactMap { $0 }
            return stated.isEmpty ? "" : "  [device: \(stated.joined(separator: ", "))]"
        }
        let splits = splits.splits(for: units)
        if !splits.isEmpty {
            lines.append("Splits (\(units.distanceUnit)):")
            for split in splits {
                let f = split.figures
                let label = split.isPartial ? distance(f.distanceMeters) : "\(split.number) \(units.distanceUnit)"
                lines.append("  \(label + String(repeating: " ", count: max(0, 10 - label.count))) \(DisplayFormatting.duration(seconds: f.elapsedSeconds))  \(pace(f)) \(units.paceUnit)\(elevation(f))\(heartRate(f))\(power(f))")
            }
        }
        if !laps.isEmpty {
            lines.append("Laps:")
            for lap in laps {
                let f = lap.figures
                lines.append("  \(lap.number)  \(distance(f.distanceMeters))  \(DisplayFormatting.duration(seconds: f.elapsedSeconds))  \(pace(f)) \(units.paceUnit)\(heartRate(f))\(power(f))\(lap.trigger.map { "  (\($0.rawValue))" } ?? "")\(device(lap.device))")
            }
        }
        if !bestEfforts.isEmpty {
            let efforts = bestEfforts.map { "\($0.name) \(DisplayFormatting.duration(seconds: $0.elapsedSeconds))" }
            lines.append("Best efforts:    \(efforts.joined(separator: ", "))")
        }
        if let load = trainingLoad {
            var parts = ["average \(DisplayFormatting.fixed(load.averagePowerWatts, digits: 0)) W"]
            if let np = load.normalizedPowerWatts { parts.append("NP \(DisplayFormatting.fixed(np, digits: 0)) W") }
            if let intensity = load.intensityFactor { parts.append("IF \(DisplayFormatting.fixed(intensity, digits: 2))") }
            if let tss = load.trainingStressScore { parts.append("TSS \(DisplayFormatting.fixed(tss, digits: 0))") }
            parts.append("\(DisplayFormatting.fixed(load.workKilojoules, digits: 0)) kJ")
            lines.append("Power:           \(parts.joined(separator: ", "))")
        }
        if !climbs.isEmpty {
            lines.append("Climbs:")
            for climb in climbs {
                let category = climb.category.map { $0 == .hors ? "HC" : "Cat \($0.rawValue)" } ?? "uncategorised"
                lines.append("  \(distance(climb.startDistanceMeters)) to \(distance(climb.endDistanceMeters)): +\(DisplayFormatting.fixed(climb.gainMeters, digits: 0)) m at \(DisplayFormatting.fixed(climb.averageGradePercent, digits: 1)) % (max \(DisplayFormatting.fixed(climb.maximumGradePercent, digits: 1)) %), \(category), FIETS \(DisplayFormatting.fixed(climb.fietsIndex, digits: 1))\(climb.verticalMetersPerHour.map { ", VAM \(DisplayFormatting.fixed($0, digits: 0)) m/h" } ?? "")")
            }
        }
        return lines
    }
}
