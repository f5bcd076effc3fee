/// Laps from lap events (JSON/NDJSON `lap`, FIT `lap`, TCX `Lap`, ``WorkoutBuilder/markLap(at:trigger:)``).
///
/// Lap *k* runs from event *k − 1* (or the workout's start) to event *k*; after the last event, the rest of
/// the workout is one more lap when it lasts more than 1 s or at least 1 m (an event at the very end, as FIT
/// and TCX write for the last lap, leaves nothing after it; nor does one a whole second before a timer stop,
/// as a Polar writes its last lap). Distances and moving time are interpolated on the
/// fixes at the events' times; running time comes from the events themselves. A workout without lap
/// events has no laps.
public enum LapAnalysis {
    /// The laps of a workout from `startTime` to `endTime` (wall) and running time `endElapsedSeconds`.
    /// - Complexity: O(k log n) for k laps of n fixes.
    static func laps(marks: [LapMark], startTime: Double, endTime: Double, endElapsedSeconds: Double,
                     context: IntervalContext) -> [Lap] {
        guard !marks.isEmpty else { return [] }
        let track = context.track
        var result: [Lap] = []
        var from = (position: track.start, time: startTime, elapsed: 0.0)
        func lap(to position: TrackPosition, time: Double, elapsed: Double, trigger: LapMark?) -> Lap {
            let figures = context.figures(from: from.position, to: position, times: (from.time, time), elapsed: (from.elapsed, elapsed))
            return Lap(number: result.count + 1, trigger: trigger?.trigger, startOffsetSeconds: from.time - startTime,
                       endOffsetSeconds: time - startTime, figures: figures)
        }
        for mark in marks {
            let time = min(max(mark.time, from.time), endTime)
            let elapsed = min(max(mark.elapsedSeconds, from.elapsed), endElapsedSeconds)
            let position = track.position(atTime: time)
            result.append(lap(to: position, time: time, elapsed: elapsed, trigger: mark))
            from = (position, time, elapsed)
        }
        let last = lap(to: track.end, time: endTime, elapsed: endElapsedSeconds, trigger: nil)
        if last.figures.elapsedSeconds > 1 || last.figures.distanceMeters >= 1 { result.append(last) }
        return result
    }
}
