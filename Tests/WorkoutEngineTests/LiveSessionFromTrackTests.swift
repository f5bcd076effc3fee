import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// A recorded track fed into a live session that was started explicitly (issue 16): the reader's leading
/// segment marker separates nothing, so the session never pauses before the first fix.
struct LiveSessionFromTrackTests {
    @Test func anExplicitlyStartedSessionIsNotPausedByTheReadersLeadingSegment() async throws {
        let url = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx")
        let session = WorkoutSession(configuration: .init(options: .init(activity: .running), autoPause: .off))
        let start = 1_501_339_595.0  // 2017-07-29T14:46:35Z, the file's first time
        await session.start(at: start - 1)
        var stream = TrackReader.samples(of: try TrackInput(path: url.path)).makeAsyncIterator()
        // The reader's first sample is the segment marker of the file's `<trkseg>`.
        let first = try #require(try await stream.next())
        #expect(first == .event(WorkoutEventSample(time: nil, kind: .segmentStart)))
        await session.ingest(first)
        #expect(await session.state == .running)
        while let sample = try await stream.next() { await session.ingest(sample) }
        await session.end(at: try #require(await session.snapshot.endTime))
        let changes = await session.stateChanges
        #expect(changes.first?.kind == .start)
        #expect(!changes.contains { $0.kind == .pause })
        // Running from the explicit start to the last fix: 1:31:38 in the file, plus the second before.
        let elapsed = try #require(await session.snapshot.elapsedSeconds)
        #expect(elapsed == 5_498 + 1)
    }
}
