/// A first-in, first-out window of values: appended at the back, removed from the front, read anywhere.
///
/// An array with a moving start: removing the oldest value moves the start instead of shifting every other
/// value down (which `Array.removeFirst()` does, O(n) each time); the dead prefix is dropped once it
/// outgrows the live values, so each value is moved at most a constant number of times (amortised O(1)
/// per operation) and memory stays within twice the largest window.
struct SlidingWindow<Element>: Sendable where Element: Sendable {
    private var storage: [Element] = []
    private var start = 0

    init(reservingCapacity capacity: Int = 0) {
        storage.reserveCapacity(capacity)
    }

    /// How many values are in the window.
    var count: Int { storage.count - start }
    var isEmpty: Bool { storage.count == start }
    /// The oldest value.
    var first: Element? { isEmpty ? nil : storage[start] }
    /// The newest value.
    var last: Element? { isEmpty ? nil : storage[storage.count - 1] }

    /// The value `offset` places after the oldest (0 is the oldest).
    subscript(offset: Int) -> Element {
        get { storage[start + offset] }
        set { storage[start + offset] = newValue }
    }

    /// The positions of the values, oldest first: `0..<count`.
    var indices: Range<Int> { 0..<count }

    mutating func append(_ value: Element) {
        storage.append(value)
    }

    /// Removes the oldest value; the window must not be empty.
    mutating func removeFirst() {
        start += 1
        if start == storage.count {
            storage.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 32, start * 2 >= storage.count {
            storage.removeFirst(start)
            start = 0
        }
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        start = 0
    }

    /// The newest value that satisfies `predicate`.
    func last(where predicate: (Element) -> Bool) -> Element? {
        var i = storage.count - 1
        while i >= start {
            if predicate(storage[i]) { return storage[i] }
            i -= 1
        }
        return nil
    }

    /// The oldest value after the first that satisfies `predicate`.
    func firstAfterOldest(where predicate: (Element) -> Bool) -> Element? {
        var i = start + 1
        while i < storage.count {
            if predicate(storage[i]) { return storage[i] }
            i += 1
        }
        return nil
    }
}
