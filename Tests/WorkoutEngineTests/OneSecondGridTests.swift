import Testing
import TestSupport
@testable import WorkoutCore

/// `OneSecondGrid.bestMean`: the path for a grid without breaks (what a curve takes when no value is NaN)
/// gives bit for bit what the general path gives, and both agree with sums taken window by window.
struct OneSecondGridTests {
    @Test(arguments: [1, 2, 5, 60, 599, 600])
    func gridsWithoutBreaksTakeTheSameBestMeanEitherWay(window: Int) {
        var random = SplitMix64(seed: UInt64(window))
        for length in [window, window + 1, 600, 3_601] {
            let values = ContiguousArray((0..<length).map { _ in Double.random(in: 0...400, using: &random).rounded() / 7 })
            let grid = OneSecondGrid(values: values)
            let fast = grid.bestMean(window: window, hasBreaks: false)
            let general = grid.bestMean(window: window, hasBreaks: true)
            #expect(fast?.mean.bitPattern == general?.mean.bitPattern && fast?.startSecond == general?.startSecond,
                    "window \(window), \(length) s")
            // Independent of both: the best window's mean from its own sum, to rounding.
            let best = (0...(length - window)).map { start in values[start..<start + window].reduce(0, +) / Double(window) }.max()
            if let fast, let best { #expect(abs(fast.mean - best) <= 1e-9 * max(1, best)) }
        }
    }

    /// Many windows in one pass (four at a time, a short last group padded): each the same as alone.
    @Test func windowsTakenTogetherAreTheSameAsAlone() {
        var random = SplitMix64(seed: 7)
        for length in [1, 3, 59, 3_600, 5_000] {
            let grid = OneSecondGrid(values: ContiguousArray((0..<length).map { _ in Double.random(in: 60...190, using: &random) }))
            let windows = MeanMaximalCurve.durationsSeconds + [0, -1, length, length + 1]
            let together = grid.bestMeansWithoutBreaks(windows: windows)
            for (window, best) in zip(windows, together) {
                let alone = grid.bestMean(window: window, hasBreaks: true)
                #expect(best?.mean.bitPattern == alone?.mean.bitPattern && best?.startSecond == alone?.startSecond,
                        "window \(window), \(length) s")
            }
        }
    }

    @Test func aBreakKeepsWindowsApart() {
        let grid = OneSecondGrid(values: [10, 10, .nan, 1, 2, 3])
        #expect(grid.bestMean(window: 2)?.mean == 10)
        #expect(grid.bestMean(window: 3)?.mean == 2)
        #expect(grid.bestMean(window: 4) == nil)
    }
}
