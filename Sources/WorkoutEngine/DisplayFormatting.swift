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

    /// An instant (seconds since 1970) as ISO 8601 UTC, `YYYY-MM-DDThh:mm:ssZ`, with milliseconds when the
    /// instant has a fraction of a second.
    public static func iso8601(secondsSince1970 seconds: Double) -> String {
        // Beyond ±285 000 years the milliseconds do not fit an Int64: not a date, like a non-finite time.
        guard seconds.isFinite, abs(seconds) < 9e15 else { return "" }
        let milliseconds = Int64((seconds * 1000).rounded())
        var days = milliseconds / 86_400_000
        var msOfDay = milliseconds % 86_400_000
        if msOfDay < 0 { msOfDay += 86_400_000; days -= 1 }
        let (year, month, day) = civilDate(daysSince1970: days)
        let secondOfDay = msOfDay / 1000, ms = msOfDay % 1000
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var text = "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if ms != 0 {
            text += "." + (ms < 10 ? "00" : ms < 100 ? "0" : "") + String(ms)
        }
        return text + "Z"
    }

    /// Proleptic Gregorian date of a day count since 1970-01-01 (the inverse of the "days from civil"
    /// algorithm in H. Hinnant, *chrono-Compatible Low-Level Date Algorithms*, 2013).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
