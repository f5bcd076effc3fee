import WorkoutSamples
/// Conversions and formats for what people read. SI units inside; these functions are the edges.
public enum DisplayFormatting {
    /// `M:SS` under an hour, `H:MM:SS` from an hour on (seconds truncated, never rounded up, so a clock
    /// never shows a second that has not passed).
    public static func duration(seconds: Double) -> String {
        let total = seconds.isFinite ? Int(min(max(seconds, 0), 9e15).rounded(.down)) : 0
        let hours = total / 3600, minutes = (total / 60) % 60, secs = total % 60
        let ss = secs < 10 ? "0\(secs)" : "\(secs)"
        if hours > 0 {
            let mm = minutes < 10 ? "0\(minutes)" : "\(minutes)"
            return "\(hours):\(mm):\(ss)"
        }
        return "\(minutes):\(ss)"
    }

    /// `H:MM:SS` always (the text summary's form).
    public static func longDuration(seconds: Double) -> String {
        let total = seconds.isFinite ? Int(min(max(seconds, 0), 9e15).rounded(.down)) : 0
        let hours = total / 3600, minutes = (total / 60) % 60, secs = total % 60
        return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(secs < 10 ? "0" : "")\(secs)"
    }

    /// A pace in seconds per unit as `M:SS` (rounded to the second).
    public static func pace(secondsPerUnit: Double) -> String {
        guard secondsPerUnit.isFinite, secondsPerUnit > 0, secondsPerUnit < 9e15 else { return "--:--" }
        let total = Int(secondsPerUnit.rounded())
        let secs = total % 60
        return "\(total / 60):\(secs < 10 ? "0" : "")\(secs)"
    }

    /// `value` with `digits` decimals.
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        // Beyond Int64 (an absurd input value): the shortest exact form instead of trapping.
        guard abs(value) * scale < 9e18 else { return "\(value)" }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale), fraction = scaled % Int64(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fractionText = String(fraction)
        return "\(sign)\(whole).\(String(repeating: "0", count: digits - fractionText.count))\(fractionText)"
    }
}
