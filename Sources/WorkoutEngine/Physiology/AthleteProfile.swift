import Foundation
import TrackFormats

/// The sex whose coefficients a published equation uses (Keytel et al. 2005, Banister TRIMP). When it is
/// not given, the engine averages the male and female coefficients.
public enum BiologicalSex: String, Sendable, Hashable, Codable, CaseIterable {
    case male
    case female
}

/// What the engine knows about the person exercising. Every value is optional: a missing one is replaced
/// by a documented default (``ResolvedAthleteProfile``) and the summary lists it as assumed.
///
/// JSON form (`--profile FILE.json`), every key optional, unknown keys rejected:
/// ```json
/// {"massKilograms": 70, "ageYears": 35, "sex": "male", "restingHeartRate": 60, "maxHeartRate": 190}
/// ```
public struct AthleteProfile: Sendable, Hashable, Codable {
    /// Body mass, kilograms (valid 20...400).
    public var massKilograms: Double?
    /// Age, years (valid 5...120).
    public var ageYears: Double?
    public var sex: BiologicalSex?
    /// Resting heart rate, beats per minute (valid 20...150). When given, heart-rate zones use the
    /// heart-rate reserve (Karvonen); otherwise they use percentages of the maximum.
    public var restingHeartRate: Double?
    /// Maximum heart rate, beats per minute (valid 80...250, above the resting rate).
    public var maxHeartRate: Double?

    public init(
        massKilograms: Double? = nil,
        ageYears: Double? = nil,
        sex: BiologicalSex? = nil,
        restingHeartRate: Double? = nil,
        maxHeartRate: Double? = nil
    ) {
        self.massKilograms = massKilograms
        self.ageYears = ageYears
        self.sex = sex
        self.restingHeartRate = restingHeartRate
        self.maxHeartRate = maxHeartRate
    }

    /// The JSON keys, in the order the summary writes them.
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case massKilograms, ageYears, sex, restingHeartRate, maxHeartRate
    }

    /// The range each numeric value must fall in; a value outside it is refused when decoding and treated
    /// as absent by ``resolved``.
    public static func validRange(of key: CodingKeys) -> ClosedRange<Double>? {
        switch key {
        case .massKilograms: 20...400
        case .ageYears: 5...120
        case .restingHeartRate: 20...150
        case .maxHeartRate: 80...250
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
        var bytes: [UInt8] = []
        do {
            let input = try TrackInput(path: path)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = try chunk.withUnsafeMutableBytes { buffer throws(TrackInputError) in try input.read(into: buffer) }
                if n == 0 { break }
                bytes.append(contentsOf: chunk[0..<n])
                if bytes.count > 1 << 20 { throw AthleteProfileError.malformed(file: path, field: nil, message: "larger than 1 MiB") }
            }
        } catch let error as TrackInputError {
            switch error {
            case .cannotOpen(_, let reason), .readFailed(_, let reason):
                throw .cannotRead(file: path, reason: reason)
            }
        } catch let error as AthleteProfileError {
            throw error
        } catch {
            throw .cannotRead(file: path, reason: "\(error)")
        }
        try self.init(jsonBytes: bytes, file: path)
    }

    /// The profile with every absent or invalid value replaced by its default (see ``ResolvedAthleteProfile``).
    public var resolved: ResolvedAthleteProfile { ResolvedAthleteProfile(self) }
}

/// A profile that could not be read. `description` is `<file>: <field>: <message>`, the form the CLI
/// prints after `route-replay: error: `.
public enum AthleteProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is missing or unreadable (the CLI exits with 66).
    case cannotRead(file: String, reason: String)
    /// The content is not valid JSON or a value is of the wrong type or out of range; `field` is the
    /// JSON key when one is at fault (the CLI exits with 65).
    case malformed(file: String, field: String?, message: String)

    public var description: String {
        switch self {
        case .cannotRead(let file, let reason): "\(file): cannot read profile: \(reason)"
        case .malformed(let file, let field?, let message): "\(file): profile field \(field): \(message)"
        case .malformed(let file, nil, let message): "\(file): malformed profile: \(message)"
        }
    }

    init(file: String, decodingError: DecodingError) {
        func field(_ path: [any CodingKey]) -> String? {
            path.isEmpty ? nil : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            let expected = type == Double.self ? "a number" : type == String.self ? "a string" : "\(type)"
            let isObject = context.codingPath.isEmpty
            self = .malformed(file: file, field: field(context.codingPath), message: isObject ? "expected a JSON object" : "expected \(expected)")
        case .valueNotFound(_, let context):
            self = .malformed(file: file, field: field(context.codingPath), message: "missing value")
        case .keyNotFound(let key, let context):
            self = .malformed(file: file, field: field(context.codingPath + [key]), message: "missing")
        case .dataCorrupted(let context):
            let message = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
            self = .malformed(file: file, field: field(context.codingPath), message: message)
        @unknown default:
            self = .malformed(file: file, field: nil, message: "\(decodingError)")
        }
    }
}

/// A profile with a value for everything, and which of them were assumed.
///
/// Defaults when a value is absent:
/// - mass 70 kg and age 35 years (round adult reference values, the middle of the 18-45 year, 47-120 kg
///   sample behind Keytel et al. 2005);
/// - sex unspecified: equations with separate male and female coefficients use their average;
/// - maximum heart rate 208 − 0.7 × age (Tanaka, Monahan & Seals 2001, J Am Coll Cardiol 37(1):153-156),
///   with the given or assumed age;
/// - resting heart rate 60 bpm (used only by TRIMP; zones then use percentages of the maximum instead
///   of the heart-rate reserve).
public struct ResolvedAthleteProfile: Sendable, Hashable {
    public static let defaultMassKilograms = 70.0
    public static let defaultAgeYears = 35.0
    public static let defaultRestingHeartRate = 60.0

    public var massKilograms: Double
    public var ageYears: Double
    /// `nil`: unspecified (male and female coefficients are averaged).
    public var sex: BiologicalSex?
    public var restingHeartRate: Double
    public var maxHeartRate: Double
    /// The keys whose value is a default, not the athlete's.
    public var assumed: AssumedFields

    /// A set of ``AthleteProfile/CodingKeys``, without allocation.
    public struct AssumedFields: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public init(_ key: AthleteProfile.CodingKeys) {
            self.init(rawValue: 1 << UInt8(AthleteProfile.CodingKeys.allCases.firstIndex(of: key) ?? 0))
        }
        /// The JSON keys, in profile order.
        public var keys: [String] {
            AthleteProfile.CodingKeys.allCases.filter { contains(AssumedFields($0)) }.map(\.stringValue)
        }
    }

    public init(_ profile: AthleteProfile) {
        func valid(_ value: Double?, _ key: AthleteProfile.CodingKeys) -> Double? {
            guard let value, value.isFinite, AthleteProfile.validRange(of: key)?.contains(value) ?? true else { return nil }
            return value
        }
        var assumed: AssumedFields = []
        let mass = valid(profile.massKilograms, .massKilograms)
        let age = valid(profile.ageYears, .ageYears)
        var rest = valid(profile.restingHeartRate, .restingHeartRate)
        var max = valid(profile.maxHeartRate, .maxHeartRate)
        if let r = rest, let m = max, m <= r { rest = nil; max = nil }
        if mass == nil { assumed.insert(.init(.massKilograms)) }
        if age == nil { assumed.insert(.init(.ageYears)) }
        if profile.sex == nil { assumed.insert(.init(.sex)) }
        if rest == nil { assumed.insert(.init(.restingHeartRate)) }
        if max == nil { assumed.insert(.init(.maxHeartRate)) }
        self.massKilograms = mass ?? Self.defaultMassKilograms
        self.ageYears = age ?? Self.defaultAgeYears
        self.sex = profile.sex
        let predictedMax = HeartRateFormulas.tanakaMaximumHeartRate(ageYears: self.ageYears)
        let resting = rest ?? Self.defaultRestingHeartRate
        self.maxHeartRate = max ?? Swift.max(predictedMax, resting + 20)
        self.restingHeartRate = Swift.min(resting, self.maxHeartRate - 20)
        self.assumed = assumed
    }

    /// Whether the resting heart rate is the athlete's (then zones use the heart-rate reserve).
    public var knowsRestingHeartRate: Bool { !assumed.contains(.init(.restingHeartRate)) }
}
