import WorkoutSamples

/// What the engine accepts as a plausible reading; anything outside is dropped and counted (a strap that
/// lost contact writes 0 or 255 bpm, a barometer that failed writes 1.7e308 m), never averaged in.
///
/// | reading | accepted |
/// |---|---|
/// | altitude | -500 m to 10 000 m (the Dead Sea shore is at -430 m, Everest at 8 849 m) |
/// | device speed | 0 to 150 m/s, finite |
/// | heart rate | 25 to 250 bpm (resting rates of trained athletes reach the low 30s; no adult exceeds 250) |
/// | cadence | 0 to 300 per minute (steps or crank revolutions; 0 is coasting) |
/// | power | 0 to 3 000 W (track sprinters peak around 2 500 W) |
/// | active energy | an increment of 0 to 1 000 kcal, finite |
public enum ReadingRanges {
    /// Plausible altitudes, metres.
    public static let altitudeMeters: ClosedRange<Double> = -500...10_000
    /// Plausible device speeds, metres per second.
    public static let speedMetersPerSecond: ClosedRange<Double> = 0...150
    /// Plausible heart rates, beats per minute.
    public static let heartRateBPM: ClosedRange<Double> = 25...250
    /// Plausible cadences, per minute.
    public static let cadencePerMinute: ClosedRange<Double> = 0...300
    /// Plausible power, watts.
    public static let powerWatts: ClosedRange<Double> = 0...3_000
    /// Plausible active-energy increments, kilocalories.
    public static let energyIncrementKilocalories: ClosedRange<Double> = 0...1_000
}
