import Testing
@testable import WorkoutCore

/// ``SlidingWindow`` behaves as an array that is appended at the back and removed from the front, through
/// every compaction of its dead prefix.
struct SlidingWindowTests {
    @Test func matchesAnArrayThroughAppendsRemovalsAndCompactions() {
        var window = SlidingWindow<Int>(reservingCapacity: 4)
        var reference: [Int] = []
        var next = 0
        // Windows that grow, hold steady and shrink: removals pass 32 and half the storage many times over.
        for round in 0..<2_000 {
            let appends = round % 7 == 0 ? 5 : 1
            let removals = round % 11 == 0 ? 4 : (round % 3 == 0 ? 2 : 1)
            for _ in 0..<appends {
                window.append(next)
                reference.append(next)
                next += 1
            }
            for _ in 0..<removals where !reference.isEmpty {
                window.removeFirst()
                reference.removeFirst()
            }
            #expect(window.count == reference.count)
            #expect(window.isEmpty == reference.isEmpty)
            #expect(window.first == reference.first && window.last == reference.last)
            #expect(window.indices.map { window[$0] } == reference)
            #expect(window.last(where: { $0 % 5 == 0 }) == reference.last(where: { $0 % 5 == 0 }))
            #expect(window.firstAfterOldest(where: { $0 % 3 == 0 }) == reference.dropFirst().first(where: { $0 % 3 == 0 }))
        }
        window.removeAll()
        #expect(window.isEmpty && window.first == nil && window.last == nil)
        window.append(7)
        window[0] = 8
        #expect(window.first == 8 && window.count == 1)
    }
}
