import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutStore

/// The tests every store must pass; `SQLiteStoreTests` and `PostgresStoreTests` run each of them.
enum StoreConformance {
    static let sampleTracks = TestPaths.repositoryRoot.appendingPathComponent("SampleTracks")
    static let suunto = TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx").path
    static let garmin = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path
    static let hike = TestPaths.sampleTrack("hike-garmin-gpsmap64s-2seg-elevation.gpx").path

    static func sha256sum(_ path: String) throws -> String {
        String(try runProcess("/usr/bin/sha256sum", [path]).standardOutput.prefix(64))
    }

    /// Every bundled sample track is stored, with its route and samples; a second import stores nothing.
    static func importsEverySampleTrack(_ backend: StoreBackend) async throws {
        let (store, location) = try await backend.freshStore("samples")
        let files = try FileManager.default.contentsOfDirectory(atPath: sampleTracks.path)
            .filter { $0.hasSuffix(".gpx") || $0.hasSuffix(".tcx") || $0.hasSuffix(".fit") }.sorted()
        // 8 GPX, 3 TCX and 8 FIT recordings (SampleTracks/SOURCES.md).
        #expect(files.count == 19)
        var events: [WorkoutImporter.Event] = []
        let report = await WorkoutImporter.run(paths: [sampleTracks.path], into: store, athlete: "ana", jobs: 2) { events.append($0) }
        #expect(report.failures == [])
        #expect(report.stored == files.count)
        #expect(events.map(\.done) == Array(1...files.count))
        #expect(try await store.count() == files.count)
        for name in files {
            let path = sampleTracks.appendingPathComponent(name).path
            let stored = try #require(try await store.workout(contentHash: try sha256sum(path)), "\(name)")
            #expect(stored.sourceName == path)
            #expect(stored.athlete == "ana")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(stored.summaryJSON.utf8)) as? [String: Any])
            let locationCount = try #require(summary["locationCount"] as? Int)
            let channels = try #require(try await store.channels(workoutID: stored.id))
            #expect(channels.count == locationCount, "\(name)")
            #expect(try await store.workout(id: stored.id) == stored)
            // The file's own laps beside the engine's, as the library's summary of the file has them.
            let expectedLaps = try WorkoutSummary(contentsOfTrack: path).analysis.laps.map(\.device)
            let storedLaps = try JSONDecoder().decode(WorkoutSummary.self, from: Data(stored.summaryJSON.utf8)).analysis.laps.map(\.device)
            #expect(storedLaps.map { $0?.distanceMeters } == expectedLaps.map { $0?.distanceMeters }, "\(name)")
            #expect(storedLaps.map { $0?.timerSeconds } == expectedLaps.map { $0?.timerSeconds }, "\(name)")
            if name == "run-garmin-fr920xt-hr-cad-laps-devfields.fit" { #expect(storedLaps.count == 11 && storedLaps.allSatisfy { $0 != nil }) }
        }
        // The Suunto run's first fix is the file's first trkpt (read here as text).
        let suuntoStored = try #require(try await store.workout(contentHash: try sha256sum(suunto)))
        let channels = try #require(try await store.channels(workoutID: suuntoStored.id))
        #expect(channels.latitudes.first == 48.3176978)
        #expect(channels.longitudes.first == 14.3050261)
        #expect(channels.heartRatesBPM.first == 150)
        #expect(channels.timeSeconds.first == ISO8601Time.secondsSince1970("2022-04-27T13:41:25.000Z"))

        if backend == .postgres {
            // Migration 4: the large values PostgreSQL compresses are compressed with lz4, not pglz.
            let result = try runProcess("/usr/bin/psql", [location, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c", """
                SELECT DISTINCT pg_column_compression(s.time_s) FROM samples s WHERE pg_column_compression(s.time_s) IS NOT NULL
                UNION SELECT DISTINCT pg_column_compression(w.summary_json) FROM workouts w WHERE pg_column_compression(w.summary_json) IS NOT NULL
                """])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.split(separator: "\n") == ["lz4"])
        }

        // Idempotent: the same bytes again are "already stored", whatever the path.
        let again = await WorkoutImporter.run(paths: [sampleTracks.path], into: store, athlete: "ana", jobs: 2)
        #expect(again.stored == 0)
        #expect(again.alreadyStored == files.count)
        #expect(try await store.count() == files.count)
        await store.close()
    }

    /// A malformed file among good ones is reported as path:line:column and skipped; the others are stored.
    static func badFileAmongGood(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("bad")
        let directory = try TestPaths.temporaryDirectory("bad-among-good")
        try FileManager.default.copyItem(atPath: suunto, toPath: directory.appendingPathComponent("a.gpx").path)
        try FileManager.default.copyItem(atPath: garmin, toPath: directory.appendingPathComponent("c.gpx").path)
        let bad = directory.appendingPathComponent("b.gpx")
        // Line 3, column 3 is where the trkpt element starts; its lat attribute is not a number.
        try Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n  <trkpt lat=\"north\" lon=\"14.3\"></trkpt>\n</trkseg></trk></gpx>\n".utf8).write(to: bad)
        try Data("not a track".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let report = await WorkoutImporter.run(paths: [directory.path, directory.appendingPathComponent("missing.gpx").path], into: store, athlete: "ana", jobs: 3)
        #expect(report.stored == 2)
        #expect(report.failures.count == 2)
        let badMessage = try #require(report.failures.first { $0.hasPrefix(bad.path) })
        #expect(badMessage.hasPrefix("\(bad.path):3:"), "\(badMessage)")
        #expect(badMessage.contains("lat"))
        #expect(report.failures.contains { $0.hasPrefix(directory.appendingPathComponent("missing.gpx").path + ": ") })
        #expect(try await store.count() == 2)
        await store.close()
    }

    /// Athlete, activity, time range, proximity and bounding-box queries, with expectations from the files.
    static func queries(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("queries")
        _ = await WorkoutImporter.run(paths: [suunto, hike], into: store, athlete: "ana")
        _ = await WorkoutImporter.run(paths: [garmin], into: store, athlete: "ben")
        func names(_ query: WorkoutQuery) async throws -> [String] {
            try await store.workouts(matching: query).map { URL(fileURLWithPath: $0.sourceName).lastPathComponent }
        }
        // In start order: hike 2019-05, Suunto run 2022-04.
        #expect(try await names(WorkoutQuery(athlete: "ana")) == ["hike-garmin-gpsmap64s-2seg-elevation.gpx", "run-suunto-ambit-hr-cad-pauses.gpx"])
        #expect(try await names(WorkoutQuery(athlete: "ben")) == ["run-garmin-connect-hr-cadence.gpx"])
        #expect(try await names(WorkoutQuery(athlete: "nobody")) == [])
        #expect(try await names(WorkoutQuery()).count == 3)
        #expect(try await names(WorkoutQuery(limit: 1)) == ["run-garmin-connect-hr-cadence.gpx"])
        #expect(try await names(WorkoutQuery(activity: "swimming")) == [])
        let running = try await store.workouts(matching: WorkoutQuery(activity: "running"))
        #expect(!running.isEmpty && running.allSatisfy { $0.activity == "running" })
        // The Suunto run starts 2022-04-27T13:41:25Z.
        let day = try #require(ISO8601Time.secondsSince1970("2022-04-27T00:00:00Z"))
        #expect(try await names(WorkoutQuery(startingAtOrAfter: day, startingBefore: day + 86_400)) == ["run-suunto-ambit-hr-cad-pauses.gpx"])
        #expect(try await names(WorkoutQuery(startingAtOrAfter: day + 86_400)) == [])
        #expect(try await names(WorkoutQuery(startingBefore: day)).count == 2)

        // Proximity. The Suunto run's first trkpt is 48.3176978, 14.3050261. A point 50 m north of it
        // (50 / 111 200 degrees of latitude) is within 100 m; 10 km east of the easternmost trkpt
        // (10 000 m / (111 320 m × cos 48.32°) ≈ 0.1349°) is not, nor within 9 km.
        let start = GeoCoordinate(latitude: 48.3176978 + 50.0 / 111_200, longitude: 14.3050261)
        #expect(try await names(WorkoutQuery(near: .init(center: start, radiusMeters: 100))) == ["run-suunto-ambit-hr-cad-pauses.gpx"])
        #expect(try await names(WorkoutQuery(near: .init(center: start, radiusMeters: 30))) == [])
        let suuntoPoints = try GPXCoordinates.points(of: suunto)
        let eastmost = try #require(suuntoPoints.max { $0.1 < $1.1 })
        let far = GeoCoordinate(latitude: eastmost.0, longitude: eastmost.1 + 10_000 / (111_320 * cos(eastmost.0 * .pi / 180)))
        #expect(try await names(WorkoutQuery(near: .init(center: far, radiusMeters: 100))) == [])
        #expect(try await names(WorkoutQuery(near: .init(center: far, radiusMeters: 9_000))) == [])
        #expect(try await names(WorkoutQuery(near: .init(center: far, radiusMeters: 10_200))) == ["run-suunto-ambit-hr-cad-pauses.gpx"])
        #expect(try await names(WorkoutQuery(athlete: "ben", near: .init(center: start, radiusMeters: 100))) == [])

        // Bounding boxes: a small box around the first trkpt; the same box 1° away.
        let box = GeoBounds(minLatitude: 48.3170, minLongitude: 14.3040, maxLatitude: 48.3185, maxLongitude: 14.3060)
        #expect(try await names(WorkoutQuery(boundingBox: box)) == ["run-suunto-ambit-hr-cad-pauses.gpx"])
        let away = GeoBounds(minLatitude: 49.3170, minLongitude: 14.3040, maxLatitude: 49.3185, maxLongitude: 14.3060)
        #expect(try await names(WorkoutQuery(boundingBox: away)) == [])

        // A straight synthetic track from 45.0, 7.0 to 45.00238, 7.00238 (the simplified route is its two
        // ends): a box astride the line in its middle holds no route vertex but intersects the line; a box
        // of the same size 0.0003° east of it is inside the route's bounds but off the line.
        #expect(try await store.save(ImportedWorkout(bytes: SyntheticTrack.gpx(index: 0), name: "line.gpx", athlete: "syn")).id > 0)
        let astride = GeoBounds(minLatitude: 45.0010, minLongitude: 7.00095, maxLatitude: 45.0011, maxLongitude: 7.00115)
        #expect(try await names(WorkoutQuery(athlete: "syn", boundingBox: astride)) == ["line.gpx"])
        let beside = GeoBounds(minLatitude: 45.0010, minLongitude: 7.00125, maxLatitude: 45.0011, maxLongitude: 7.00145)
        #expect(try await names(WorkoutQuery(athlete: "syn", boundingBox: beside)) == [])
        // From 45.00105, 7.00140 to the line: 22.5 m (metres per degree at 45°: 111 132.954 − 559.822 cos 90°
        // of latitude, 111 412.84 cos 45° of longitude; minimised over the line by hand in Python), while
        // the nearest route vertex is 117 m away: 5 m finds nothing, 40 m finds it only through the edge.
        let offLine = GeoCoordinate(latitude: 45.00105, longitude: 7.00140)
        #expect(try await names(WorkoutQuery(athlete: "syn", near: .init(center: offLine, radiusMeters: 5))) == [])
        #expect(try await names(WorkoutQuery(athlete: "syn", near: .init(center: offLine, radiusMeters: 40))) == ["line.gpx"])
        await store.close()
    }

    /// Longest, fastest, most climbing; weekly totals.
    static func recordsAndWeeklyTotals(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("records")
        let report = await WorkoutImporter.run(paths: [sampleTracks.path], into: store, athlete: "ana", jobs: 2)
        #expect(report.stored == 19)
        let all = try await store.workouts(matching: WorkoutQuery())
        let records = try await store.personalRecords()
        #expect(records.longest?.distanceMeters == all.map(\.distanceMeters).max())
        #expect(records.mostClimbing?.elevationGainMeters == all.compactMap(\.elevationGainMeters).max())
        let fastest = all.filter { $0.distanceMeters >= 1000 }.compactMap(\.averageSpeedMetersPerSecond).max()
        #expect(records.fastest?.averageSpeedMetersPerSecond == fastest)
        // The Edge 500 ride in TCX: 116 km by its own laps (SampleTracks/SOURCES.md), beyond every other file
        // (the next, the Edge 500 ride in FIT, 89 km).
        #expect(records.longest.map { URL(fileURLWithPath: $0.sourceName).lastPathComponent } == "ride-garmin-edge500-hr.tcx")
        // Records of one athlete only: nobody else's.
        #expect(try await store.personalRecords(matching: WorkoutQuery(athlete: "ben")).longest == nil)

        // Weeks start on Monday 00:00 UTC: the Suunto run (Wednesday 2022-04-27) is in the week of
        // 2022-04-25; the RideWithGPS file (Sunday 2022-04-24T20:54Z) in the week of 2022-04-18.
        let weeks = try await store.weeklyTotals()
        let byStart = Dictionary(uniqueKeysWithValues: weeks.map { (ISO8601Text.string(secondsSince1970: $0.weekStart) ?? "", $0) })
        let suuntoWeek = try #require(byStart["2022-04-25T00:00:00Z"])
        #expect(suuntoWeek.workoutCount == 1)
        #expect(byStart["2022-04-18T00:00:00Z"]?.workoutCount == 1)
        let suuntoWorkout = try #require(all.first { $0.sourceName.hasSuffix("run-suunto-ambit-hr-cad-pauses.gpx") })
        #expect(suuntoWeek.distanceMeters == suuntoWorkout.distanceMeters)
        // Timed workouts only, each in exactly one week.
        #expect(weeks.reduce(0) { $0 + $1.workoutCount } == all.filter { $0.startTime != nil }.count)
        #expect(weeks.map(\.weekStart) == weeks.map(\.weekStart).sorted())
        await store.close()
    }

    /// 100 tasks saving different workouts at once lose none; 20 saving the same bytes store it once.
    static func concurrentWriters(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("concurrent")
        let workouts = try (0..<100).map { index in
            try ImportedWorkout(bytes: SyntheticTrack.gpx(index: index), name: "synthetic-\(index).gpx", athlete: "athlete-\(index % 7)")
        }
        let outcomes = try await withThrowingTaskGroup(of: SaveOutcome.self) { group in
            for workout in workouts { group.addTask { try await store.save(workout) } }
            var all: [SaveOutcome] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.filter { if case .stored = $0 { true } else { false } }.count == 100)
        #expect(Set(outcomes.map(\.id)).count == 100)
        #expect(try await store.count() == 100)
        #expect(try await store.workouts(matching: WorkoutQuery(athlete: "athlete-0")).count == 15)

        let same = try ImportedWorkout(bytes: SyntheticTrack.gpx(index: 1000), name: "same.gpx", athlete: "x")
        let duplicates = try await withThrowingTaskGroup(of: SaveOutcome.self) { group in
            for _ in 0..<20 { group.addTask { try await store.save(same) } }
            var all: [SaveOutcome] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        #expect(duplicates.filter { if case .stored = $0 { true } else { false } }.count == 1)
        #expect(Set(duplicates.map(\.id)).count == 1)
        #expect(try await store.count() == 101)
        await store.close()
    }

    /// `kill -9` of `route-replay import` mid-way: every workout in the store is whole (its route and
    /// samples are there), and importing again completes the set without duplicates.
    static func killedImportLeavesNoHalfWrittenWorkout(_ backend: StoreBackend) async throws {
        let binary = try #require(RouteReplayBinary.path)
        let location = try backend.freshLocation("kill")
        let directory = try TestPaths.temporaryDirectory("kill-import")
        let total = 60
        for index in 0..<total {
            try Data(SyntheticTrack.gpx(index: index, points: 1_500)).write(to: directory.appendingPathComponent(String(format: "w%03d.gpx", index)))
        }
        // Open once so that the migrations are done before the kill.
        await (try await WorkoutStores.open(location)).close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["import", directory.path, "--store", location, "--jobs", "2"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill after the fifth "stored" line: mid-way through the import.
        var seen = 0
        var buffer = Data()
        while seen < 5 {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            seen = String(decoding: buffer, as: UTF8.self).components(separatedBy: "\n").filter { $0.hasPrefix("stored ") }.count
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let store = try await WorkoutStores.open(location)
        let stored = try await store.workouts(matching: WorkoutQuery())
        #expect(stored.count >= 5, "the lines printed were for committed workouts")
        #expect(stored.count < total, "the kill came mid-way")
        for workout in stored {
            let channels = try #require(try await store.channels(workoutID: workout.id), "workout \(workout.id) has no samples")
            #expect(channels.count == 1_500)
            #expect(!workout.encodedPolyline.isEmpty && workout.bounds != nil, "workout \(workout.id) has no route")
        }
        let again = await WorkoutImporter.run(paths: [directory.path], into: store, athlete: "default", jobs: 2)
        #expect(again.failures == [])
        #expect(again.stored + again.alreadyStored == total)
        #expect(again.alreadyStored == stored.count)
        #expect(try await store.count() == total)
        await store.close()
    }
}

/// Small GPX tracks made in the test: `points` fixes one second apart, heading north-east from a start
/// that depends on `index`, so every index gives different bytes and a different place and time.
enum SyntheticTrack {
    static func gpx(index: Int, points: Int = 120) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\"><trk><type>running</type><trkseg>\n"
        let startLatitude = 45.0 + Double(index % 50) * 0.01
        let startLongitude = 7.0 + Double(index / 50) * 0.01
        let startTime = 1_700_000_000.0 + Double(index) * 86_400
        for i in 0..<points {
            let latitude = startLatitude + Double(i) * 0.00002
            let longitude = startLongitude + Double(i) * 0.00002
            let time = ISO8601Text.string(secondsSince1970: startTime + Double(i)) ?? ""
            text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><ele>\(100 + i % 10)</ele><time>\(time)</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        return Array(text.utf8)
    }
}

/// Every `trkpt`'s latitude and longitude, read with a regular expression (independent of the engine).
enum GPXCoordinates {
    static func points(of path: String) throws -> [(Double, Double)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "<trkpt\\s+lat=\"([^\"]+)\"\\s+lon=\"([^\"]+)\"")
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            guard let lat = Double(ns.substring(with: match.range(at: 1))), let lon = Double(ns.substring(with: match.range(at: 2))) else { return nil }
            return (lat, lon)
        }
    }
}
