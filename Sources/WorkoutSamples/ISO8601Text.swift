/// The one writer of ISO 8601 times (RFC 3339 profile, UTC, `Z`) for every output: summaries, frames,
/// GPX, CSV and GeoJSON exports.
///
/// Years are written with four digits, so only times from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z
/// can be written (RFC 3339 has no other form); outside that range, or for a non-finite number, the writer
/// returns `nil` and the output says "no time" its own way (`null` in JSON, no `<time>` in GPX, an empty CSV
/// cell). Times are rounded to the millisecond.
public enum ISO8601Text {
    /// How the fraction of a second is written.
    public enum Fraction: Sendable, Hashable {
        /// Milliseconds when they are not zero (`…:35Z`, `…:35.250Z`): summaries and frames.
        case millisecondsWhenNonZero
        /// Always three digits (`…:35.000Z`): GPX and CSV, whose readers expect one form.
        case milliseconds
    }

    /// Seconds since 1970 of 0001-01-01T00:00:00Z and of the last millisecond of 9999-12-31.
    public static let representableSeconds: ClosedRange<Double> = -62_135_596_800 ... 253_402_300_799.999

    /// `seconds` since 1970 as ISO 8601 UTC, or `nil` when it is not finite or outside
    /// ``representableSeconds`` (after rounding to the millisecond).
    /// - Complexity: O(1).
    public static func string(secondsSince1970 seconds: Double, fraction: Fraction = .millisecondsWhenNonZero) -> String? {
        guard seconds.isFinite, seconds >= representableSeconds.lowerBound - 0.0005, seconds < representableSeconds.upperBound + 0.0005 else {
            return nil
        }
        let milliseconds = Int64((seconds * 1000).rounded())
        var days = milliseconds / 86_400_000
        var millisecondOfDay = milliseconds % 86_400_000
        if millisecondOfDay < 0 {
            millisecondOfDay += 86_400_000
            days -= 1
        }
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (1...9999).contains(year) else { return nil }
        let secondOfDay = millisecondOfDay / 1000, millisecond = millisecondOfDay % 1000
        let withFraction = fraction == .milliseconds || millisecond != 0
        // `YYYY-MM-DDThh:mm:ss` (19), `.sss` (4), `Z`: written digit by digit into the string's own storage.
        return String(unsafeUninitializedCapacity: withFraction ? 24 : 20) { buffer in
            var index = 0
            func put(_ byte: UInt8) {
                buffer[index] = byte
                index += 1
            }
            func put(_ value: Int64, digits: Int) {
                var divisor: Int64 = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / divisor % 10))
                    divisor /= 10
                }
            }
            put(year, digits: 4)
            put(UInt8(ascii: "-"))
            put(month, digits: 2)
            put(UInt8(ascii: "-"))
            put(day, digits: 2)
            put(UInt8(ascii: "T"))
            put(secondOfDay / 3600, digits: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay / 60 % 60, digits: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay % 60, digits: 2)
            if withFraction {
                put(UInt8(ascii: "."))
                put(millisecond, digits: 3)
            }
            put(UInt8(ascii: "Z"))
            return index
        }
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01: the inverse of the "days from civil"
    /// algorithm in H. Hinnant, *chrono-Compatible Low-Level Date Algorithms* (2013).
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
