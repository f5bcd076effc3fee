import WorkoutSamples
import Foundation

/// The sex whose coefficients a published equation uses (Keytel et al. 2005, Banister TRIMP). When it is
/// not given, the engine averages the male and female coefficients.
public enum BiologicalSex: String, Sendable, Hashable, Codable, CaseIterable {
    /// The equations' male coefficients.
    case male
    /// The equations' female coefficients.
    case female
}
