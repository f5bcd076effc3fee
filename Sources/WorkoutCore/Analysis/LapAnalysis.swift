/// Laps from lap events (JSON/NDJSON `lap`, FIT `lap`, TCX `Lap`, ``WorkoutBuilder/markLap(at:trigger:)``).
///
/// Lap *k* runs from event *k − 1* (or the workout's start) to event *k*, or from the start event *k* states
/// (``LapMark/startTime``) when that lies before event *k* and more than ``lapStartToleranceSeconds`` after
/// event *k − 1*: time a device leaves between its laps (an Edge 530's 2 s) belongs to neither, as the device
/// counts it. After the last event, the rest of
/// the workout is one more lap when it lasts more than 1 s or at least 1 m (an event at the very end, as FIT
/// and TCX write for the last lap, leaves nothing after it; nor does one a whole second before a timer stop,
/// as a Polar writes its last lap). Distances and moving time are interpolated on the
/// fixes at the events' times; running time comes from the events themselves. A workout without lap
/// events has no laps.
public enum LapAnalysis {
    /// How far after the previous lap's end a lap's stated start must lie to leave time in no lap: more than
    /// a FIT timestamp's resolution (1 s) and the milliseconds of a lap end computed from its start and time.
    public static let lapStartToleranceSeconds = 1.5

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
            // A lap that states its start begins there when that lies more than `lapStartToleranceSeconds`
            // after the previous lap's end and before its own end: the time between belongs to no lap. A start
            // within the tolerance is the recording's resolution (a Forerunner 920XT starts each lap at the
            // record 1 s after the previous lap's last, and counts that second in the lap's time; a lap end
            // computed from a start and a time in milliseconds may leave a few more); a start outside (a clock
            // the file gets wrong) changes nothing.
            if let stated = mark.startTime, stated > from.time + lapStartToleranceSeconds, stated < min(mark.time, endTime) {
                let position = track.position(atTime: stated)
                // Running time at the start from the fixes around it; where no fixes span it (a recording
                // without positions), the wall time since the previous lap's end.
                let spanned = track.count >= 2 && stated >= track.times[0] && stated <= track.times[track.count - 1]
                let running = spanned ? position.value(in: track.elapsed) : from.elapsed + (stated - from.time)
                let elapsed = min(max(running, from.elapsed), mark.elapsedSeconds)
                from = (position, stated, elapsed)
            }
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
