import SessionSupport
import WorkoutSamples

/// What an athlete looks at after a workout: splits, laps, best efforts, mean-maximal curves, training
/// load and climbs. Computed once, from the ``AnalysisSeries`` the builder collected, when the summary is
/// made (``WorkoutBuilder/summary(skippedUnknownRecords:device:)``). Everything is empty for an untimed track.
public struct WorkoutAnalysis: Sendable, Hashable {
    /// Splits per kilometre and per mile.
    public var splits: Splits
    /// Laps from the input's lap events.
    public var laps: [Lap]
    /// Running and walking only.
    public var bestEfforts: [BestEffort]
    /// Mean-maximal power, heart-rate and speed curves.
    public var meanMaximal: MeanMaximalCurves
    /// `nil` without power.
    public var trainingLoad: TrainingLoad?
    /// Climbs, in order along the route.
    public var climbs: [Climb]

    /// Creates the value from its parts.
    public init(splits: Splits = Splits(), laps: [Lap] = [], bestEfforts: [BestEffort] = [],
                meanMaximal: MeanMaximalCurves = MeanMaximalCurves(), trainingLoad: TrainingLoad? = nil, climbs: [Climb] = []) {
        self.splits = splits
        self.laps = laps
        self.bestEfforts = bestEfforts
        self.meanMaximal = meanMaximal
        self.trainingLoad = trainingLoad
        self.climbs = climbs
    }

    /// Running time past which there are no mean-maximal curves or training load: 8 days (a 1 s grid of
    /// 691 200 values, 5.5 MB per series). A few bytes of input can claim years of running time; no
    /// workout runs this long.
    public static let maximumGridSeconds: Double = 8 * 86_400
    /// Distance past which there are no climbs: 10 000 km (a profile of a million 10 m steps).
    public static let maximumClimbDistanceMeters: Double = 10_000_000
    /// Fixes from which part of the analysis (the best efforts and the sensors' curves and training load)
    /// is computed on a second thread while the rest (splits, laps, climbs, the speed curve) is computed on
    /// the caller's: about 2.8 hours at 1 Hz, where each part takes a few milliseconds; below it the
    /// thread's start costs about what it saves.
    static let forkedWorkMinimumFixes = 10_000

    /// The analysis of `series` for a workout with the figures `metrics`.
    /// - Parameters:
    ///   - series: the workout's fixes and sensor readings, settled (``AnalysisSeries``).
    ///   - metrics: the workout's figures (its start, end and elapsed time bound the analysis).
    ///   - holdLimitSeconds: how long a sensor reading stands (``WorkoutOptions/sensorHoldLimitSeconds``).
    ///   - ftpWatts: the athlete's functional threshold power, for IF and TSS.
    /// - Complexity: O(n) in fixes, readings and seconds of running time (O(k log n) for k splits or laps).
    public init(series: consuming AnalysisSeries, metrics: WorkoutSnapshot, holdLimitSeconds: Double, ftpWatts: Double?) {
        self.init()
        guard let startTime = metrics.startTime, let endTime = metrics.endTime,
              let endElapsed = metrics.elapsedSeconds, endElapsed.isFinite, endTime.isFinite else { return }
        let track = AnalysisTrack(taking: &series)
        let context = IntervalContext(
            track: track,
            heartRate: SensorIntegral(series.heartRate, holdLimitSeconds: holdLimitSeconds),
            cadence: SensorIntegral(series.cadence, holdLimitSeconds: holdLimitSeconds),
            power: SensorIntegral(series.power, holdLimitSeconds: holdLimitSeconds),
            hasAltitude: track.altitudes.contains { $0.isFinite })
        // The best efforts and the sensors' curves on a second thread for a long workout, the rest here.
        // The grid covers whole seconds of running time; a workout of 2 h 40 min 3.6 s has 9603. Beyond
        // ``maximumGridSeconds`` (a few bytes of input can claim months of running time) there is none.
        let gridSeconds = endElapsed <= Self.maximumGridSeconds ? Int(endElapsed.rounded(.down)) : nil
        let (times, distances) = (track.times, track.distances)
        let (heartRate, power) = (series.heartRate, series.power)
        let hasEfforts = BestEfforts.applies(to: metrics.activity)
        let sensorPart: @Sendable () -> SensorPart = {
            SensorPart(
                bestEfforts: hasEfforts ? BestEfforts.efforts(times: times, distances: distances, startTime: startTime) : [],
                curves: gridSeconds.map { SensorCurves(heartRate: heartRate, power: power, seconds: $0, holdLimitSeconds: holdLimitSeconds, ftpWatts: ftpWatts) })
        }
        let hasSensorWork = gridSeconds != nil && (heartRate.count > 0 || power.count > 0)
        let forked = track.count >= Self.forkedWorkMinimumFixes && (hasEfforts || hasSensorWork) ? ForkedWork(sensorPart) : nil
        splits = Splits(context: context, startTime: startTime, endTime: endTime, endElapsedSeconds: endElapsed)
        laps = LapAnalysis.laps(marks: series.laps, startTime: startTime, endTime: endTime,
                                endElapsedSeconds: endElapsed, context: context)
        if track.totalDistance <= Self.maximumClimbDistanceMeters {
            // Each outing on its own: no climb runs across the difference between two places.
            let bounds = [0] + series.outingStartIndices.filter { $0 > 0 && $0 < track.count } + [track.count]
            for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
                let whole = start == 0 && end == track.count
                climbs += ClimbDetector().climbs(distances: whole ? track.distances : ContiguousArray(track.distances[start..<end]),
                                                 altitudes: whole ? track.altitudes : ContiguousArray(track.altitudes[start..<end])) { distance in
                    track.count > 1 ? track.position(atDistance: distance).value(in: track.elapsed) : nil
                }
            }
        }
        let speedCurve = gridSeconds.map { MeanMaximalCurve(grid: .speed(track, seconds: $0)) }
        let sensors = forked?.join() ?? sensorPart()
        bestEfforts = sensors.bestEfforts
        if let curves = sensors.curves, let speedCurve {
            meanMaximal = MeanMaximalCurves(powerWatts: curves.power, heartRateBPM: curves.heartRate, speedMetersPerSecond: speedCurve)
            trainingLoad = curves.trainingLoad
        }
    }
}

/// The part of the analysis that a long workout computes on a second thread: the best efforts and the
/// sensors' curves (see ``WorkoutAnalysis/forkedWorkMinimumFixes``).
private struct SensorPart: Sendable {
    var bestEfforts: [BestEffort]
    /// `nil` past ``WorkoutAnalysis/maximumGridSeconds``.
    var curves: SensorCurves?
}

/// The mean-maximal power and heart-rate curves and the training load, on the 1 s grid.
private struct SensorCurves: Sendable {
    var power: MeanMaximalCurve
    var heartRate: MeanMaximalCurve
    /// `nil` without power.
    var trainingLoad: TrainingLoad?

    init(heartRate: SensorSeries, power: SensorSeries, seconds: Int, holdLimitSeconds: Double, ftpWatts: Double?) {
        if power.count > 0 {
            let powerGrid = OneSecondGrid.sensor(power, seconds: seconds, holdLimitSeconds: holdLimitSeconds,
                                                 zeroFillLimitSeconds: OneSecondGrid.powerZeroFillLimitSeconds)
            self.power = MeanMaximalCurve(grid: powerGrid)
            trainingLoad = TrainingLoad(power: powerGrid, ftpWatts: ftpWatts)
        } else {
            self.power = MeanMaximalCurve(points: [])
            trainingLoad = nil
        }
        self.heartRate = heartRate.count > 0
            ? MeanMaximalCurve(grid: .sensor(heartRate, seconds: seconds, holdLimitSeconds: holdLimitSeconds, zeroFillLimitSeconds: -1))
            : MeanMaximalCurve(points: [])
    }
}
