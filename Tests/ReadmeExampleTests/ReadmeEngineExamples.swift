import Foundation
import WorkoutEngine

// The README's "Using the library" blocks, compiled. Each region between `README:begin` and `README:end`
// is a README code block exactly (less its `import` lines and this indentation); ReadmeExampleTests checks
// that the README and these regions are the same text, so neither can drift from the API.
// The functions' parameters stand for what the README's reader has at hand (a feed, an upload, times).
enum ReadmeEngineExamples {
    static func recordedWorkout(uploadedBytes: [UInt8], requestBody: AsyncStream<[UInt8]>, watchFeed: AsyncStream<Sample>) async throws {
        // README:begin
        let samples: [Sample] = [
            .location(LocationSample(time: 1_700_000_000, latitude: 47.3769, longitude: 8.5417, altitudeMeters: 408)),
            .heartRate(HeartRateSample(time: 1_700_000_000, beatsPerMinute: 128)),
            .location(LocationSample(time: 1_700_000_001, latitude: 47.37693, longitude: 8.5417, altitudeMeters: 408)),
        ]
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        print(summary.metrics.distanceMeters, summary.metrics.elapsedSeconds ?? 0)
        print(summary.jsonText())                                      // the JSON `route-replay summary` prints (see below)

        let fromFile = try WorkoutSummary(contentsOfTrack: "ride.gpx", options: WorkoutOptions(activity: .cycling))
        let fromMemory = try WorkoutSummary(trackBytes: uploadedBytes, name: "upload.gpx")
        let fromBody = try await WorkoutSummary(trackChunks: requestBody, name: "upload.gpx")  // parsed chunk by chunk
        let fromFeed = try await WorkoutSummary(samples: watchFeed)    // any AsyncSequence of Sample
        print(fromFile.skippedFields, fromMemory.metrics.lapCount, fromBody.route.bounds as Any, fromFeed.metrics.distanceMeters)
        // README:end
    }

    static func sampleBySample(incoming: [Sample], pausedAt: Double, resumedAt: Double) async throws {
        // README:begin
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .cycling, filterMode: .default))
        for sample in incoming {
            let outcome = builder.add(sample)
            for change in outcome.stateChanges { print(change.kind, change.cause) }   // start, pause (recording gap), …
            if let fix = outcome.acceptedFix { print(fix.distanceMeters, fix.elapsedSeconds ?? 0) }
        }
        _ = builder.pause(at: pausedAt)
        _ = builder.resume(at: resumedAt)
        let now = builder.snapshot                                     // distance, elapsed, speed, HR, energy, …
        let done = try builder.summary()                               // plus the simplified route
        print(now.distanceMeters, done.route.encodedPolyline)
        // README:end
    }

    static func liveSession(watchFeed: AsyncStream<Sample>) async throws {
        // README:begin
        let session = WorkoutSession(configuration: .init(options: .init(activity: .running), units: .metric))
        let start = Date().timeIntervalSince1970
        await session.start(at: start)
        let clock = ContinuousClock()
        let timeline = TimelineScheduler(clock: clock, timeBase: (clock.now, start), framesPerSecond: 30)
        Task { for await frame in timeline.frames(of: session) { print(frame.elapsed, frame.fourthStat.formatted) } }
        // The watch's samples as they arrive (any AsyncSequence of Sample); the user's taps call
        // session.pause(at:) and session.resume(at:) when they happen, from another task.
        try await session.ingest(contentsOf: watchFeed)
        await session.end(at: start + 1_800)
        let summary = try await session.summary()
        print(summary.metrics.elapsedSeconds ?? 0)
        // README:end
    }

    static func recordedFileReplayedLive() async throws {
        // README:begin
        let replayed = WorkoutSession(configuration: .init(options: .init(activity: .running)))
        let now = Date().timeIntervalSince1970
        await replayed.start(at: now)
        for try await sample in TrackReader.samples(of: try TrackInput(path: "run.gpx")).replayedLive(startingAt: now, on: ContinuousClock()) {
            await replayed.ingest(sample)
        }
        // README:end
    }

    static func journalAndRecovery() async throws {
        // README:begin
        let options = WorkoutOptions(activity: .running)
        let recorder = PersistentSessionRecorder(directory: "/var/lib/workouts", options: options)
        let journaled = WorkoutSession(configuration: .init(options: options), recorder: recorder)
        // … ingest, pause, resume, end …
        _ = recorder.finish(summaryJSON: try await journaled.summary().jsonText())
        // After a restart:
        for outcome in try SessionRecovery.recover(directory: "/var/lib/workouts", now: Date().timeIntervalSince1970) {
            switch outcome {
            case .recovered(let recovered): print(recovered.builder.snapshot.distanceMeters)   // paused, as journaled
            case .discarded(let journal): print(journal.reason)                                  // expired, corrupt, …
            }
        }
        // README:end
    }

}
