/// Automatic splits per kilometre and per mile.
///
/// A split ends where the workout's cumulative distance reaches the next multiple of the unit. Its time
/// (wall, running and moving) is interpolated linearly between the two fixes around that point, and the
/// rest of that step carries into the next split. As laps do, the first split starts at the workout's start
/// and the last ends at its end (a timer started before the first fix, readings after the last), so the
/// splits' times add up to the summary's. The last split, when the distance is not a whole number of units
/// (by more than 1 cm), is partial and marked so. Past ``maximumCount`` units there are none.
public struct Splits: Sendable, Hashable, Codable {
    /// Splits of 1 000 m.
    public var kilometers: [Split]
    /// Splits of 1 609.344 m.
    public var miles: [Split]

    /// Creates the value from its parts.
    public init(kilometers: [Split] = [], miles: [Split] = []) {
        self.kilometers = kilometers
        self.miles = miles
    }

    /// The splits for `units` (kilometres for metric, miles for imperial).
    public func splits(for units: DisplayUnits) -> [Split] { units == .metric ? kilometers : miles }

    /// A workout longer than this many units (10 000 km or miles; a few bytes of input can claim far more)
    /// has no splits.
    public static let maximumCount = 10_000

    /// A remainder shorter than this is not a split (distance sums are not exact to the last bit).
    static let toleranceMeters = 0.01

    /// The splits of a workout from `startTime` to `endTime` (wall) and running time `endElapsedSeconds`.
    init(context: IntervalContext, startTime: Double, endTime: Double, endElapsedSeconds: Double) {
        let span = Span(startTime: startTime, endTime: endTime, endElapsedSeconds: endElapsedSeconds)
        self.init(kilometers: Self.splits(unitMeters: 1000, context: context, span: span),
                  miles: Self.splits(unitMeters: 1609.344, context: context, span: span))
    }

    /// The workout's wall and running time at its two ends.
    struct Span {
        var startTime: Double, endTime: Double, endElapsedSeconds: Double
    }

    /// - Complexity: O(k log n) for k splits of n fixes.
    static func splits(unitMeters: Double, context: IntervalContext, span: Span) -> [Split] {
        let track = context.track
        guard track.count > 1 else { return [] }
        let first = track.distances[0], total = track.totalDistance
        guard total - first > toleranceMeters, (total - first) / unitMeters <= Double(maximumCount) else { return [] }
        var result: [Split] = []
        var from = track.start
        var number = 1
        // The figures from `from` to `to`, the first split from the workout's start, the last to its end.
        func figures(to: TrackPosition, isLast: Bool) -> IntervalFigures {
            let startsWorkout = result.isEmpty
            let t0 = startsWorkout ? min(span.startTime, from.value(in: track.times)) : from.value(in: track.times)
            let e0 = startsWorkout ? 0 : from.value(in: track.elapsed)
            let t1 = isLast ? max(span.endTime, to.value(in: track.times)) : to.value(in: track.times)
            let e1 = isLast ? max(span.endElapsedSeconds, to.value(in: track.elapsed)) : to.value(in: track.elapsed)
            return context.figures(from: from, to: to, times: (t0, t1), elapsed: (e0, e1))
        }
        while true {
            let boundary = first + Double(number) * unitMeters
            if boundary <= total + toleranceMeters {
                let isLast = boundary + toleranceMeters >= total
                let to = boundary >= total ? track.end : track.position(atDistance: boundary)
                result.append(Split(number: number, isPartial: false, figures: figures(to: to, isLast: isLast)))
                if isLast { return result }
                from = to
                number += 1
            } else {
                let rest = total - (first + Double(number - 1) * unitMeters)
                // (A rest of 1 cm or less cannot be left here: the split before it was the last.)
                if rest > toleranceMeters {
                    result.append(Split(number: number, isPartial: true, figures: figures(to: track.end, isLast: true)))
                }
                return result
            }
        }
    }
}
