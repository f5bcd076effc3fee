import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

struct ISO8601TimeTests {
    private func parse(_ text: String) -> Double? { ISO8601Time.secondsSince1970(text) }

    /// Reference values: `date -u -d <text> +%s` (GNU coreutils) for each.
    @Test func knownInstants() {
        #expect(parse("1970-01-01T00:00:00Z") == 0)
        #expect(parse("2000-03-01T00:00:00Z") == 951_868_800)
        #expect(parse("2017-07-29T14:46:35.000Z") == 1_501_339_595)
        #expect(parse("1969-12-31T23:59:59Z") == -1)
        #expect(parse("0001-01-01T00:00:00Z") == -62_135_596_800)
        #expect(parse("9999-12-31T23:59:59Z") == 253_402_300_799)
        #expect(parse("2024-02-29T12:00:00Z") == 1_709_208_000)
    }

    @Test func zonesAndSeparators() {
        let utc = 1_583_056_800.0  // 2020-03-01T10:00:00Z
        for text in [
            "2020-03-01T10:00:00Z", "2020-03-01t10:00:00z", "2020-03-01 10:00:00Z", "2020-03-01T10:00:00",
            "2020-03-01T12:00:00+02:00", "2020-03-01T12:00:00+0200", "2020-03-01T12:00:00+02",
            "2020-03-01T04:30:00-05:30", "2020-03-01T04:30:00-0530", "2020-03-01T10:00:00+00:00",
            "2020-03-01T10:00:00-00:00", "2020-03-02T09:00:00+23:00",
        ] {
            #expect(parse(text) == utc, "\(text)")
        }
    }

    @Test func fractionalSeconds() {
        #expect(parse("2022-04-27T13:41:28.002Z") == 1_651_066_888.002)
        #expect(parse("2022-04-27T15:20:45.370Z") == 1_651_072_845.37)
        #expect(parse("2022-04-27T15:20:45,5Z") == 1_651_072_845.5)
        #expect(parse("2022-04-27T15:20:45.123456Z") == 1_651_072_845.123456)
        #expect(parse("1969-12-31T23:59:59.250Z") == -0.75)
        // Nanoseconds and beyond: within a unit in the last place.
        let long = parse("2022-04-27T15:20:45.1234567891234567891234Z")
        #expect(long.map { abs($0 - 1_651_072_845.123456789) < 1e-6 } == true)
    }

    @Test func leapSecondCountsAsTheNextSecond() {
        #expect(parse("2016-12-31T23:59:60Z") == parse("2017-01-01T00:00:00Z"))
    }

    @Test(arguments: [
        "", "2020-01-01", "2020-01-01T10:00Z", "2020-13-01T00:00:00Z", "2020-00-01T00:00:00Z",
        "2020-02-30T00:00:00Z", "2019-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2020-04-31T00:00:00Z",
        "2020-01-00T00:00:00Z", "2020-01-01T24:00:00Z", "2020-01-01T25:00:00Z", "2020-01-01T10:60:00Z",
        "2020-01-01T10:00:61Z", "2020-01-01T10:00:00.Z", "2020-01-01T10:00:00+2400", "2020-01-01T10:00:00+02:60",
        "2020-01-01T10:00:00+2", "2020-01-01T10:00:00+02:", "2020-01-01T10:00:00ZZ", " 2020-01-01T10:00:00Z",
        "2020-01-01T10:00:00Z ", "2020-1-01T10:00:00Z", "20200101T100000Z", "2020-01-01X10:00:00Z",
        "２０２０-01-01T10:00:00Z", "2020-01-01T10:00:00 UTC",
    ])
    func rejectsInvalid(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func acceptsFebruary29InLeapYearsOnly() {
        #expect(parse("2000-02-29T00:00:00Z") != nil)
        #expect(parse("2004-02-29T00:00:00Z") != nil)
        #expect(parse("2100-02-29T00:00:00Z") == nil)
    }

    /// Compares against Foundation's `ISO8601DateFormatter` (an independent implementation over ICU) on
    /// deterministic pseudo-random instants from 1601 to 2399 (ICU switches to the Julian calendar
    /// before 1582, so earlier years are left out), with random zones and milliseconds.
    @Test func matchesFoundationOnRandomInstants() throws {
        let whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = SplitMix64(seed: 0x5EED_1509)
        for _ in 0..<3000 {
            let year = Int(random.next() % 799) + 1601
            let month = Int(random.next() % 12) + 1
            let day = Int(random.next() % UInt64(ISO8601Time.daysInMonth(year: year, month: month))) + 1
            let hour = Int(random.next() % 24), minute = Int(random.next() % 60), second = Int(random.next() % 60)
            var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
            let withMilliseconds = random.next() % 2 == 0
            if withMilliseconds { text += String(format: ".%03d", Int(random.next() % 1000)) }
            switch random.next() % 3 {
            case 0: text += "Z"
            case 1: text += String(format: "+%02d:%02d", Int(random.next() % 15), [0, 30, 45][Int(random.next() % 3)])
            default: text += String(format: "-%02d:%02d", Int(random.next() % 13), [0, 30][Int(random.next() % 2)])
            }
            let reference = try #require((withMilliseconds ? fractional : whole).date(from: text), "\(text)")
            let ours = try #require(parse(text), "\(text)")
            if withMilliseconds {
                #expect(abs(ours - reference.timeIntervalSince1970) < 1e-5, "\(text)")
            } else {
                #expect(ours == reference.timeIntervalSince1970, "\(text)")
            }
        }
    }

    /// Every day from 1600 to 2400 against a day counter, and against Foundation's Gregorian calendar.
    @Test func daysSince1970IsConsecutive() throws {
        var expected = ISO8601Time.daysSince1970(year: 1600, month: 1, day: 1)
        for year in 1600...2400 {
            for month in 1...12 {
                for day in 1...ISO8601Time.daysInMonth(year: year, month: month) {
                    #expect(ISO8601Time.daysSince1970(year: year, month: month, day: day) == expected)
                    expected += 1
                }
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let date = try #require(calendar.date(from: DateComponents(year: 1600, month: 1, day: 1)))
        #expect(Double(ISO8601Time.daysSince1970(year: 1600, month: 1, day: 1) * 86_400) == date.timeIntervalSince1970)
    }
}
