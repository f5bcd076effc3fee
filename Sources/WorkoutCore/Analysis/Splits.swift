/// Automatic splits per kilometre and per mile.
///
/// A split ends where the workout's cumulative distance reaches the next multiple of the unit. Its time
/// (wall, running and moving) is interpolated linearly between the two fixes around that point, and the
/// rest of that step carries into the next split. The last split, when the distance is not a whole number
/// of units (by more than 1 cm), is partial and marked so. Past ``maximumCount`` units there are none.
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

    init(context: IntervalContext) {
        self.init(kilometers: Self.splits(unitMeters: 1000, context: context),
                  miles: Self.splits(unitMeters: 1609.344, context: context))
    }

    /// - Complexity: O(k log n) for k splits of n fixes.
    static func splits(unitMeters: Double, context: IntervalContext) -> [Split] {
        let track = context.track
        guard track.count > 1 else { return [] }
        let first = track.distances[0], total = track.totalDistance
        guard total - first > toleranceMeters, (total - first) / unitMeters <= Double(maximumCount) else { return [] }
        var result: [Split] = []
        var from = track.start
        var number = 1
        while true {
            let boundary = first + Double(number) * unitMeters
            if boundary <= total + toleranceMeters {
                let to = boundary >= total ? track.end : track.position(atDistance: boundary)
                result.append(Split(number: number, isPartial: false, figures: context.figures(from: from, to: to)))
                from = to
                number += 1
            } else {
                let rest = total - (first + Double(number - 1) * unitMeters)
                if rest > toleranceMeters {
                    result.append(Split(number: number, isPartial: true, figures: context.figures(from: from, to: track.end)))
                }
                return result
            }
        }
    }
}
