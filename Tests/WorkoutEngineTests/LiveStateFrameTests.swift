import Testing
import WorkoutEngine

/// A frame asked for a time before the session's latest pause, resume or end (a live frame made late)
/// reads the state and running time of that time. Expected values by arithmetic on the intervals.
struct LiveStateFrameTests {
    static func session() async -> WorkoutSession {
        WorkoutSession(configuration: .init(options: .init(activity: .running), autoPause: .off))
    }

    static func reading(_ session: WorkoutSession, at time: Double) async -> (SessionState, Double) {
        let frame = await session.frame(at: time, index: 0)
        return (frame.state, frame.elapsedSeconds)
    }

    /// Run 1000-1060, paused to 1100, run to 1130, paused to 1150, run to the end at 1200.
    @Test func framesBeforeTheLatestChangeReadTheirOwnTime() async {
        let session = await Self.session()
        await session.start(at: 1000)
        #expect(await Self.reading(session, at: 999) == (.notStarted, 0))
        #expect(await Self.reading(session, at: 1010) == (.running, 10))
        await session.pause(at: 1060)
        #expect(await Self.reading(session, at: 1050) == (.running, 50))
        #expect(await Self.reading(session, at: 1070) == (.paused, 60))
        await session.resume(at: 1100)
        #expect(await Self.reading(session, at: 1030) == (.running, 30))
        #expect(await Self.reading(session, at: 1080) == (.paused, 60))
        #expect(await Self.reading(session, at: 1120) == (.running, 80))
        await session.pause(at: 1130)
        await session.resume(at: 1150)
        #expect(await Self.reading(session, at: 1125) == (.running, 85))
        #expect(await Self.reading(session, at: 1140) == (.paused, 90))
        // Two changes after 1050: only the interval 1100-1130 is kept, so 1050 reads as the session is now.
        #expect(await Self.reading(session, at: 1050) == (.running, 90))
        await session.end(at: 1200)
        #expect(await Self.reading(session, at: 1190) == (.running, 130))
        #expect(await Self.reading(session, at: 1200) == (.ended, 140))
        #expect(await Self.reading(session, at: 1300) == (.ended, 140))
    }

    @Test func anEndAfterAPauseReadsPausedBetweenThem() async {
        let session = await Self.session()
        await session.start(at: 0)
        await session.pause(at: 10)
        await session.end(at: 20)
        #expect(await Self.reading(session, at: 5) == (.running, 5))
        #expect(await Self.reading(session, at: 15) == (.paused, 10))
        #expect(await Self.reading(session, at: 25) == (.ended, 10))
    }

    /// A pause at a time that is not finite closes no interval the frames could read from: they read as
    /// the session is now (paused), never as running with a running time that is not a number.
    @Test func aPauseAtATimeThatIsNotFiniteLeavesFramesAsTheSessionIsNow() async {
        let session = await Self.session()
        await session.start(at: 0)
        await session.pause(at: 10)
        await session.resume(at: 20)
        await session.pause(at: .nan)
        let (state, elapsed) = await Self.reading(session, at: 5)
        #expect(state == .paused)
        #expect(elapsed.isFinite)
    }
}
