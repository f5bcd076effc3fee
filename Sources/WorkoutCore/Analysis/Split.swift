/// One automatic split: a kilometre or a mile of the workout's distance, or the partial rest at its end.
public struct Split: Sendable, Hashable {
    /// The split's number, from 1.
    public var number: Int
    /// Whether this is the last split, shorter than the unit.
    public var isPartial: Bool
    /// The split's distance, times, pace, elevation and sensor averages.
    public var figures: IntervalFigures

    /// Creates the value from its parts.
    public init(number: Int, isPartial: Bool, figures: IntervalFigures) {
        self.number = number
        self.isPartial = isPartial
        self.figures = figures
    }
}
