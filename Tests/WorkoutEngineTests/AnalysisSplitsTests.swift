import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// Splits, laps and best efforts of a synthetic track whose answers are exact by arithmetic: fixes every
/// second, 4 m apart along a meridian (points from `geod`'s direct problem, so the distances are known
/// independently of the engine), `--filter none` (distance is then the plain geodesic sum), altitude
/// rising 2 m per 100 m, heart rate 150 bpm throughout.
struct AnalysisSplitsTests {
    static let start = 1_700_000_000.0
    static let stepMeters = 4.0
    static let steps = 2600  // 10 400 m in 2 600 s

    static func samples(laps: [(second: Double, trigger: LapTrigger?)] = [],
                        altitude: (Double) -> Double = { 100 + 0.02 * $0 }) throws -> [Sample] {
        let distances = (0...steps).map { Double($0) * stepMeters }
        let points = try GeodReference.directPoints(latitude: 47, longitude: 8, azimuthDegrees: 0, distancesMeters: distances)
        #expect(points.count == distances.count)
        var samples: [Sample] = []
        var pending = laps
        for (k, point) in points.enumerated() {
            let time = start + Double(k)
            samples.append(.location(LocationSample(time: time, latitude: point.latitude, longitude: point.longitude,
                                                    altitudeMeters: altitude(distances[k]))))
            samples.append(.heartRate(HeartRateSample(time: time, beatsPerMinute: 150)))
            while let lap = pending.first, start + lap.second <= time {
                samples.append(.event(WorkoutEventSample(time: start + lap.second, kind: .lap, lapTrigger: lap.trigger)))
                pending.removeFirst()
            }
        }
        return samples
    }

    static let options = WorkoutOptions(activity: .running, activityIsExplicit: true, filterMode: .none)

    @Test func kilometreAndMileSplitsAreExact() throws {
        let summary = try WorkoutSummary(samples: Self.samples(), options: Self.options)
        #expect(summary.metrics.distanceMeters.isApproximatelyEqual(to: 10_400, relativeTolerance: 1e-9))
        let km = summary.analysis.splits.kilometers
        try #require(km.count == 11)
        for split in km.prefix(10) {
            let f = split.figures
            #expect(!split.isPartial)
            #expect(abs(f.distanceMeters - 1000) < 1e-4)
            // 1 000 m at 4 m/s: 250 s of running, wall and moving time.
            #expect(abs(f.elapsedSeconds - 250) < 1e-4, "split \(split.number): \(f.elapsedSeconds)")
            #expect(abs(f.totalSeconds - 250) < 1e-4)
            #expect(abs(f.movingSeconds - 250) < 1e-4)
            #expect(abs((f.averagePaceSecondsPerKilometer ?? 0) - 250) < 1e-4)
            // 2 m per 100 m: 20 m up per kilometre, nothing down (Float altitudes: 1 mm).
            #expect(abs((f.elevationGainMeters ?? 0) - 20) < 1e-3)
            #expect((f.elevationLossMeters ?? 1) < 1e-3)
            #expect(abs((f.averageHeartRateBPM ?? 0) - 150) < 1e-9)
            #expect(f.averagePowerWatts == nil)
        }
        let last = km[10]
        #expect(last.isPartial)
        #expect(abs(last.figures.distanceMeters - 400) < 1e-4)
        #expect(abs(last.figures.elapsedSeconds - 100) < 1e-4)
        // Split boundaries fall on fixes only every 250 s; a mile (1 609.344 m) ends between fixes, at
        // 402.336 s: interpolated.
        let miles = summary.analysis.splits.miles
        try #require(miles.count == 7)
        for split in miles.prefix(6) {
            #expect(!split.isPartial)
            #expect(abs(split.figures.elapsedSeconds - 402.336) < 1e-4, "mile \(split.number): \(split.figures.elapsedSeconds)")
            #expect(abs(split.figures.startDistanceMeters - Double(split.number - 1) * 1609.344) < 1e-4)
        }
        #expect(miles[6].isPartial)
        #expect(abs(miles[6].figures.distanceMeters - (10_400 - 6 * 1609.344)) < 1e-4)
        #expect(abs(miles[6].figures.elapsedSeconds - (10_400 - 6 * 1609.344) / 4) < 1e-4)
        // The splits add up to the workout.
        let moving = km.reduce(0) { $0 + $1.figures.movingSeconds }
        #expect(abs(moving - (summary.metrics.movingSeconds ?? 0)) < 1e-6)
    }

    /// Splits count gain and loss by the summary's rule (a climb counts once the altitude turns back by more
    /// than the hysteresis, 2 m): up 10 m over 400 m, down 1 m (within the hysteresis) over 100 m, up 11 m
    /// over 500 m, then down 20 m over the second kilometre. By arithmetic: the first kilometre gains 20 m
    /// and loses nothing (the dip is no descent), the second loses 20 m; the splits add up to the summary's.
    @Test func splitElevationFollowsTheSummarysHysteresis() throws {
        func altitude(_ meters: Double) -> Double {
            switch meters {
            case ..<400: 100 + 10 * meters / 400
            case ..<500: 110 - (meters - 400) / 100
            case ..<1000: 109 + 11 * (meters - 500) / 500
            case ..<2000: 120 - 20 * (meters - 1000) / 1000
            default: 100
            }
        }
        let summary = try WorkoutSummary(samples: Self.samples(altitude: altitude), options: Self.options)
        #expect(abs((summary.metrics.elevationGainMeters ?? 0) - 20) < 1e-3)
        #expect(abs((summary.metrics.elevationLossMeters ?? 0) - 20) < 1e-3)
        let km = summary.analysis.splits.kilometers
        try #require(km.count == 11)
        #expect(abs((km[0].figures.elevationGainMeters ?? 0) - 20) < 1e-3)
        #expect((km[0].figures.elevationLossMeters ?? 1) < 1e-3)
        #expect((km[1].figures.elevationGainMeters ?? 1) < 1e-3)
        #expect(abs((km[1].figures.elevationLossMeters ?? 0) - 20) < 1e-3)
        for split in km.dropFirst(2) {
            #expect((split.figures.elevationGainMeters ?? 1) < 1e-3 && (split.figures.elevationLossMeters ?? 1) < 1e-3)
        }
    }

    /// On real recordings the splits' and the laps' gain, loss, moving, running and wall time add up to the
    /// summary's (the laps' with the time a device leaves between two laps, which is in none): they count the same smoothed altitudes by the same rule, each step's moving time as the
    /// summary decided it on the smoothed track, and span the workout from its start to its end. Before, they summed every rise of the altitude filter's live estimate (up to
    /// 2.6 times the summary's gain: the vívoactive's altimeter settling by 1 000 m) and took each step as
    /// moving by the live speed (the GPSMAP 64s hike's splits 8 546 s against the summary's 7 379 s).
    @Test(arguments: ["run-garmin-connect-hr-cadence.gpx", "run-suunto-ambit-hr-cad-pauses.gpx",
                      "hike-garmin-gpsmap64s-2seg-elevation.gpx", "other-garmin-vivoactive-xcski-2laps.tcx",
                      "ride-garmin-edge500-hr.tcx", "run-garmin-fr410-hr-3laps.tcx",
                      "ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr920xt-hr-cad-laps-devfields.fit",
                      "ride-garmin-edge500-late-gps-4laps.fit", "run-garmin-summary-first-12laps.fit",
                      "ride-garmin-mtb-slow-climbs-summary-first.fit"])
    func splitsAndLapsAddUpToTheSummarys(name: String) throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(name).path)
        let gain = try #require(summary.metrics.elevationGainMeters), loss = try #require(summary.metrics.elevationLossMeters)
        #expect(gain > 10)
        let moving = try #require(summary.metrics.movingSeconds), elapsed = try #require(summary.metrics.elapsedSeconds)
        let total = try #require(summary.metrics.totalSeconds)
        func sums(_ figures: [IntervalFigures]) -> (gain: Double, loss: Double, moving: Double) {
            (figures.map { $0.elevationGainMeters ?? 0 }.reduce(0, +), figures.map { $0.elevationLossMeters ?? 0 }.reduce(0, +),
             figures.map(\.movingSeconds).reduce(0, +))
        }
        for (kind, figures) in [("kilometre splits", summary.analysis.splits.kilometers.map(\.figures)),
                                ("mile splits", summary.analysis.splits.miles.map(\.figures)),
                                ("laps", summary.analysis.laps.map(\.figures))] where !figures.isEmpty {
            let (g, l, m) = sums(figures)
            let e = figures.map(\.elapsedSeconds).reduce(0, +), t = figures.map(\.totalSeconds).reduce(0, +)
            // Time between two laps, when a lap states a later start than the previous lap's end, is in no lap:
            // the Edge 530's 1.994 s between its laps 1 and 2 (timestamps from fitdecode: lap 1 from 19:13:55
            // for 5 245.006 s, lap 2 from 20:41:22), running and moving.
            let laps = summary.analysis.laps
            let between = kind == "laps" ? zip(laps.dropFirst(), laps).map { $0.startOffsetSeconds - $1.endOffsetSeconds }.reduce(0, +) : 0
            #expect(abs(between - (kind == "laps" && name == "ride-garmin-edge530-hr-cad-power.fit" ? 1.994 : 0)) < 0.01,
                    "\(name) \(kind): \(between) s between laps")
            #expect(abs(e + between - elapsed) < 0.01, "\(name) \(kind): running time \(e) s, summary \(elapsed) s")
            #expect(abs(t + between - total) < 0.01, "\(name) \(kind): wall time \(t) s, summary \(total) s")
            #expect(abs(m + between - moving) < 0.01, "\(name) \(kind): moving \(m) s, summary \(moving) s")
            #expect(abs(g - gain) < 0.05 + 1e-4 * gain, "\(name) \(kind): gain \(g) m, summary \(gain) m")
            #expect(abs(l - loss) < 0.05 + 1e-4 * loss, "\(name) \(kind): loss \(l) m, summary \(loss) m")
        }
    }

    @Test func bestEffortsAreExact() throws {
        let summary = try WorkoutSummary(samples: Self.samples(), options: Self.options)
        let efforts = summary.analysis.bestEfforts
        let expected: [(String, Double)] = [("400m", 400), ("halfMile", 804.672), ("1k", 1000), ("1mile", 1609.344),
                                            ("2miles", 3218.688), ("5k", 5000), ("10k", 10_000)]
        #expect(efforts.map(\.name) == expected.map(\.0), "only the distances the 10.4 km cover")
        for (effort, (_, meters)) in zip(efforts, expected) {
            // Constant 4 m/s: any stretch of D metres takes D / 4 s.
            #expect(abs(effort.elapsedSeconds - meters / 4) < 1e-4, "\(effort.name): \(effort.elapsedSeconds)")
            #expect(abs(effort.endDistanceMeters - effort.startDistanceMeters - meters) < 1e-6)
            #expect(abs((effort.endOffsetSeconds - effort.startOffsetSeconds) - effort.elapsedSeconds) < 1e-9)
            #expect(abs(effort.startOffsetSeconds - effort.startDistanceMeters / 4) < 1e-4)
        }
    }

    @Test func theFastestStretchIsFound() throws {
        // 1 Hz at 3 m/s, except 80 s at 5 m/s from 1 233 m to 1 633 m: the best 400 m is that stretch, 80 s
        // (moving it by δ either way trades δ / 5 s for δ / 3 s); the best 1 km holds it and 600 m at 3 m/s.
        let summary = try Self.summaryWithAFastStretch(fixes: 1200)
        let best400 = try #require(summary.analysis.bestEfforts.first { $0.name == "400m" })
        #expect(abs(best400.elapsedSeconds - 80) < 1e-6, "\(best400.elapsedSeconds)")
        #expect(abs(best400.startDistanceMeters - 1233) < 1e-6)
        #expect(abs(best400.startOffsetSeconds - 411) < 1e-6)
        let best1k = try #require(summary.analysis.bestEfforts.first { $0.name == "1k" })
        #expect(abs(best1k.elapsedSeconds - (80 + 600 / 3)) < 1e-6, "\(best1k.elapsedSeconds)")
    }

    /// A run of 12 000 fixes (3 h 20 min, 36 km), whose best efforts are computed on a second thread while
    /// the rest of the analysis is computed (from 10 000 fixes): each is the fast stretch and the rest at
    /// 3 m/s, as on one thread.
    @Test func theFastestStretchesOfALongRunAreFound() throws {
        let summary = try Self.summaryWithAFastStretch(fixes: 12_000)
        let efforts = summary.analysis.bestEfforts
        #expect(efforts.map(\.name) == ["400m", "halfMile", "1k", "1mile", "2miles", "5k", "10k", "15k", "10miles", "20k", "halfMarathon", "30k"])
        for effort in efforts {
            // 400 m of the stretch at 5 m/s and the rest at 3 m/s.
            let expected = 80 + (effort.distanceMeters - 400) / 3
            #expect(abs(effort.elapsedSeconds - expected) < 1e-6, "\(effort.name): \(effort.elapsedSeconds) s, \(expected) s by arithmetic")
            #expect(effort.startDistanceMeters <= 1233 + 1e-6 && effort.endDistanceMeters >= 1633 - 1e-6, "\(effort.name) holds the stretch")
        }
    }

    /// The same long run with a heart rate of 150 bpm but 170 for the 600 s from second 1 000: the heart-rate
    /// curve is computed on the second thread with the best efforts, the speed curve, splits and climbs on
    /// this one; each is what arithmetic gives.
    @Test func theCurvesOfALongRunAreExact() throws {
        let summary = try Self.summaryWithAFastStretch(fixes: 12_000) { (1000..<1600).contains($0) ? 170 : 150 }
        let heartRate = Dictionary(uniqueKeysWithValues: summary.analysis.meanMaximal.heartRateBPM.points.map { ($0.seconds, $0) })
        for seconds in [1, 60, 300, 600] {
            #expect(heartRate[seconds].map { abs($0.value - 170) < 1e-9 } == true, "\(seconds) s: \(String(describing: heartRate[seconds]))")
        }
        #expect(heartRate[600].map { abs($0.startElapsedSeconds - 1000) < 1e-9 } == true)
        #expect(heartRate[1200].map { abs($0.value - 160) < 1e-9 } == true, "600 s at 170 and 600 s at 150")
        #expect(heartRate[3600].map { abs($0.value - (600 * 170 + 3000 * 150) / 3600.0) < 1e-9 } == true)
        let speed = Dictionary(uniqueKeysWithValues: summary.analysis.meanMaximal.speedMetersPerSecond.points.map { ($0.seconds, $0.value) })
        #expect(speed[60].map { abs($0 - 5) < 1e-6 } == true, "\(String(describing: speed[60]))")
        #expect(speed[120].map { abs($0 - (80 * 5 + 40 * 3) / 120.0) < 1e-6 } == true, "\(String(describing: speed[120]))")
        #expect(summary.analysis.bestEfforts.first { $0.name == "400m" }.map { abs($0.elapsedSeconds - 80) < 1e-6 } == true)
        #expect(summary.analysis.splits.kilometers.count == 37, "36 157 m: 36 kilometres and a partial one")
    }

    /// A summary of a builder that goes on leaves its series whole (only a finishing summary takes them),
    /// and a second summary gives the same analysis.
    @Test func aSummaryLeavesTheBuilderItsSeries() throws {
        var builder = WorkoutBuilder(options: Self.options)
        for sample in try Self.samples() { try builder.consume(sample) }
        let fixes = try #require(builder.analysisSeries?.fixCount)
        #expect(fixes == Self.steps + 1)
        let first = try builder.summary()
        #expect(builder.analysisSeries?.fixCount == fixes)
        #expect(try builder.summary().analysis == first.analysis)
    }

    /// Fixes at 1 Hz and 3 m/s along a meridian, but 5 m/s for the 80 s from 1 233 m to 1 633 m; with a
    /// heart-rate reading at each fix when `heartRate` gives one for the second.
    static func summaryWithAFastStretch(fixes: Int, heartRate: ((Int) -> Double)? = nil) throws -> WorkoutSummary {
        var distances: [Double] = [0]
        while distances.count < fixes {
            let k = distances.count
            distances.append(distances[k - 1] + ((412...491).contains(k) ? 5 : 3))
        }
        #expect(distances[411] == 1233 && distances[491] == 1633)
        let points = try GeodReference.directPoints(latitude: 47, longitude: 8, azimuthDegrees: 0, distancesMeters: distances)
        let samples = points.enumerated().flatMap { k, point in
            let location = Sample.location(LocationSample(time: Self.start + Double(k), latitude: point.latitude, longitude: point.longitude))
            guard let heartRate else { return [location] }
            return [location, .heartRate(HeartRateSample(time: Self.start + Double(k), beatsPerMinute: heartRate(k)))]
        }
        return try WorkoutSummary(samples: samples, options: Self.options)
    }

    @Test func lapsFromLapEvents() throws {
        let samples = try Self.samples(laps: [(250, .distance), (500, .distance), (1500.5, .manual)])
        let summary = try WorkoutSummary(samples: samples, options: Self.options)
        let laps = summary.analysis.laps
        try #require(laps.count == 4)
        #expect(laps.map(\.trigger) == [.distance, .distance, .manual, nil])
        #expect(abs(laps[0].figures.distanceMeters - 1000) < 1e-4)
        #expect(abs(laps[1].figures.distanceMeters - 1000) < 1e-4)
        #expect(abs(laps[2].figures.distanceMeters - 1000.5 * 4) < 1e-4, "a lap event between fixes is interpolated")
        #expect(abs(laps[2].figures.elapsedSeconds - 1000.5) < 1e-6)
        #expect(abs(laps[3].figures.distanceMeters - (10_400 - 1500.5 * 4)) < 1e-4, "the last lap ends at the workout's end")
        #expect(abs(laps[3].figures.elapsedSeconds - (2600 - 1500.5)) < 1e-6)
        #expect(abs(laps[3].endOffsetSeconds - 2600) < 1e-9)
        #expect(laps.allSatisfy { abs(($0.figures.averageHeartRateBPM ?? 0) - 150) < 1e-9 })
        // A lap event at the very end (as FIT and TCX write for the last lap) leaves no empty lap after it.
        let ended = try WorkoutSummary(samples: Self.samples(laps: [(1300, .manual), (2600, .sessionEnd)]), options: Self.options)
        #expect(ended.analysis.laps.map(\.trigger) == [.manual, .sessionEnd])
        #expect(abs(ended.analysis.laps[1].figures.elapsedSeconds - 1300) < 1e-6)
        // No lap events, no laps.
        #expect(try WorkoutSummary(samples: Self.samples(), options: Self.options).analysis.laps.isEmpty)
    }

    /// A lap that states its start (a FIT `lap`'s `start_time`, a TCX `Lap`'s `StartTime`) begins there when
    /// that lies more than 1 s after the previous lap's end: the time between belongs to no lap. At 4 m/s,
    /// figures by arithmetic.
    @Test func aLapBeginsAtItsStatedStart() throws {
        var samples = try Self.samples()
        func lap(end: Double, start: Double?) -> Sample {
            .event(WorkoutEventSample(time: Self.start + end, kind: .lap, lapTrigger: .manual, lapStartTime: start.map { Self.start + $0 }))
        }
        // Events after the fixes of their time: lap 1 0-250 s; lap 2 stated from 260 s (10 s in no lap) to
        // 500 s; lap 3 stated from 501.4 s (within 1.5 s of lap 2's end: the recording's resolution) to
        // 1 000 s; lap 4 stated from 3 000 s (after its own end: a wrong clock) to 1 500 s; lap 5 stated
        // from 100 s (before lap 4's end) to 2 000 s.
        let events: [(index: Int, sample: Sample)] = [(250, lap(end: 250, start: 0)), (500, lap(end: 500, start: 260)),
                                                      (1000, lap(end: 1000, start: 501.4)), (1500, lap(end: 1500, start: 3000)),
                                                      (2000, lap(end: 2000, start: 100))]
        for (index, event) in events.reversed() { samples.insert(event, at: 2 * index + 2) }
        let laps = try WorkoutSummary(samples: samples, options: Self.options).analysis.laps
        try #require(laps.count == 6)
        let expected: [(start: Double, end: Double)] = [(0, 250), (260, 500), (500, 1000), (1000, 1500), (1500, 2000), (2000, 2600)]
        for (lap, (start, end)) in zip(laps, expected) {
            #expect(abs(lap.startOffsetSeconds - start) < 1e-6, "lap \(lap.number) starts at \(lap.startOffsetSeconds)")
            #expect(abs(lap.endOffsetSeconds - end) < 1e-6, "lap \(lap.number) ends at \(lap.endOffsetSeconds)")
            #expect(abs(lap.figures.totalSeconds - (end - start)) < 1e-6)
            #expect(abs(lap.figures.elapsedSeconds - (end - start)) < 1e-6)
            #expect(abs(lap.figures.distanceMeters - 4 * (end - start)) < 1e-4, "lap \(lap.number): \(lap.figures.distanceMeters) m")
        }
        // The same from NDJSON, the start as a number and as an ISO 8601 string.
        let text = """
            {"type":"location","time":1700000000,"latitude":47,"longitude":8}
            {"type":"location","time":1700000100,"latitude":47.0036,"longitude":8}
            {"type":"event","time":1700000100,"event":"lap","lapStartTime":1700000000}
            {"type":"location","time":1700000200,"latitude":47.0072,"longitude":8}
            {"type":"event","time":1700000200,"event":"lap","lapStartTime":"2023-11-14T22:15:50Z"}
            """
        let directory = try TestPaths.temporaryDirectory("analysis-lap-start")
        let path = directory.appendingPathComponent("laps.ndjson").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let fromFile = try WorkoutSummary(contentsOfTrack: path, options: Self.options).analysis.laps
        try #require(fromFile.count == 2)
        #expect(fromFile[1].startOffsetSeconds == 150)
        #expect(fromFile[1].figures.totalSeconds == 50)
    }

    /// Without positions (heart rate only) the running time at a stated start is the wall time since the
    /// previous lap's end: the lap's running time is its wall time, not the time since the previous lap.
    @Test func aStatedStartWithoutFixes() throws {
        var samples: [Sample] = []
        for k in 0...200 {
            samples.append(.heartRate(HeartRateSample(time: Self.start + Double(k), beatsPerMinute: 140)))
            if k == 100 { samples.append(.event(WorkoutEventSample(time: Self.start + 100, kind: .lap, lapStartTime: Self.start))) }
            if k == 200 { samples.append(.event(WorkoutEventSample(time: Self.start + 200, kind: .lap, lapStartTime: Self.start + 150))) }
        }
        let laps = try WorkoutSummary(samples: samples, options: Self.options).analysis.laps
        try #require(laps.count == 2)
        #expect(laps[1].startOffsetSeconds == 150)
        #expect(abs(laps[1].figures.totalSeconds - 50) < 1e-9)
        #expect(abs(laps[1].figures.elapsedSeconds - 50) < 1e-9, "running time \(laps[1].figures.elapsedSeconds) s")
    }

    /// A shifted lap event (a replay, times corrected after reading) keeps its stated start the same time before it.
    @Test func aLapsStartMovesWithItsTime() {
        let lap = Sample.event(WorkoutEventSample(time: 100, kind: .lap, lapTrigger: .manual, lapStartTime: 40))
        #expect(lap.withTime(160) == .event(WorkoutEventSample(time: 160, kind: .lap, lapTrigger: .manual, lapStartTime: 100)))
        #expect(lap.withTime(nil) == .event(WorkoutEventSample(time: nil, kind: .lap, lapTrigger: .manual, lapStartTime: 40)))
    }

    @Test func lapsFromNDJSON() throws {
        let text = """
        {"type":"header","activity":"running"}
        {"type":"location","time":1700000000,"latitude":47,"longitude":8}
        {"type":"location","time":1700000100,"latitude":47.0036,"longitude":8}
        {"type":"event","time":1700000100,"event":"lap"}
        {"type":"location","time":1700000200,"latitude":47.0072,"longitude":8}
        """
        let directory = try TestPaths.temporaryDirectory("analysis-laps")
        let path = directory.appendingPathComponent("laps.ndjson").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let summary = try WorkoutSummary(contentsOfTrack: path, options: Self.options)
        let laps = summary.analysis.laps
        try #require(laps.count == 2)
        let half = try GeodReference.inverseDistancesMeters(latitudes: [47, 47.0036], longitudes: [8, 8])[0]
        #expect(abs(laps[0].figures.distanceMeters - half) < 1e-6)
        #expect(laps[0].figures.elapsedSeconds == 100)
        #expect(laps[1].figures.elapsedSeconds == 100)
    }

    @Test func pausesCountInBestEffortsButNotInSplitRunningTime() throws {
        // A 60 s pause event after 500 m: the first kilometre takes 250 s of running time and 310 s of wall
        // time; the best 1 km (wall time, as Strava) avoids the pause: 250 s from 500 m on.
        var samples: [Sample] = []
        let distances = (0...750).map { Double($0) * 4 }
        let points = try GeodReference.directPoints(latitude: 47, longitude: 8, azimuthDegrees: 0, distancesMeters: distances)
        for (k, point) in points.enumerated() {
            let time = Self.start + Double(k) + (k > 125 ? 60 : 0)
            if k == 126 {
                samples.append(.event(WorkoutEventSample(time: Self.start + 125, kind: .pause)))
                samples.append(.event(WorkoutEventSample(time: Self.start + 185, kind: .resume)))
            }
            samples.append(.location(LocationSample(time: time, latitude: point.latitude, longitude: point.longitude)))
        }
        let summary = try WorkoutSummary(samples: samples, options: Self.options)
        let first = try #require(summary.analysis.splits.kilometers.first)
        // The pause starts a new segment: the 4 m step across it is not measured, so the first kilometre
        // ends one fix later (at 1 000 m of measured distance).
        #expect(abs(first.figures.totalSeconds - first.figures.elapsedSeconds - 60) < 1e-6)
        let best = try #require(summary.analysis.bestEfforts.first { $0.name == "1k" })
        #expect(abs(best.elapsedSeconds - 250) < 1e-6)
    }

    /// A lap asked for before anything has a time ends no lap and is not counted, live and when its
    /// journal record (a lap at a time that is not a number) is replayed: the two builders agree.
    @Test func aLapWithNoTimeEndsNoLapLiveOrReplayed() throws {
        var live = WorkoutBuilder(options: Self.options)
        let early = live.markLap()
        #expect(early.stateChanges.isEmpty)
        #expect(live.snapshot.lapCount == 0)
        let fix = LocationSample(time: Self.start, latitude: 47, longitude: 8)
        _ = live.add(.location(fix))

        var replayed = WorkoutBuilder(options: Self.options)
        let record = JournalRecord(early)
        _ = replayed.add(.location(fix))
        _ = replayed.replay(record.input)
        #expect(replayed.snapshot.lapCount == live.snapshot.lapCount)
        #expect(try replayed.summary().analysis.laps.isEmpty)
    }
}

/// A few bytes of input can claim months of running time or antipodal jumps: the analysis stays bounded.
struct AnalysisBoundsTests {
    @Test func absurdTracksGiveABoundedAnalysis() throws {
        // Cycling, 40 fixes 10⁶ s apart alternating between 60° S and 60° N (about 13 000 km a step, 13 m/s:
        // crossed at moving speed, so the 11 days between fixes count as running time).
        var samples: [Sample] = []
        for k in 0..<40 {
            let latitude = k % 2 == 0 ? -60.0 : 60.0
            samples.append(.location(LocationSample(time: 1_000_000_000 + Double(k) * 1_000_000, latitude: latitude, longitude: Double(k % 3))))
            samples.append(.power(PowerSample(time: 1_000_000_000 + Double(k) * 1_000_000, watts: 200)))
        }
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .cycling, filterMode: .none))
        #expect(summary.metrics.distanceMeters > 4e8, "about 40 × 13 000 km")
        #expect(summary.analysis.splits.kilometers.isEmpty && summary.analysis.splits.miles.isEmpty, "more than 10 000 units")
        #expect(summary.analysis.climbs.isEmpty)
        #expect((summary.metrics.elapsedSeconds ?? 0) > WorkoutAnalysis.maximumGridSeconds)
        #expect(summary.analysis.meanMaximal.powerWatts.isEmpty && summary.analysis.trainingLoad == nil)
        #expect(summary.jsonText().utf8.count < 100_000)
    }
}
