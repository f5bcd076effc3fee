import WorkoutSamples
import Foundation

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
    /// Mass assumed when none is given: 70 kg.
    public static let defaultMassKilograms = 70.0
    /// Age assumed when none is given: 35 years.
    public static let defaultAgeYears = 35.0
    /// Resting heart rate assumed when none is given: 60 beats per minute.
    public static let defaultRestingHeartRate = 60.0

    /// Body mass, kilograms (the athlete's, or ``defaultMassKilograms``).
    public var massKilograms: Double
    /// Age, years (the athlete's, or ``defaultAgeYears``).
    public var ageYears: Double
    /// `nil`: unspecified (male and female coefficients are averaged).
    public var sex: BiologicalSex?
    /// Resting heart rate, beats per minute (the athlete's, or ``defaultRestingHeartRate``).
    public var restingHeartRate: Double
    /// Maximum heart rate, beats per minute (the athlete's, or 208 − 0.7 × age).
    public var maxHeartRate: Double
    /// The keys whose value is a default, not the athlete's.
    public var assumed: AssumedFields

    /// A set of ``AthleteProfile/CodingKeys``, without allocation.
    public struct AssumedFields: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The flag for one profile key.
        public init(_ key: AthleteProfile.CodingKeys) {
            self.init(rawValue: 1 << UInt8(AthleteProfile.CodingKeys.allCases.firstIndex(of: key) ?? 0))
        }
        /// The JSON keys, in profile order.
        public var keys: [String] {
            AthleteProfile.CodingKeys.allCases.filter { contains(AssumedFields($0)) }.map(\.stringValue)
        }
    }

    /// Resolves `profile`: values outside ``AthleteProfile/validRange(of:)`` (or a maximum not above the resting
    /// rate) are dropped, and every missing value gets its default and is marked in ``assumed``.
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
