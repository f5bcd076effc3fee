import Foundation
import WorkoutEngine
import WorkoutStore

// The README's "Store" block (live sessions), compiled. The region between `README:begin` and `README:end`
// is the README's code block exactly (less this indentation); the library's ReadmeExampleTests checks that
// the README and this region are the same text. The parameters stand for what a server has at hand.
enum ReadmeStoreExample {
    static func liveSessions(
        sample: Sample, t: Double, t2: Double, sessionID: UUID, scheduler: TimelineScheduler<ContinuousClock>
    ) async throws {
        // README:begin
        let store = try await WorkoutStores.open("postgres://workout@db:5432/workouts")
        let node = try await LiveSessions(store: store, nodeID: "node-a")        // takes the node's liveness lock
        let recovered = try await node.recover()                                  // its sessions from before a restart
        let session = try await node.create(athlete: "ana", configuration: .init(options: .init(activity: .running)))
        await session.ingest(sample)                     // committed within the policy's second; sync() waits for it
        await session.pause(at: t)                       // committed at once
        let frames = scheduler.frames(of: session.workout)
        let taken = try await node.acquire(sessionID)    // another node's, if that node is dead: paused where it was
        let stored = try await session.end(at: t2)       // a stored workout (like an import); the live rows are gone
        await node.shutdown()                            // graceful: every held session released
        // README:end
        print(recovered.sessions.count, frames, taken.id, stored.id)
        await store.close()
    }
}
