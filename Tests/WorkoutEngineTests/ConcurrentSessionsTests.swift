import Foundation
import Testing
import TestSupport
import TrackFormats
import WorkoutEngine
import WorkoutSamples

/// Several sessions and builders working at once, so the thread sanitizer (`scripts/sanitize.sh`) sees
/// real concurrency: sessions ingest from parallel tasks while other tasks read their frames and
/// snapshots, observe their state, summarise (GEOS) and read tracks (libxml2, JSON) in parallel. Each
/// result must equal the same input processed alone.
struct ConcurrentSessionsTests {
    static let sessionCount = 6

    static func samples(seed: UInt64) -> [Sample] {
        let track = SyntheticTrack.run(seed: seed, durationSeconds: 900, stopCount: 2)
        return track.noisy.flatMap { fix -> [Sample] in
            [
                .location(LocationSample(time: fix.time, latitude: fix.latitude, longitude: fix.longitude, altitudeMeters: fix.altitudeMeters)),
                .heartRate(HeartRateSample(time: fix.time, beatsPerMinute: fix.heartRate)),
            ]
        }
    }

    /// What one builder makes of `samples` alone, on this task.
    static func serialSummary(_ samples: [Sample], options: WorkoutOptions) throws -> WorkoutSummary {
        var builder = WorkoutBuilder(options: options)
        for sample in samples { builder.add(sample) }
        return try builder.summary()
    }

    @Test func sessionsIngestConcurrentlyWhileObserved() async throws {
        let inputs = (0..<Self.sessionCount).map { Self.samples(seed: 1000 + UInt64($0)) }
        let activities: [ActivityType] = [.running, .cycling, .walking, .hiking, .running, .cycling]
        let sessions = (0..<Self.sessionCount).map { index in
            WorkoutSession(configuration: WorkoutSessionConfiguration(options: WorkoutOptions(activity: activities[index])))
        }
        let summaries = try await withThrowingTaskGroup(of: (Int, WorkoutSummary).self) { group in
            for index in 0..<Self.sessionCount {
                let session = sessions[index], input = inputs[index]
                // The writer: every sample, with a pause and a resume in the middle, then the end.
                group.addTask {
                    let start = input.first?.time ?? 0
                    await session.start(at: start)
                    for (position, sample) in input.enumerated() {
                        await session.ingest(sample)
                        if position == input.count / 3, let time = sample.time { await session.pause(at: time) }
                        if position == input.count / 3 + 40, let time = sample.time { await session.resume(at: time) }
                        if position % 97 == 0 { await Task.yield() }
                    }
                    await session.end(at: input.last?.time ?? start)
                    return (index, try await session.summary())
                }
                // A reader: frames and snapshots while the writer runs.
                group.addTask {
                    var frameIndex = 0
                    while await session.state != .ended {
                        let snapshot = await session.snapshot
                        let frame = await session.frame(at: snapshot.endTime ?? 0, index: frameIndex)
                        #expect(frame.distanceMeters >= 0)
                        frameIndex += 1
                        await Task.yield()
                    }
                    return (-1, try await session.summary())
                }
                // An observer of state changes, until the session ends.
                group.addTask {
                    var changes = 0
                    for await _ in await session.observeStateChanges() { changes += 1 }
                    return (-2, try await session.summary())
                }
            }
            var byIndex: [Int: WorkoutSummary] = [:]
            for try await (index, summary) in group where index >= 0 { byIndex[index] = summary }
            return byIndex
        }
        #expect(summaries.count == Self.sessionCount)
        for index in 0..<Self.sessionCount {
            let summary = try #require(summaries[index])
            #expect(summary.metrics.distanceMeters > 500, "session \(index) covered \(summary.metrics.distanceMeters) m")
            #expect(summary.metrics.pauseCount >= 1)
            #expect(summary.metrics.activity == activities[index])
            #expect(await sessions[index].state == .ended)
        }
    }

    @Test func buildersInParallelTasksMatchSerialResults() async throws {
        let inputs = (0..<Self.sessionCount).map { Self.samples(seed: 2000 + UInt64($0)) }
        let options = WorkoutOptions(activity: .running)
        let expected = try inputs.map { try Self.serialSummary($0, options: options).jsonText() }
        let parallel = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, input) in inputs.enumerated() {
                group.addTask { (index, try Self.serialSummary(input, options: options).jsonText()) }
                // The same input twice at once: no shared state may leak between builders.
                group.addTask { (index, try Self.serialSummary(input, options: options).jsonText()) }
            }
            var results: [(Int, String)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(parallel.count == 2 * Self.sessionCount)
        for (index, json) in parallel { #expect(json == expected[index], "builder \(index) differs when run in parallel") }
    }

    @Test func tracksAreReadAndSummarisedInParallel() async throws {
        let directory = try TestPaths.temporaryDirectory("concurrent")
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for index in 0..<Self.sessionCount {
            let track = SyntheticTrack.run(seed: 3000 + UInt64(index), durationSeconds: 600)
            let gpx = directory.appendingPathComponent("t\(index).gpx"), ndjson = directory.appendingPathComponent("t\(index).ndjson")
            try Data(SyntheticTrack.gpx(track.noisy).utf8).write(to: gpx)
            try Data(SyntheticTrack.ndjson(track.noisy).utf8).write(to: ndjson)
            paths += [gpx.path, ndjson.path]
        }
        let expected = try paths.map { try WorkoutSummary(contentsOfTrack: $0).jsonText() }
        let parallel = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for round in 0..<2 {
                for (index, path) in paths.enumerated() {
                    group.addTask {
                        _ = round
                        return (index, try WorkoutSummary(contentsOfTrack: path).jsonText())
                    }
                }
            }
            var results: [(Int, String)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(parallel.count == 2 * paths.count)
        for (index, json) in parallel { #expect(json == expected[index], "\(paths[index]) differs when read in parallel") }
    }
}
