/// A fixed-lag Rauch–Tung–Striebel smoother over the states of a constant-velocity Kalman filter (one or
/// two axes that share their covariance, see ``KalmanAxis``). The filter is causal: its estimate at a fix
/// knows only the fixes before. The smoother keeps the last few seconds of filtered states and gives out
/// each state only once it is at least ``lagSeconds`` old, corrected by every fix since with the RTS backward
/// pass (Rauch, Tung & Striebel, *AIAA Journal* 3(8), 1965; fixed-lag smoothing as in Simon, *Optimal State
/// Estimation*, 2006, ch. 9). A smoothed estimate has about half the error variance of a filtered one, and
/// above all no lag: the filter follows a corner late and overshoots it, which noise-driven jitter and a
/// low process noise both make worse, while the smoothed track stays centred on the path. This is what
/// lets distance, moving time and elevation come within 0.5 %, 1 % and 5 % of the truth (README, "Accuracy").
///
/// States are given out in blocks: once the oldest is ``lagSeconds`` + ``blockSeconds`` old, one backward
/// pass smooths the whole window and every state then at least ``lagSeconds`` old is due (30–45 s old, so
/// each is corrected by at least 30 s of later fixes). One pass over about 45 s of states thus serves about
/// 15 s of them: a fix costs a few backward steps, not one pass over the window each. What the fixes after
/// the first 30 s add is small (the position smoother's gains fall off within seconds, see
/// ``PositionSmoother/lagSeconds``): against a lag of exactly 30 s, the sample tracks' distances moved by at
/// most 0.03 % and their ascents by at most 1.7 % (a ski track whose altitudes jump by hundreds of metres,
/// where the stiffer altitude smoother comes closer to the fixed-interval one).
///
/// The states still in the window are not lost: ``withPending(_:)`` gives them smoothed with everything
/// so far (the fixed-interval smoother of the window), which is what a summary or a live figure adds to what
/// was given out, and ``popOldest(aheadSeconds:)`` gives them out for good at the end of a segment. A live session's figures
/// are thus always the best estimate from the fixes so far; the last ``lagSeconds`` of them may still move
/// by a fraction of a metre as later fixes arrive.
///
/// Memory is fixed (``capacity`` states, twice over); a fix costs O(1) backward steps on average, and a
/// block's pass O(capacity).
struct FixedLagSmoother: Sendable {
    /// One filtered state and what the owner attached to it.
    struct State: Sendable {
        var time: Double
        var position: SIMD2<Double>
        var velocity: SIMD2<Double>
        /// The RTS gain from this state to the next (set when the next arrives).
        var gain = SmootherGain()
        /// The owner's value for this fix (the builder: the seconds of the step it ends, for moving time).
        var payload: Double
        /// The speed the device recorded with this fix (m/s), `nan` when none.
        var deviceSpeed: Double = .nan
    }

    /// How old a state is at least when it is given out.
    var lagSeconds: Double
    /// How much older than ``lagSeconds`` the oldest state gets before a block is given out.
    static let blockSeconds = 15.0
    /// The most states kept; with fixes faster than `capacity / (lagSeconds + blockSeconds)` per second the
    /// lag is shorter.
    let capacity: Int
    private var ring: [State] = []
    private var start = 0
    private(set) var count = 0
    /// The window smoothed by the last pass, oldest first, in `smoothed[..<smoothedLength]` (the array keeps
    /// `capacity` states, so a pass writes in place): `smoothed[dueOffset...]` holds the ring's first
    /// `smoothedCount` states smoothed, the first `dueCount` of them due and not yet taken out.
    private var smoothed: [State]
    private var smoothedLength = 0
    private var dueOffset = 0
    private var dueCount = 0
    private var smoothedCount = 0
    /// Where the search for the state `aheadSeconds` after a due one stands in `smoothed` (it only moves on).
    private var aheadCursor = 0

    init(lagSeconds: Double, capacity: Int) {
        self.lagSeconds = lagSeconds
        self.capacity = max(capacity, 2)
        ring.reserveCapacity(self.capacity)
        smoothed = Array(repeating: State(time: 0, position: .zero, velocity: .zero, payload: 0), count: self.capacity)
    }

    /// The ring's index of the `i`th state from the oldest (`start` and `i` are below `capacity`).
    @inline(__always)
    private func index(_ i: Int) -> Int {
        let k = start + i
        return k >= capacity ? k - capacity : k
    }

    /// The newest state, if any.
    var newest: State? { count > 0 ? ring[index(count - 1)] : nil }

    /// Adds the filtered state of a new fix, with `gain` the RTS gain of the prediction that led to it from
    /// the previous state (ignored for the first). Then take what became due with ``popDue(aheadSeconds:)``.
    mutating func push(_ state: State, gainFromPrevious gain: SmootherGain) {
        if count == capacity { _ = popOldest(aheadSeconds: 0) }
        // What was smoothed without this fix and is not yet due no longer counts as smoothed with everything.
        smoothedCount = dueCount
        if count > 0 { ring[index(count - 1)].gain = gain }
        if ring.count < capacity {
            ring.append(state)
        } else {
            ring[index(count)] = state
        }
        count += 1
    }

    /// The oldest state, smoothed, once it is due (see the type's discussion; or the window is full), with
    /// the smoothed state `aheadSeconds` after it (see ``popOldest(aheadSeconds:)``); `nil` while none is
    /// due. Take them until `nil` after each ``push(_:gainFromPrevious:)``.
    @inline(__always)
    mutating func popDue(aheadSeconds: Double) -> (state: State, ahead: State)? {
        if dueCount == 0 {
            guard count > 1 else { return nil }
            let full = count >= capacity
            let newestTime = ring[index(count - 1)].time
            guard full || newestTime - ring[start].time > lagSeconds + Self.blockSeconds else { return nil }
            smoothWindow()
            // Every state the newest is more than `lagSeconds` after (at least one; a third of a full window).
            var due = 0
            while due < count - 1, newestTime - smoothed[due].time > lagSeconds { due += 1 }
            dueCount = max(due, full ? count / 3 : 1)
        }
        return takeDue(aheadSeconds: aheadSeconds)
    }

    /// The oldest state smoothed with every later one, removed from the window, with the first later smoothed
    /// state at least `aheadSeconds` after it (the newest when none is); `nil` when the window is empty.
    /// Take them all to empty the window at the end of a segment (one backward pass for all of them).
    mutating func popOldest(aheadSeconds: Double) -> (state: State, ahead: State)? {
        guard count > 0 else { return nil }
        if smoothedCount == 0 { smoothWindow() }
        return takeDue(aheadSeconds: aheadSeconds)
    }

    /// Smooths the window into `smoothed` (one backward pass); none of it is due yet.
    private mutating func smoothWindow() {
        let n = count, capacity = capacity
        var k = index(n - 1)
        ring.withUnsafeBufferPointer { ring in
            smoothed.withUnsafeMutableBufferPointer { out in
                var next = ring[k]
                out[n - 1] = next
                var i = n - 2
                while i >= 0 {
                    // The ring wraps below 0 only when full.
                    k = k == 0 ? capacity - 1 : k - 1
                    next = Self.smoothed(ring[k], givenSmoothedNext: next)
                    out[i] = next
                    i -= 1
                }
            }
        }
        smoothedLength = n
        smoothedCount = n
        dueCount = 0
        dueOffset = 0
        aheadCursor = 0
    }

    /// The next smoothed state out of the ring, with the first smoothed state at least `aheadSeconds` after it.
    private mutating func takeDue(aheadSeconds: Double) -> (state: State, ahead: State) {
        let state = smoothed[dueOffset]
        aheadCursor = max(aheadCursor, dueOffset + 1)
        while aheadCursor < smoothedLength - 1, smoothed[aheadCursor].time < state.time + aheadSeconds { aheadCursor += 1 }
        let ahead = smoothed[min(aheadCursor, smoothedLength - 1)]
        dueOffset += 1
        dueCount = max(dueCount - 1, 0)
        smoothedCount -= 1
        start = start + 1 == capacity ? 0 : start + 1
        count -= 1
        if count == 0 {
            start = 0
            dueCount = 0
            smoothedCount = 0
            ring.removeAll(keepingCapacity: true)
        }
        return (state, ahead)
    }

    /// Shifts every stored position by `offset` (the owner moved its frame's origin).
    mutating func shift(by offset: SIMD2<Double>) {
        for i in 0..<count { ring[index(i)].position -= offset }
        for i in 0..<smoothedLength { smoothed[i].position -= offset }
    }

    /// One RTS backward step: `x̂(k|n) = x̂(k|k) + C·(x̂(k+1|n) − F·x̂(k|k))`.
    private static func smoothed(_ state: State, givenSmoothedNext next: State) -> State {
        let dt = next.time - state.time
        let dPosition = next.position - (state.position + state.velocity * dt)
        let dVelocity = next.velocity - state.velocity
        var result = state
        result.position += state.gain.c00 * dPosition + state.gain.c01 * dVelocity
        result.velocity += state.gain.c10 * dPosition + state.gain.c11 * dVelocity
        return result
    }

    /// Calls `body` with the states still in the window, oldest first, smoothed with everything so far.
    /// Allocates nothing on the heap.
    func withPending(_ body: (UnsafeMutableBufferPointer<State>) -> Void) {
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: State.self, capacity: count) { buffer in
            var next = ring[index(count - 1)]
            buffer.initializeElement(at: count - 1, to: next)
            var i = count - 2
            while i >= 0 {
                next = Self.smoothed(ring[index(i)], givenSmoothedNext: next)
                buffer.initializeElement(at: i, to: next)
                i -= 1
            }
            body(buffer)
            _ = buffer.deinitialize()
        }
    }
}
