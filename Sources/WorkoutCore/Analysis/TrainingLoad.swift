/// Training load from power (Coggan's definitions, in Allen & Coggan, *Training and Racing with a Power
/// Meter*, 2nd ed., 2010, ch. 7), on the power ``OneSecondGrid`` (zeros filled, pauses left out).
///
/// - **Normalized power**: the 30 s rolling average of power on the 1 s grid (each window ending at a
///   second from the 30th on, never spanning a break), raised to the fourth power, averaged, and the
///   fourth root taken. Not non-overlapping 30 s blocks, nor the fourth-power mean of the raw samples.
/// - **Variability index**: normalized power / average power (the grid's mean, zeros included).
/// - **Intensity factor**: normalized power / FTP; **TSS**: seconds × NP × IF / (FTP × 3600) × 100, with
///   the seconds of the grid that have power. Both need ``AthleteProfile/ftpWatts``.
/// - **Work**: the sum of the grid's power over its seconds, kilojoules.
public struct TrainingLoad: Sendable, Hashable {
    /// Seconds of running time with power (zero-filled seconds included).
    public var durationSeconds: Double
    /// The grid's mean power, watts (zero-filled seconds included).
    public var averagePowerWatts: Double
    /// `nil` when no 30 s window without a break exists.
    public var normalizedPowerWatts: Double?
    /// Normalized power / average power; `nil` without normalized power.
    public var variabilityIndex: Double?
    /// The FTP used, watts (from the profile).
    public var ftpWatts: Double?
    /// Normalized power / FTP; `nil` without an FTP.
    public var intensityFactor: Double?
    /// TSS: seconds × NP × IF / (FTP × 3600) × 100; `nil` without an FTP.
    public var trainingStressScore: Double?
    /// Work: the grid's power summed over its seconds, kilojoules.
    public var workKilojoules: Double

    /// Creates the value from its parts.
    public init(durationSeconds: Double, averagePowerWatts: Double, normalizedPowerWatts: Double?, variabilityIndex: Double?,
                ftpWatts: Double?, intensityFactor: Double?, trainingStressScore: Double?, workKilojoules: Double) {
        self.durationSeconds = durationSeconds
        self.averagePowerWatts = averagePowerWatts
        self.normalizedPowerWatts = normalizedPowerWatts
        self.variabilityIndex = variabilityIndex
        self.ftpWatts = ftpWatts
        self.intensityFactor = intensityFactor
        self.trainingStressScore = trainingStressScore
        self.workKilojoules = workKilojoules
    }

    /// The rolling window of normalized power, seconds.
    public static let rollingWindowSeconds = 30

    /// The load of a power grid; `nil` when it has no second with power.
    /// - Complexity: O(n).
    public init?(power grid: OneSecondGrid, ftpWatts: Double?) {
        let values = grid.values
        var count = 0, total = 0.0
        for value in values where !value.isNaN { count += 1; total += value }
        guard count > 0 else { return nil }
        // Rolling 30 s means, each from its own 30 values (no running sum, so no drift), fourth powers averaged.
        let window = Self.rollingWindowSeconds
        var fourthPowerSum = 0.0, windows = 0
        var breaksInWindow = 0
        for k in 0..<values.count {
            if values[k].isNaN { breaksInWindow += 1 }
            if k >= window, values[k - window].isNaN { breaksInWindow -= 1 }
            guard k >= window - 1, breaksInWindow == 0 else { continue }
            var sum = 0.0
            for u in (k - window + 1)...k { sum += values[u] }
            let mean = sum / Double(window)
            fourthPowerSum += mean * mean * mean * mean
            windows += 1
        }
        let average = total / Double(count)
        let normalized = windows > 0 ? (fourthPowerSum / Double(windows)).squareRoot().squareRoot() : nil
        let ftp = ftpWatts.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let intensity = zip(normalized, ftp).map { $0 / $1 }
        self.init(
            durationSeconds: Double(count), averagePowerWatts: average, normalizedPowerWatts: normalized,
            variabilityIndex: normalized.flatMap { average > 0 ? $0 / average : nil }, ftpWatts: ftp,
            intensityFactor: intensity,
            trainingStressScore: zip3(normalized, intensity, ftp).map { Double(count) * $0 * $1 / ($2 * 3600) * 100 },
            workKilojoules: total / 1000)
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

private func zip3<A, B, C>(_ a: A?, _ b: B?, _ c: C?) -> (A, B, C)? {
    guard let a, let b, let c else { return nil }
    return (a, b, c)
}
