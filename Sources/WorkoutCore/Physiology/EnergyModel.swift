import WorkoutSamples
/// The ways active energy is obtained, in order of precedence. Active energy excludes resting energy,
/// as HealthKit's `activeEnergyBurned` does: every model subtracts one MET (see
/// ``EnergyFormulas/restingKilocaloriesPerMinute(massKilograms:)``).
public enum EnergyModel: String, Sendable, Hashable, Codable, CaseIterable {
    /// The input's own `activeEnergy` samples, summed (when any is present they are the whole answer).
    case device
    /// Cycling power: mechanical work over gross efficiency.
    case power
    /// Heart rate with the profile (Keytel et al. 2005).
    case heartRate
    /// ACSM walking equation (walking, hiking).
    case acsmWalking
    /// ACSM running equation (running).
    case acsmRunning
    /// 2024 Adult Compendium MET by speed (cycling without power or heart rate).
    case compendiumCycling
}
