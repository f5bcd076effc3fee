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
        var dates = DateCache()
        guard let parts = Parts(secondsSince1970: seconds, fraction: fraction, dates: &dates) else { return nil }
        return String(unsafeUninitializedCapacity: parts.byteCount) { parts.write(into: $0) }
    }

    /// Writes `seconds` since 1970 as ``string(secondsSince1970:fraction:)`` does into `buffer` (at least
    /// ``maximumByteCount`` bytes) and returns how many bytes it wrote, or `nil` (nothing written) when that
    /// gives `nil`: for a writer that puts its text together as bytes (a GPX point). `dates` keeps the
    /// calendar date of the last day written (a track's times share their days).
    /// - Complexity: O(1).
    package static func write(secondsSince1970 seconds: Double, fraction: Fraction, into buffer: UnsafeMutableBufferPointer<UInt8>,
                              dates: inout DateCache) -> Int? {
        guard buffer.count >= maximumByteCount, let parts = Parts(secondsSince1970: seconds, fraction: fraction, dates: &dates) else {
            return nil
        }
        return parts.write(into: buffer)
    }

    /// The calendar date of the day last asked for (``civilDate(daysSince1970:)`` is a dozen divisions).
    package struct DateCache {
        private var daysSince1970 = Int64.min
        private var date: (year: Int64, month: Int64, day: Int64) = (0, 0, 0)

        /// A cache holding no day.
        package init() {}

        /// The date of `days` since 1970-01-01.
        mutating func date(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
            if days != daysSince1970 {
                daysSince1970 = days
                date = civilDate(daysSince1970: days)
            }
            return date
        }
    }

    /// The longest text written: `YYYY-MM-DDThh:mm:ss.sssZ`.
    package static let maximumByteCount = 24

    /// A time's calendar fields, rounded to the millisecond.
    private struct Parts {
        var year, month, day, secondOfDay, millisecond: Int64
        var withFraction: Bool

        init?(secondsSince1970 seconds: Double, fraction: Fraction, dates: inout DateCache) {
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
            (year, month, day) = dates.date(daysSince1970: days)
            guard (1...9999).contains(year) else { return nil }
            secondOfDay = millisecondOfDay / 1000
            millisecond = millisecondOfDay % 1000
            withFraction = fraction == .milliseconds || millisecond != 0
        }

        /// `YYYY-MM-DDThh:mm:ss` (19), `.sss` (4), `Z`.
        var byteCount: Int { withFraction ? 24 : 20 }

        /// Writes the text digit by digit into `buffer` (at least ``byteCount`` bytes); returns ``byteCount``.
        func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var index = 0
            func put(_ byte: UInt8) {
                buffer[index] = byte
                index += 1
            }
            func put(_ value: Int64, digits: Int) {
                // (`value` is not negative: a year of 1...9999, a month, ...; `buffer` holds `byteCount` bytes.)
                guard let base = buffer.baseAddress else { return }
                FixedWidthDigits.write(UInt64(value), width: digits, to: base + index)
                index += digits
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
