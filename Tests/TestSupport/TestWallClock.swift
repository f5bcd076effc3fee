import Foundation

/// A wall clock the tests move by hand: seconds since 1970, read and set from any thread.
public final class TestWallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double

    /// A clock reading `value` until it is set.
    public init(_ value: Double) { self.value = value }

    /// The time, seconds since 1970.
    public var now: Double {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
