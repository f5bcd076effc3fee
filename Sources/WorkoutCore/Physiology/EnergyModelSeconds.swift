import WorkoutSamples

/// Seconds of running time each energy model covered. A fixed set of numbers, no allocation.
public struct EnergyModelSeconds: Sendable, Hashable {
    /// Seconds covered by the cycling power model.
    public var power = 0.0
    /// Seconds covered by the heart-rate model (Keytel et al. 2005).
    public var heartRate = 0.0
    /// Seconds covered by the ACSM walking equation.
    public var acsmWalking = 0.0
    /// Seconds covered by the ACSM running equation.
    public var acsmRunning = 0.0
    /// Seconds covered by the Compendium cycling METs.
    public var compendiumCycling = 0.0

    /// All zero.
    public init() {}

    /// The seconds of `model`; ``EnergyModel/device`` is always 0 (setting it does nothing): the device's
    /// increments are not timed by model.
    public subscript(model: EnergyModel) -> Double {
        get {
            switch model {
            case .device: 0
            case .power: power
            case .heartRate: heartRate
            case .acsmWalking: acsmWalking
            case .acsmRunning: acsmRunning
            case .compendiumCycling: compendiumCycling
            }
        }
        set {
            switch model {
            case .device: break
            case .power: power = newValue
            case .heartRate: heartRate = newValue
            case .acsmWalking: acsmWalking = newValue
            case .acsmRunning: acsmRunning = newValue
            case .compendiumCycling: compendiumCycling = newValue
            }
        }
    }

    /// The model that covered the most time, ties going to the higher precedence; `nil` when none did.
    public var primary: EnergyModel? {
        // Spelled out rather than over `allCases`, which builds an array on every call.
        var best: EnergyModel?
        var bestSeconds = 0.0
        func consider(_ model: EnergyModel, _ seconds: Double) {
            if seconds > bestSeconds { best = model; bestSeconds = seconds }
        }
        consider(.power, power)
        consider(.heartRate, heartRate)
        consider(.acsmWalking, acsmWalking)
        consider(.acsmRunning, acsmRunning)
        consider(.compendiumCycling, compendiumCycling)
        return best
    }
}
