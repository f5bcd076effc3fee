/// The fix series prepared for the analysis at summary time: distance made non-decreasing, cumulative
/// gain and loss of the smoothed altitude (by the summary's rule), and positions found by distance, time or running time.
struct AnalysisTrack: Sendable {
    let times: ContiguousArray<Double>
    /// The builder's distance made non-decreasing: the running minimum from the end, so the last value is
    /// the workout's distance and a few metres of shrinking open chord (a stop) flatten instead.
    let distances: ContiguousArray<Double>
    let elapsed: ContiguousArray<Double>
    let moving: ContiguousArray<Double>
    /// Cumulative gain and loss at each fix, metres, by the summary's rule (``CumulativeElevation``).
    let gains: ContiguousArray<Double>
    let losses: ContiguousArray<Double>
    let altitudes: ContiguousArray<Float>
    let followsBreak: ContiguousArray<Bool>
    /// The speeds of the device distance steps that begin the track (``AnalysisSeries/deviceStepSpeeds``).
    let deviceStepSpeeds: ContiguousArray<Double>

    /// The track of `series`, whose fixes it takes (see ``AnalysisSeries/takeFixes()``): they are let go
    /// once the columns are built, unless the caller holds another copy of the series.
    init(taking series: inout AnalysisSeries) {
        let fixes = series.takeFixes()
        let n = fixes.count
        var times = ContiguousArray<Double>(), distances = ContiguousArray<Double>()
        var elapsed = ContiguousArray<Double>(), moving = ContiguousArray<Double>()
        var altitudes = ContiguousArray<Float>(), followsBreak = ContiguousArray<Bool>()
        times.reserveCapacity(n)
        distances.reserveCapacity(n)
        elapsed.reserveCapacity(n)
        moving.reserveCapacity(n)
        altitudes.reserveCapacity(n)
        followsBreak.reserveCapacity(n)
        var movingTotal = 0.0
        for fix in fixes {
            times.append(fix.time)
            distances.append(fix.distanceMeters)
            elapsed.append(fix.elapsedSeconds)
            movingTotal += fix.movingStepSeconds
            moving.append(movingTotal)
            altitudes.append(fix.altitudeMeters)
            followsBreak.append(fix.followsBreak)
        }
        if n > 1 {
            for i in stride(from: n - 2, through: 0, by: -1) where distances[i] > distances[i + 1] { distances[i] = distances[i + 1] }
        }
        self.times = times
        self.distances = distances
        self.elapsed = elapsed
        self.moving = moving
        self.altitudes = altitudes
        self.followsBreak = followsBreak
        deviceStepSpeeds = series.deviceStepSpeeds
        let elevation = CumulativeElevation(altitudes: altitudes, hysteresisMeters: series.elevationHysteresisMeters,
                                            outingStarts: series.outingStartIndices)
        gains = elevation.gains
        losses = elevation.losses
    }

    var count: Int { times.count }
    var isEmpty: Bool { times.isEmpty }
    var totalDistance: Double { distances.last ?? 0 }
    var start: TrackPosition { TrackPosition(index: 0, fraction: 1) }
    var end: TrackPosition { TrackPosition(index: max(count - 1, 0), fraction: 1) }

    /// The first position at which `series` (non-decreasing) reaches `value`; the ends outside it.
    /// - Complexity: O(log n).
    static func position(of value: Double, in series: ContiguousArray<Double>) -> TrackPosition {
        let n = series.count
        guard n > 0 else { return TrackPosition(index: 0, fraction: 1) }
        if value <= series[0] { return TrackPosition(index: 0, fraction: 1) }
        if value >= series[n - 1] {
            // The first fix that reaches the end value (later fixes that add nothing are not part of it).
            var low = 0, high = n - 1
            while low < high { let mid = (low + high) / 2; if series[mid] >= series[n - 1] { high = mid } else { low = mid + 1 } }
            return TrackPosition(index: low, fraction: 1)
        }
        var low = 1, high = n - 1
        while low < high {
            let mid = (low + high) / 2
            if series[mid] >= value { high = mid } else { low = mid + 1 }
        }
        let a = series[low - 1], b = series[low]
        return TrackPosition(index: low, fraction: b > a ? (value - a) / (b - a) : 1)
    }

    func position(atDistance meters: Double) -> TrackPosition { Self.position(of: meters, in: distances) }
    func position(atTime time: Double) -> TrackPosition { Self.position(of: time, in: times) }
    func position(atElapsed seconds: Double) -> TrackPosition { Self.position(of: seconds, in: elapsed) }
}
