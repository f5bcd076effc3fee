import WorkoutSamples
/// The median of the last five values, kept without allocation. Used for a maximum speed that one bad fix
/// cannot set: a single outlier disturbs two consecutive step speeds, and the median of five ignores both.
struct RollingMedianOfFive: Sendable {
    private var values: (Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0)
    private(set) var count = 0
    private var next = 0

    mutating func reset() {
        count = 0
        next = 0
    }

    mutating func add(_ value: Double) {
        switch next {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        default: values.4 = value
        }
        next = (next + 1) % 5
        count = min(count + 1, 5)
    }

    /// The median of the values held (the lower middle for an even count); `nil` when empty.
    var median: Double? {
        guard count > 0 else { return nil }
        var sorted = (values.0, values.1, values.2, values.3, values.4)
        return withUnsafeMutableBytes(of: &sorted) { raw -> Double in
            let buffer = raw.bindMemory(to: Double.self)
            let slice = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            // Insertion sort of at most five values.
            for i in 1..<max(slice.count, 1) {
                var j = i
                while j > 0, slice[j - 1] > slice[j] {
                    slice.swapAt(j - 1, j)
                    j -= 1
                }
            }
            return slice[(slice.count - 1) / 2]
        }
    }
}
