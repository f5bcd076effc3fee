/// The JSON keys of a sample record: those of `Schemas/workout-samples.schema.json` (the JSON reader's
/// field names) plus the extensions that schema documents for what its first version could not say
/// (`distance` records, `hasFix`, `lapTrigger`).
///
/// Every sample type encodes as one complete record, `type` first: `{"type":"location","time":…,…}`.
/// Optional values that are `nil` are left out (the reader treats a missing key and `null` alike).
/// `time` is written as a number (seconds since 1970, exact) and read as a number or an ISO 8601 string
/// (``ISO8601Time``, the profile the JSON reader accepts). A sample without a time (an untimed GPX route)
/// is written without `time`; such a record decodes back to the same sample, but the JSON reader and the
/// schema require a time, so they refuse it.
public enum SampleCodingKey: String, CodingKey, Sendable, CaseIterable {
    /// The record type: `location`, `heartRate`, `activeEnergy`, `cadence`, `power`, `weather`, `event`,
    /// `distance`.
    case type
    /// Seconds since 1970 (a number), or an ISO 8601 date-time string on input.
    case time
    /// `location`: degrees north.
    case latitude
    /// `location`: degrees east.
    case longitude
    /// `location` and `distance`: metres (``LocationSample/altitudeMeters``, ``DistanceSample/altitudeMeters``).
    case altitude
    /// `location`: metres (``LocationSample/horizontalAccuracyMeters``).
    case horizontalAccuracy
    /// `location`: metres (``LocationSample/verticalAccuracyMeters``).
    case verticalAccuracy
    /// `location` and `distance`: metres per second (``LocationSample/speedMetersPerSecond``,
    /// ``DistanceSample/speedMetersPerSecond``).
    case speed
    /// `location`: degrees clockwise from true north (``LocationSample/courseDegrees``).
    case course
    /// `location` (extension): `false` when the device had no fix; written only then, `true` when absent.
    case hasFix
    /// `heartRate`: beats per minute.
    case bpm
    /// `activeEnergy`: kilocalories since the previous `activeEnergy` record.
    case kilocalories
    /// `cadence`: steps or crank revolutions per minute.
    case perMinute
    /// `power`: watts.
    case watts
    /// `weather`: degrees Celsius.
    case temperatureCelsius
    /// `weather`: relative humidity, percent.
    case humidityPercent
    /// `event`: `pause`, `resume`, `lap` or `segment`.
    case event
    /// `event` with `"event":"lap"` (extension): what ended the lap (``LapTrigger`` raw values), when known.
    case lapTrigger
    /// `event` with `"event":"lap"` (extension): when the lap began, when the recording says (a number or an
    /// ISO 8601 string, like `time`).
    case lapStartTime
    /// `distance` (extension): metres since the start of the recording (``DistanceSample/cumulativeMeters``).
    case cumulativeMeters
}

/// The record type names of ``SampleCodingKey/type``.
enum SampleRecordType: String {
    case location, heartRate, activeEnergy, cadence, power, weather, event, distance
}

extension KeyedDecodingContainer where Key == SampleCodingKey {
    /// Checks that a record decoded as one sample type says that type (or says none).
    func checkType(_ expected: SampleRecordType) throws {
        guard let type = try decodeIfPresent(String.self, forKey: .type) else { return }
        guard type == expected.rawValue else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: self, debugDescription: "expected a \"\(expected.rawValue)\" record, found \"\(type)\"")
        }
    }

    /// `time`: seconds since 1970 as a number, or an ISO 8601 date-time string (``ISO8601Time``); `nil`
    /// when absent or `null`.
    func decodeTime() throws -> Double? { try decodeTime(forKey: .time) }

    /// A time under `key`: seconds since 1970 or an ISO 8601 string; `nil` when absent or `null`.
    func decodeTime(forKey key: SampleCodingKey) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let seconds = try? decode(Double.self, forKey: key) { return seconds }
        let text: String
        do {
            text = try decode(String.self, forKey: key)
        } catch {
            throw DecodingError.typeMismatch(
                Double.self,
                .init(codingPath: codingPath + [key], debugDescription: "expected a number or an ISO 8601 string"))
        }
        guard let seconds = ISO8601Time.secondsSince1970(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "invalid ISO 8601 date-time \"\(text)\" (expected e.g. 2024-05-01T07:30:00.5+02:00)")
        }
        return seconds
    }
}

extension KeyedEncodingContainer where Key == SampleCodingKey {
    /// Writes `type` and, when there is one, `time`: the head of every record.
    mutating func encodeHead(_ type: SampleRecordType, time: Double?) throws {
        try encode(type.rawValue, forKey: .type)
        try encodeIfPresent(time, forKey: .time)
    }
}
