import WorkoutSamples
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Published heart-rate formulas. Pure functions of plain numbers.
public enum HeartRateFormulas {
    /// Age-predicted maximum heart rate, `208 − 0.7 × age` (Tanaka, Monahan & Seals 2001, "Age-predicted
    /// maximal heart rate revisited", J Am Coll Cardiol 37(1):153-156). Used only when the profile gives
    /// no maximum.
    public static func tanakaMaximumHeartRate(ageYears: Double) -> Double {
        208 - 0.7 * ageYears
    }

    /// The fraction of heart-rate reserve, `(HR − rest) / (max − rest)` (Karvonen, Kentala & Mustala
    /// 1957), clamped to 0...1. Returns 0 when `max <= rest`.
    public static func heartRateReserveFraction(_ bpm: Double, resting: Double, maximum: Double) -> Double {
        guard maximum > resting, bpm.isFinite else { return 0 }
        return min(max((bpm - resting) / (maximum - resting), 0), 1)
    }

    /// Banister's training impulse per minute at a heart-rate reserve fraction `x`:
    /// `x · 0.64 · e^(1.92 x)` for men and `x · 0.86 · e^(1.67 x)` for women (Banister 1991, in MacDougall,
    /// Wenger & Green (eds.), *Physiological Testing of the High-Performance Athlete*; Morton,
    /// Fitz-Clarke & Banister 1990, J Appl Physiol 69(3):1171-1177). Unspecified sex averages the two.
    /// A session's TRIMP is the sum of this weight times minutes.
    public static func banisterWeight(reserveFraction x: Double, sex: BiologicalSex?) -> Double {
        let male = x * 0.64 * exp(1.92 * x)
        let female = x * 0.86 * exp(1.67 * x)
        switch sex {
        case .male: return male
        case .female: return female
        case nil: return (male + female) / 2
        }
    }
}
