import SessionSupport
import WorkoutSamples
import Foundation

/// What the engine knows about the person exercising. Every value is optional: a missing one is replaced
/// by a documented default (``ResolvedAthleteProfile``) and the summary lists it as assumed.
///
/// JSON form (`--profile FILE.json`), every key optional, unknown keys rejected:
/// ```json
/// {"massKilograms": 70, "ageYears": 35, "sex": "male", "restingHeartRate": 60, "maxHeartRate": 190, "ftpWatts": 250}
/// ```
public struct AthleteProfile: Sendable, Hashable, Codable {
    /// Body mass, kilograms (valid 20...400).
    public var massKilograms: Double?
    /// Age, years (valid 5...120).
    public var ageYears: Double?
    /// The sex whose coefficients the energy and TRIMP equations use; `nil` averages them.
    public var sex: BiologicalSex?
    /// Resting heart rate, beats per minute (valid 20...150). When given, heart-rate zones use the
    /// heart-rate reserve (Karvonen); otherwise they use percentages of the maximum.
    public var restingHeartRate: Double?
    /// Maximum heart rate, beats per minute (valid 80...250, above the resting rate).
    public var maxHeartRate: Double?
    /// Functional threshold power, watts (valid 30...2000): the intensity factor and TSS of
    /// ``TrainingLoad`` need it; nothing else does, and it is never assumed.
    public var ftpWatts: Double?

    /// A profile with what is known; leave the rest `nil` (``ResolvedAthleteProfile`` fills in defaults).
    public init(
        massKilograms: Double? = nil,
        ageYears: Double? = nil,
        sex: BiologicalSex? = nil,
        restingHeartRate: Double? = nil,
        maxHeartRate: Double? = nil,
        ftpWatts: Double? = nil
    ) {
        self.massKilograms = massKilograms
        self.ageYears = ageYears
        self.sex = sex
        self.restingHeartRate = restingHeartRate
        self.maxHeartRate = maxHeartRate
        self.ftpWatts = ftpWatts
    }

    /// The JSON keys, in the order the summary writes them.
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        /// `massKilograms`, `ageYears`, `sex`, `restingHeartRate`, `maxHeartRate`, `ftpWatts`: the fields, under their JSON names.
        case massKilograms, ageYears, sex, restingHeartRate, maxHeartRate, ftpWatts
    }

    /// The range each numeric value must fall in; a value outside it is refused when decoding and treated
    /// as absent by ``resolved``.
    public static func validRange(of key: CodingKeys) -> ClosedRange<Double>? {
        switch key {
        case .massKilograms: 20...400
        case .ageYears: 5...120
        case .restingHeartRate: 20...150
        case .maxHeartRate: 80...250
        case .ftpWatts: 30...2000
        case .sex: nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys.filter { CodingKeys(stringValue: $0.stringValue) == nil }
        if let key = unknown.first {
            throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "unknown key (expected one of \(CodingKeys.allCases.map(\.stringValue).joined(separator: ", ")))"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double? {
            guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
            if let range = Self.validRange(of: key), !range.contains(value) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(JSONWriter.format(value)) is outside \(JSONWriter.format(range.lowerBound))...\(JSONWriter.format(range.upperBound))")
            }
            return value
        }
        massKilograms = try number(.massKilograms)
        ageYears = try number(.ageYears)
        restingHeartRate = try number(.restingHeartRate)
        maxHeartRate = try number(.maxHeartRate)
        ftpWatts = try number(.ftpWatts)
        if let text = try container.decodeIfPresent(String.self, forKey: .sex) {
            guard let parsed = BiologicalSex(rawValue: text.lowercased()) else {
                throw DecodingError.dataCorruptedError(forKey: .sex, in: container, debugDescription: "\"\(text)\" is not \"male\" or \"female\"")
            }
            sex = parsed
        }
        if let rest = restingHeartRate, let max = maxHeartRate, max <= rest {
            throw DecodingError.dataCorruptedError(forKey: .maxHeartRate, in: container, debugDescription: "must be above restingHeartRate (\(JSONWriter.format(rest)))")
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the JSON form. `file` names the input in errors.
    /// - Throws: ``AthleteProfileError/malformed(file:field:message:)`` naming the offending key.
    public init(jsonBytes bytes: some Collection<UInt8>, file: String) throws(AthleteProfileError) {
        do {
            self = try JSONDecoder().decode(AthleteProfile.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw AthleteProfileError(file: file, decodingError: error)
        } catch {
            throw .malformed(file: file, field: nil, message: "\(error)")
        }
    }

    /// Reads the JSON form from a file (or `-` for standard input).
    /// - Throws: ``AthleteProfileError/cannotRead(file:reason:)`` when the file is missing or unreadable,
    ///   ``AthleteProfileError/malformed(file:field:message:)`` when its content is not a valid profile.
    public init(contentsOfFile path: String) throws(AthleteProfileError) {
        let limit = 1 << 20
        let bytes: [UInt8]
        do {
            bytes = try POSIXFileSystem().read(path == "-" ? "/dev/stdin" : path, offset: 0, count: limit + 1)
        } catch let error as FileSystemError {
            throw .cannotRead(file: path, reason: error.reason)
        } catch {
            throw .cannotRead(file: path, reason: String(describing: error))
        }
        if bytes.count > limit { throw .malformed(file: path, field: nil, message: "larger than 1 MiB") }
        try self.init(jsonBytes: bytes, file: path)
    }

    /// The profile with every absent or invalid value replaced by its default (see ``ResolvedAthleteProfile``).
    public var resolved: ResolvedAthleteProfile { ResolvedAthleteProfile(self) }
}
