import Testing
@testable import WorkoutCore

/// ``FixedLagSmoother`` gives states out in blocks: each at least its lag old, in order, none lost, and
/// smoothed exactly as the fixed-interval (RTS) smoother of the fixes known when its block was given out.
struct FixedLagSmootherTests {
    /// A 1 Hz track along x at 3 m/s with a deterministic wiggle, through one Kalman axis per direction.
    static func filteredStates(count: Int, stepSeconds: Double = 1) -> [(state: FixedLagSmoother.State, gain: SmootherGain)] {
        var east = KalmanAxis(position: 0, variance: 9, velocityVariance: 100)
        var north = KalmanAxis(position: 0, variance: 9, velocityVariance: 100)
        var result: [(FixedLagSmoother.State, SmootherGain)] = []
        for k in 0..<count {
            let time = Double(k) * stepSeconds
            var gain = SmootherGain()
            if k > 0 {
                gain = east.predict(seconds: stepSeconds, accelerationNoise: 0.5)
                north.predict(seconds: stepSeconds, accelerationNoise: 0.5)
                east.update(measurement: 3 * time + 2 * Double((k * 7) % 5 - 2), variance: 9)
                north.update(measurement: 3 * Double((k * 3) % 7 - 3), variance: 9)
            }
            let state = FixedLagSmoother.State(time: time, position: SIMD2(east.position, north.position),
                                               velocity: SIMD2(east.velocity, north.velocity), payload: Double(k))
            result.append((state, gain))
        }
        return result
    }

    /// The RTS smoother over `states[0..<end]`, by the textbook backward recursion.
    static func fixedInterval(_ states: [(state: FixedLagSmoother.State, gain: SmootherGain)], end: Int) -> [SIMD2<Double>] {
        var positions = [SIMD2<Double>](repeating: .zero, count: end)
        var next = states[end - 1].state
        positions[end - 1] = next.position
        for i in stride(from: end - 2, through: 0, by: -1) {
            let s = states[i].state, c = states[i + 1].gain
            let dt = next.time - s.time
            let dPosition = next.position - (s.position + s.velocity * dt)
            let dVelocity = next.velocity - s.velocity
            next = FixedLagSmoother.State(time: s.time, position: s.position + c.c00 * dPosition + c.c01 * dVelocity,
                                          velocity: s.velocity + c.c10 * dPosition + c.c11 * dVelocity, payload: s.payload)
            positions[i] = next.position
        }
        return positions
    }

    @Test func statesLeaveInBlocksAtLeastTheLagOldAndSmoothedWithEveryFixSoFar() {
        let states = Self.filteredStates(count: 300)
        var smoother = FixedLagSmoother(lagSeconds: 30, capacity: 96)
        var given: [Double] = []
        var blocks = 0
        for (k, item) in states.enumerated() {
            smoother.push(item.state, gainFromPrevious: item.gain)
            let reference = Self.fixedInterval(states, end: k + 1)
            var inBlock = 0
            while let out = smoother.popDue(aheadSeconds: 20) {
                #expect(item.state.time - out.state.time >= 30, "given out \(item.state.time - out.state.time) s old")
                #expect(abs(out.state.position.x - reference[Int(out.state.payload)].x) < 1e-9)
                #expect(abs(out.state.position.y - reference[Int(out.state.payload)].y) < 1e-9)
                #expect(out.ahead.time >= out.state.time + 20)
                given.append(out.state.payload)
                inBlock += 1
            }
            if inBlock > 0 { blocks += 1 }
        }
        // 1 Hz, 30 s lag and 15 s blocks: a block of about 15 states every 15 s.
        #expect(blocks >= 15 && blocks <= 20, "\(blocks) blocks")
        let reference = Self.fixedInterval(states, end: states.count)
        while let out = smoother.popOldest(aheadSeconds: 0) {
            #expect(abs(out.state.position.x - reference[Int(out.state.payload)].x) < 1e-9)
            given.append(out.state.payload)
        }
        #expect(given == (0..<states.count).map(Double.init))
    }

    @Test func aFullWindowGivesOutAThirdOfItself() {
        // 10 Hz: 96 states span 9.5 s, less than the lag; the window still moves on, a third at a time.
        let states = Self.filteredStates(count: 500, stepSeconds: 0.1)
        var smoother = FixedLagSmoother(lagSeconds: 30, capacity: 96)
        var given: [Double] = []
        for item in states {
            smoother.push(item.state, gainFromPrevious: item.gain)
            #expect(smoother.count <= 96)
            while let out = smoother.popDue(aheadSeconds: 0) { given.append(out.state.payload) }
        }
        while let out = smoother.popOldest(aheadSeconds: 0) { given.append(out.state.payload) }
        #expect(given == (0..<states.count).map(Double.init))
    }
}
