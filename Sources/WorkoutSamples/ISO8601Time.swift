/// Parsing of ISO 8601 / RFC 3339 date-times into seconds since 1970-01-01T00:00:00Z, straight from
/// UTF-8 bytes, without allocating and without Foundation.
///
/// Accepted form (the profile GPX, TCX and JSON exports use):
///
///     YYYY-MM-DDThh:mm:ss[.fraction][zone]
///
/// - `YYYY` is exactly four digits (0000...9999), proleptic Gregorian calendar (readers then refuse what
///   falls outside ``acceptedSeconds``: year 0000, or a zone that moves the instant out of 0001...9999).
/// - The date/time separator is `T`, `t` or a single space (RFC 3339 section 5.6 allows the space).
/// - Seconds are required. `fraction` is `.` or `,` followed by one or more digits, any number of them
///   (digits past the 18th are ignored).
/// - `zone` is `Z`, `z`, `±hh`, `±hh:mm` or `±hhmm` (hours 0...23, minutes 0...59). **No zone means UTC**:
///   GPX requires UTC, and exporters that drop the `Z` write UTC anyway; a local time zone would make the
///   result depend on the machine that reads the file.
/// - Impossible dates and times are rejected: month 13, February 30 (29 only in leap years), hour 24 or
///   more, minute 60 or more. Second 60 (a leap second) is accepted and counted as the first second of
///   the next minute, as POSIX time does.
/// - No leading or trailing spaces: callers trim their text first.
///
/// The result is correctly rounded (the nearest `Double` to the exact instant) whenever the fraction has
/// at most 15 digits and the instant fits in ±2⁵³ units of that precision, which covers milliseconds and
/// microseconds for every year 0000...9999; otherwise it is within one unit in the last place.
public enum ISO8601Time {
    /// The times a reader accepts: those the one ISO 8601 writer (``ISO8601Text``) can write back, from
    /// 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z. Every reader refuses a time outside them (an ISO
    /// 8601 text in year 0000 or pushed past a year boundary by its zone, an epoch number such as 1e18),
    /// with an error naming the field and its position, so no output ever has a time it cannot write.
    public static let acceptedSeconds: ClosedRange<Double> = ISO8601Text.representableSeconds

    /// `"… is outside the years 0001 to 9999"`, for the error of a time outside ``acceptedSeconds``;
    /// `value` is the time as the input wrote it.
    public static func outOfRangeMessage(_ value: String) -> String {
        "\(value) is outside the years 0001 to 9999"
    }

    /// Parses `bytes` (UTF-8, exactly the timestamp) and returns seconds since 1970-01-01T00:00:00Z, or
    /// `nil` when the text is not a valid timestamp in the profile described on ``ISO8601Time``.
    ///
    /// - Complexity: O(`bytes.count`), no allocation.
    public static func secondsSince1970(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var cursor = Cursor(bytes: bytes)
        guard let year = cursor.digits(4), cursor.take(UInt8(ascii: "-")),
              let month = cursor.digits(2), cursor.take(UInt8(ascii: "-")),
              let day = cursor.digits(2)
        else { return nil }
        guard let separator = cursor.next(),
              separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")
        else { return nil }
        guard let hour = cursor.digits(2), cursor.take(UInt8(ascii: ":")),
              let minute = cursor.digits(2), cursor.take(UInt8(ascii: ":")),
              let second = cursor.digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second <= 60
        else { return nil }

        // Fraction: keep the first 18 digits as an integer numerator over 10^digits.
        var fraction: Int64 = 0
        var fractionDigits = 0
        if let mark = cursor.peek(), mark == UInt8(ascii: ".") || mark == UInt8(ascii: ",") {
            cursor.advance()
            var any = false
            while let byte = cursor.peek(), byte &- UInt8(ascii: "0") < 10 {
                any = true
                if fractionDigits < 18 {
                    fraction = fraction * 10 + Int64(byte &- UInt8(ascii: "0"))
                    fractionDigits += 1
                }
                cursor.advance()
            }
            guard any else { return nil }
        }

        var offsetSeconds = 0
        if let zone = cursor.next() {
            switch zone {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                break
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard let offsetHours = cursor.digits(2), offsetHours < 24 else { return nil }
                var offsetMinutes = 0
                if !cursor.isAtEnd {
                    _ = cursor.take(UInt8(ascii: ":"))
                    guard let minutes = cursor.digits(2), minutes < 60 else { return nil }
                    offsetMinutes = minutes
                }
                offsetSeconds = (offsetHours * 60 + offsetMinutes) * 60
                if zone == UInt8(ascii: "-") { offsetSeconds = -offsetSeconds }
            default:
                return nil
            }
        }
        guard cursor.isAtEnd else { return nil }

        let days = daysSince1970(year: year, month: month, day: day)
        let whole = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        guard fractionDigits > 0 else { return Double(whole) }
        if fractionDigits <= 15 {
            // whole * 10^n + fraction is an exact integer; one division by an exact power of ten is
            // then correctly rounded, provided the numerator is exactly representable (|x| <= 2^53).
            let scale = powersOfTen[fractionDigits]
            let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
            if !overflow {
                let numerator = scaled + fraction
                if numerator.magnitude <= 1 << 53 {
                    return Double(numerator) / Double(scale)
                }
            }
        }
        return Double(whole) + Double(fraction) / Double(powersOfTen[fractionDigits])
    }

    /// Parses a timestamp held in a string; see ``secondsSince1970(utf8:)``. Copies the string when it is
    /// not contiguous UTF-8; hot paths should use the byte form.
    public static func secondsSince1970(_ text: some StringProtocol) -> Double? {
        var copy = String(text)
        return copy.withUTF8 { secondsSince1970(utf8: $0) }
    }

    /// Days from 1970-01-01 to the given date of the proleptic Gregorian calendar (negative before 1970).
    ///
    /// `month` is 1...12 and `day` 1...31; the date is not validated.
    ///
    /// - Complexity: O(1).
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Count years from March, so that the leap day is the last day of the counted year.
        let marchYear = month <= 2 ? year - 1 : year
        // 400-year eras of 146 097 days each; floor division for years before 0.
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400  // 0...399
        let monthFromMarch = (month + 9) % 12  // March = 0 ... February = 11
        // Days before each month counted from March: 0, 31, 61, 92, 122, 153, 184, 214, 245, 275, 306, 337.
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        // 719 468 days separate 0000-03-01 from 1970-01-01.
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `true` for leap years of the proleptic Gregorian calendar.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1...12) of `year`.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static let powersOfTen: [Int64] = {
        var table: [Int64] = [1]
        for _ in 1...18 { table.append(table[table.count - 1] * 10) }
        return table
    }()
}

/// A forward-only reader over the bytes of one timestamp.
private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() { index += 1 }

    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// Consumes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes exactly `count` ASCII digits and returns their value.
    mutating func digits(_ count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        var value = 0
        for _ in 0..<count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return value
    }
}
