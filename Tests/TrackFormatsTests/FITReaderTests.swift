import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// The FIT reader against fitdecode's reading of every real FIT file (`Tests/Reference/fit-reference.json`,
/// made by `scripts/fit-reference.py`; see `Tests/Reference/README.md`).
@Suite struct FITReaderTests {
    nonisolated(unsafe) static let reference: [String: [String: Any]] = {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else { return [:] }
        return object
    }()

    static let files = [
        "ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr920xt-hr-cad-laps-devfields.fit",
        "run-polar-marathon-nogps-44laps.fit", "run-polar-treadmill-12km.fit",
        "ride-wahoo-elemnt-bolt-hr.fit", "patho-garmin-virb-ultra30-zero-timestamps.fit",
        "patho-srm-null-island-start.fit", "large-garmin-fr910xt-run-20k-records.fit",
        "run-garmin-footpod-compressed-speed-distance.fit", "ride-garmin-edge500-late-gps-4laps.fit",
        "run-garmin-summary-first-12laps.fit", "ride-garmin-mtb-slow-climbs-summary-first.fit",
    ]

    static func close(_ a: Double?, _ b: Any?, tolerance: Double = 1e-6) -> Bool {
        guard let expected = (b as? NSNumber)?.doubleValue else { return a == nil }
        guard let a else { return false }
        return abs(a - expected) <= tolerance * max(1, abs(expected))
    }

    @Test("the reference values are there for every file")
    func referenceLoaded() {
        for file in Self.files { #expect(Self.reference[file] != nil, "\(file)") }
    }

    @Test("each real FIT file reads as fitdecode reads it", arguments: files)
    func matchesFitdecode(_ file: String) throws {
        guard let bytes = FITTestReading.bytes(file) else {
            print("skipped: \(file) is neither in SampleTracks nor in ../shared/tracks")
            return
        }
        let expected = try #require(Self.reference[file])
        let (report, sink) = try FITTestReading.read(bytes)
        #expect(report.damage == nil)
        #expect(report.format == .fit)
        #expect(sink.locations.count == expected["recordsWithPosition"] as? Int)
        #expect(report.locationCount == sink.locations.count)
        #expect(sink.distances.count == expected["recordsWithDistanceNoPosition"] as? Int)
        #expect(sink.heartRates.count == expected["heartRateCount"] as? Int)
        #expect(Self.close(sink.heartRates.reduce(0, +), expected["heartRateSum"]))
        #expect(sink.cadences.count == expected["cadenceCount"] as? Int)
        #expect(Self.close(sink.cadences.reduce(0, +), expected["cadenceSum"]))
        #expect(sink.powers.count == expected["powerCount"] as? Int)
        #expect(Self.close(sink.powers.reduce(0, +), expected["powerSum"]))
        #expect(sink.temperatures.count == expected["temperatureCount"] as? Int)
        #expect(Self.close(sink.temperatures.reduce(0, +), expected["temperatureSum"]))

        // Record times: the first and last sample that is not an event.
        let recordTimes = sink.samples.compactMap { sample -> Double? in
            if case .event = sample { return nil }
            return sample.time
        }
        #expect(Self.close(recordTimes.first, expected["firstTime"]))
        #expect(Self.close(recordTimes.last, expected["lastTime"]))
        if let last = (expected["lastDistanceMeters"] as? NSNumber)?.doubleValue, !sink.distances.isEmpty,
           (expected["recordsWithPosition"] as? Int) == 0 {
            #expect(abs((sink.distances.last?.cumulativeMeters ?? 0) - last) < 0.01)
        }

        // Laps: one event each, with its trigger; the device's laps in the report.
        let laps = sink.events(.lap)
        let lapCount = try #require(expected["lapCount"] as? Int)
        #expect(laps.count == lapCount)
        #expect(report.deviceLaps.count == lapCount)
        #expect(Self.close(report.deviceLaps.compactMap(\.distanceMeters).reduce(0, +), expected["lapDistanceMeters"]))
        #expect(Self.close(report.deviceLaps.compactMap(\.timerSeconds).reduce(0, +), expected["lapTimerSeconds"]))
        let triggers = (expected["lapTriggers"] as? [Any]) ?? []
        let names: [String: LapTrigger] = ["manual": .manual, "time": .time, "distance": .distance, "position_start": .position,
                                           "position_lap": .position, "position_waypoint": .position, "position_marked": .position,
                                           "session_end": .sessionEnd, "fitness_equipment": .fitnessEquipment]
        #expect(laps.map(\.lapTrigger) == triggers.map { ($0 as? String).flatMap { names[$0] } })
        // Each lap's start_time goes with its event (a relative one corrected as the records' times are).
        let starts = (expected["lapStartTimes"] as? [Any]) ?? []
        #expect(laps.count == starts.count)
        for (lap, start) in zip(laps, starts) {
            #expect(Self.close(lap.lapStartTime, start), "lap start \(String(describing: lap.lapStartTime)) against \(start)")
        }
        // And with the device's lap in the report (the VIRB's, read before its timestamp_correlation, dated by it).
        #expect(report.deviceLaps.count == starts.count)
        for (index, (lap, start)) in zip(report.deviceLaps, starts).enumerated() {
            #expect(Self.close(lap.startTime, start), "device lap \(index + 1) starts \(String(describing: lap.startTime)) against \(start)")
        }
        // Each lap's own totals, as the file states them (absent where fitdecode reads none).
        let lapTotals = (expected["laps"] as? [[String: Any]]) ?? []
        #expect(report.deviceLaps.count == lapTotals.count)
        for (index, (lap, totals)) in zip(report.deviceLaps, lapTotals).enumerated() {
            let figures: KeyValuePairs<String, Double?> = [
                "distanceMeters": lap.distanceMeters, "timerSeconds": lap.timerSeconds, "elapsedSeconds": lap.elapsedSeconds,
                "ascentMeters": lap.ascentMeters, "descentMeters": lap.descentMeters, "kilocalories": lap.kilocalories,
                "averageHeartRate": lap.averageHeartRate, "maximumHeartRate": lap.maximumHeartRate,
            ]
            for (key, value) in figures {
                #expect(Self.close(value, totals[key]), "lap \(index + 1) \(key): \(String(describing: value)) against \(String(describing: totals[key]))")
            }
        }

        // Timer events: pauses and resumes, announced once before the first (and the resume of a first
        // record that holds nothing but its time, which starts the workout: the foot pod's).
        let timerEvents = try #require(expected["timerEvents"] as? Int)
        let startedByRecord = file == "run-garmin-footpod-compressed-speed-distance.fit" ? 1 : 0
        #expect(sink.events(.pause).count + sink.events(.resume).count == timerEvents + startedByRecord)
        #expect(sink.timerAnnouncements == (timerEvents > 0 ? 1 : 0))
        #expect(sink.timerEventsBeforeAnnouncement == 0)

        // The session's totals.
        if let session = expected["session"] as? [String: Any] {
            let device = try #require(report.device)
            #expect(Self.close(device.distanceMeters, session["distanceMeters"]))
            #expect(Self.close(device.timerSeconds, session["timerSeconds"]))
            #expect(Self.close(device.elapsedSeconds, session["elapsedSeconds"]))
            #expect(Self.close(device.ascentMeters, session["ascentMeters"]))
            #expect(Self.close(device.descentMeters, session["descentMeters"]))
            #expect(Self.close(device.kilocalories, session["kilocalories"]))
            #expect(Self.close(device.averageHeartRate, session["averageHeartRate"]))
            #expect(Self.close(device.maximumHeartRate, session["maximumHeartRate"]))
            if let sport = session["sport"] as? String {
                #expect(device.sport?.hasPrefix(sport) == true)
            }
        }
    }

    @Test("device, sport and activity of the sample files")
    func deviceAndActivity() throws {
        let edge = try FITTestReading.read(try #require(FITTestReading.bytes("ride-garmin-edge530-hr-cad-power.fit")))
        #expect(edge.sink.activities == ["cycling"])
        #expect(edge.report.activityName == "cycling")
        #expect(edge.report.device?.manufacturer == "garmin")
        #expect(edge.report.device?.product == "edge_530")
        #expect(edge.report.device?.sport == "cycling/road")
        let treadmill = try FITTestReading.read(try #require(FITTestReading.bytes("run-polar-treadmill-12km.fit")))
        #expect(treadmill.sink.activities == ["running"])
        #expect(treadmill.report.device?.manufacturer == "polar_electro")
        #expect(treadmill.report.device?.sport == "running/treadmill")
        #expect(treadmill.sink.locations.isEmpty)
        #expect(FITProfile.activityName(sport: 2, subSport: 58) == "cycling")
        #expect(FITProfile.activityName(sport: 17, subSport: nil) == "hiking")
        #expect(FITProfile.activityName(sport: 12, subSport: nil) == "cross_country_skiing")
    }

    @Test("a position reads as semicircles × 180 / 2³¹, altitude with scale 5 and offset 500")
    func recordScaling() throws {
        let bytes = try #require(FITTestReading.bytes("ride-garmin-edge530-hr-cad-power.fit"))
        let (_, sink) = try FITTestReading.read(bytes)
        let first = try #require(sink.locations.first)
        // Toronto area, as the shared notes say; fitdecode's first position (semicircles) converted by hand.
        #expect(first.latitude > 43 && first.latitude < 44.5)
        #expect(first.longitude > -80.5 && first.longitude < -78.5)
        #expect(first.altitudeMeters.map { $0 > 0 && $0 < 500 } == true)
    }

    /// The profile's altitude is (metres + 500) × 5: 3299 is 159.8 m, the double nearest to it, and 2500 is 0.
    /// (`3299 / 5 − 500` in doubles is 159.79999999999995, which an export then writes.)
    @Test("altitude reads as the double nearest to raw / 5 − 500")
    func altitudeRoundsOnce() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (2, 2, 0x84)])
        for (second, raw) in [(0, 3299), (1, 2500), (2, 2501), (3, 0)] as [(UInt32, UInt16)] {
            file.message(local: 0, FITTestFile.le32(1_000_000_000 + second) + FITTestFile.le32(0x2000_0000)
                         + FITTestFile.le32(0x1000_0000) + FITTestFile.le16(raw))
        }
        let (_, sink) = try FITTestReading.read(file.bytes())
        #expect(sink.locations.map(\.altitudeMeters) == [159.8, 0, 0.2, -500])
    }

    @Test("1-byte and 7-byte chunks give the same samples as one buffer", arguments: [
        "run-garmin-fr920xt-hr-cad-laps-devfields.fit", "run-polar-treadmill-12km.fit",
        "run-garmin-footpod-compressed-speed-distance.fit",
    ])
    func chunkBoundaries(_ file: String) throws {
        let bytes = try #require(FITTestReading.bytes(file))
        let whole = try FITTestReading.read(bytes, chunkSize: bytes.count)
        for size in [1, 7] {
            let chunked = try FITTestReading.read(bytes, chunkSize: size)
            #expect(chunked.sink.samples == whole.sink.samples, "chunk size \(size)")
            #expect(chunked.report == whole.report, "chunk size \(size)")
        }
    }

    @Test("the detector knows FIT by .FIT at bytes 8-11, whatever the file is called")
    func sniffing() throws {
        let bytes = try #require(FITTestReading.bytes("run-polar-treadmill-12km.fit"))
        let directory = try TestPaths.temporaryDirectory("fit-sniff")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("activity.bin")
        try Data(bytes).write(to: url)
        var sink = FITRecordingSink()
        let report = try TrackReader.read(try TrackInput(path: url.path), into: &sink)
        #expect(report.format == .fit)
        #expect(report.activityName == "running")
        #expect(sink.activities == ["running"])
    }

    @Test("the activity reaches the sink before the first sample when the file can be read twice")
    func activityFirst() throws {
        let url = TestPaths.sampleTrack("run-garmin-fr920xt-hr-cad-laps-devfields.fit")
        var sink = FITRecordingSink()
        _ = try TrackReader.read(try TrackInput(path: url.path), into: &sink)
        #expect(sink.activities == ["running"])
    }

    @Test("the VIRB's zero-based times become UTC through timestamp_correlation")
    func zeroBasedTimes() throws {
        guard let bytes = FITTestReading.bytes("patho-garmin-virb-ultra30-zero-timestamps.fit") else {
            print("skipped: patho-garmin-virb-ultra30-zero-timestamps.fit is not in ../shared/tracks")
            return
        }
        let (_, sink) = try FITTestReading.read(bytes)
        let times = sink.samples.compactMap(\.time)
        #expect(times.allSatisfy { $0 > 1_400_000_000 })
    }

    /// A device that writes its summary at the head of the file (newer Garmins) dates its laps with the
    /// activity's start: each lap ends at its `start_time` + `total_elapsed_time`, not at its timestamp. Two
    /// laps ahead of the records, stamped T + 1 and T, starting at T and T + 100 with 100 s and 50.5 s, end
    /// at T + 100 and T + 150.5 (the first is not stamped before its start, but more than 1 s before its
    /// end, ahead of any record); a lap written after its records keeps its timestamp when that is at most
    /// 1 s after its start plus its time (stamped T + 191, from T + 170 for 20 s).
    @Test("laps stamped at the activity's start end after their elapsed time")
    func lapsStampedAtTheStartEndAfterTheirElapsedTime() throws {
        let t: UInt32 = 1_000_000_000
        var file = FITTestFile()
        file.define(local: 1, global: 19, fields: [(253, 4, 0x86), (2, 4, 0x86), (7, 4, 0x86), (9, 4, 0x86)])
        file.message(local: 1, FITTestFile.le32(t + 1) + FITTestFile.le32(t) + FITTestFile.le32(100_000) + FITTestFile.le32(50_000))
        file.message(local: 1, FITTestFile.le32(t) + FITTestFile.le32(t + 100) + FITTestFile.le32(50_500) + FITTestFile.le32(25_000))
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        for second in stride(from: 0, through: 200, by: 10) {
            file.message(local: 0, FITTestFile.le32(t + UInt32(second)) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000))
        }
        file.define(local: 1, global: 19, fields: [(253, 4, 0x86), (2, 4, 0x86), (7, 4, 0x86), (9, 4, 0x86)])
        file.message(local: 1, FITTestFile.le32(t + 191) + FITTestFile.le32(t + 170) + FITTestFile.le32(20_000) + FITTestFile.le32(1_000))
        let (report, sink) = try FITTestReading.read(file.bytes())
        let start = Double(t) + 631_065_600
        #expect(sink.events(.lap).map(\.time) == [start + 100, start + 150.5, start + 191])
        #expect(report.deviceLaps.map(\.endTime) == [start + 100, start + 150.5, start + 191])
        #expect(report.deviceLaps.map(\.startTime) == [start, start + 100, start + 170])
    }

    /// A file that writes its timer events after its records (GPSBabel's Garmin Oregon 700 sample: start,
    /// stop_all at 09:30:32, stop_all at the end, all after the last record): an event dated more than 60 s
    /// before the last record cannot pause the clock in order and is left out, a stop counted; one at the
    /// records' end still counts. Records at T…T + 100 and T + 200…T + 300; the start at T and the stop at
    /// T + 100 are left out (one stop counted), the stop at T + 300 is a pause.
    @Test("timer events written after the records are left out when long past")
    func lateTimerEventsAreLeftOut() throws {
        let t: UInt32 = 1_000_000_000
        let file = FITTestFile.recordsThenTimerEvents(
            base: t, recordSeconds: Array(stride(from: 0, through: 100, by: 10)) + Array(stride(from: 200, through: 300, by: 10)),
            events: [(0, 0), (100, 4), (300, 4)])
        let (report, sink) = try FITTestReading.read(file.bytes())
        let start = Double(t) + 631_065_600
        #expect(report.lateTimerStopCount == 1)
        #expect(sink.events(.resume).isEmpty)
        #expect(sink.events(.pause).map(\.time) == [start + 300])
        #expect(sink.timerAnnouncements == 1)
        #expect(sink.locations.count == 22)
    }

    /// A file that writes all its timer events after its records (Runalyze's Fenix 2 test files: start,
    /// six stop_all/start pairs, the last stop, all after the last record) and can be read twice: the first
    /// pass finds the late events and the second delivers each in time order among the records, so the
    /// device's own pauses rule (running time 2,812 s against the timer's 2,810 s on the Fenix file, 2,973 s
    /// by the gap rules). Records at T…T + 100 and T + 200…T + 300 (10 s apart); events start T, stop_all
    /// T + 100, start T + 200, stop_all T + 300, all written after the records. A stop comes after the
    /// record of its own second (that record was taken running), a start before it. Without the start at
    /// T + 200 (GPSBabel's Oregon 700 sample: start, stop, records going on half an hour later, stop), the
    /// records after the stop show the timer ran again: it resumes at the first of them.
    @Test("timer events written after the records pause the clock in time order when the file is read twice",
          arguments: [true, false])
    func lateTimerEventsArePlacedInTimeOrder(writesSecondStart: Bool) throws {
        let t: UInt32 = 1_000_000_000
        let events: [(second: UInt32, type: UInt8)] = [(0, 0), (100, 4), (200, 0), (300, 4)]
        let file = FITTestFile.recordsThenTimerEvents(
            base: t, recordSeconds: Array(stride(from: 0, through: 100, by: 10)) + Array(stride(from: 200, through: 300, by: 10)),
            events: events.filter { writesSecondStart || $0.second != 200 })
        let start = Double(t) + 631_065_600
        var sink = FITRecordingSink()
        let report = try TrackReader.read(TrackInput(bytes: file.bytes(), name: "late.fit"), into: &sink)
        #expect(report.lateTimerStopCount == 0)
        #expect(sink.timerAnnouncements == 1)
        #expect(sink.timerEventsBeforeAnnouncement == 0)
        #expect(sink.locations.count == 22)
        // The order of samples: what comes at each time, the events where the timer put them.
        let fixes = { (seconds: StrideThrough<Int>) in seconds.map { "fix@\($0)" } }
        #expect(sink.timeline(from: start) == ["resume@0"] + fixes(stride(from: 0, through: 100, by: 10)) + ["pause@100", "resume@200"]
                + fixes(stride(from: 200, through: 300, by: 10)) + ["pause@300"])

        // Read once (a stream that cannot go back), the late events are left out as before.
        let once = try FITTestReading.read(file.bytes())
        #expect(once.report.lateTimerStopCount == 1)
        #expect(once.sink.events(.resume).isEmpty)
        #expect(once.sink.events(.pause).map(\.time) == [start + 300])
    }

    /// The limits of placing late timer events. Records in a pause that a placed start ends (devices write
    /// some: here 5 s and 70 s after the stop) stay in the pause, however long it is: only records after a
    /// placed stop that no placed start follows before the next stop resume the timer. A lap without any time,
    /// written after record 50, comes at the latest sample's time and does not release the stop at 100 ahead
    /// of records 60-100. Records at T…T + 100, T + 105, T + 170 and T + 400…T + 500; events start T,
    /// stop_all T + 100, start T + 400, stop_all T + 500, all written after the records.
    @Test("records in a placed pause stay in it; an untimed lap releases no later event")
    func placedLateTimerEventsKeepTheirPlace() throws {
        let t: UInt32 = 1_000_000_000
        let file = FITTestFile.recordsThenTimerEvents(
            base: t, recordSeconds: Array(stride(from: 0, through: 100, by: 10)) + [105, 170] + Array(stride(from: 400, through: 500, by: 10)),
            events: [(0, 0), (100, 4), (400, 0), (500, 4)], lapAfterSecond: 50)
        let start = Double(t) + 631_065_600
        var sink = FITRecordingSink()
        _ = try TrackReader.read(TrackInput(bytes: file.bytes(), name: "late.fit"), into: &sink)
        let fixes = { (seconds: [Int]) in seconds.map { "fix@\($0)" } }
        #expect(sink.timeline(from: start) == ["resume@0"] + fixes(Array(stride(from: 0, through: 50, by: 10))) + ["untimed"]
                + fixes(Array(stride(from: 60, through: 100, by: 10))) + ["pause@100", "fix@105", "fix@170", "resume@400"]
                + fixes(Array(stride(from: 400, through: 500, by: 10))) + ["pause@500"])
    }

    /// Late timer events counted from power-on (an action camera's, before its `timestamp_correlation`) are
    /// not placed: the file's start does not know the correlation that dates them. They are left out, a stop
    /// counted, as when the file is read once, and nothing is dated before the records.
    @Test("late timer events counted from power-on are left out, not placed")
    func lateRelativeTimerEventsAreNotPlaced() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        for second in stride(from: 100, through: 400, by: 10) {
            file.message(local: 0, FITTestFile.le32(UInt32(second)) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000))
        }
        file.define(local: 1, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
        file.message(local: 1, FITTestFile.le32(100) + [0, 0])
        file.message(local: 1, FITTestFile.le32(200) + [0, 4])
        file.define(local: 2, global: 162, fields: [(253, 4, 0x86), (1, 4, 0x86)])
        file.message(local: 2, FITTestFile.le32(1_000_000_000) + FITTestFile.le32(150))
        var sink = FITRecordingSink()
        let report = try TrackReader.read(TrackInput(bytes: file.bytes(), name: "camera.fit"), into: &sink)
        #expect(report.lateTimerStopCount == 1)
        #expect(sink.events(.pause).isEmpty && sink.events(.resume).isEmpty)
        let epoch = 631_065_600.0
        #expect(sink.locations.first?.time == 1_000_000_000 - 50 + epoch)
    }

    /// A multisport file names a sport per session (a triathlon: swimming, transition, cycling, transition,
    /// running): it is one workout under its fastest known leg's rules, so that the bike leg's fixes are not
    /// taken for a runner's GPS jumps. Read twice (a file, bytes in memory), the sink hears that activity
    /// first; read once, the first session's, as before. A file of one known activity (with transitions or
    /// swims) keeps it.
    @Test("a multisport file is announced as its fastest known leg")
    func multisportFileIsItsFastestLeg() throws {
        #expect(FITProfile.multisportActivityName(legs: ["swimming", "transition", "cycling", "running"]) == "cycling")
        #expect(FITProfile.multisportActivityName(legs: ["running", "walking"]) == "running")
        #expect(FITProfile.multisportActivityName(legs: ["walking", "hiking"]) == "hiking")
        #expect(FITProfile.multisportActivityName(legs: ["swimming", "transition", "running"]) == "running")
        #expect(FITProfile.multisportActivityName(legs: ["swimming", "cycling"]) == "cycling")
        #expect(FITProfile.multisportActivityName(legs: ["cycling"]) == nil)
        #expect(FITProfile.multisportActivityName(legs: ["swimming", "transition"]) == nil)
        #expect(FITProfile.multisportActivityName(legs: ["generic"]) == nil)

        let t: UInt32 = 1_000_000_000
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        for second in stride(from: 0, through: 100, by: 10) {
            file.message(local: 0, FITTestFile.le32(t + UInt32(second)) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000))
        }
        // session (18): timestamp, sport (5), sub_sport (6): running (1), transition (3), cycling (2).
        file.define(local: 1, global: 18, fields: [(253, 4, 0x86), (5, 1, 0x00), (6, 1, 0x00)])
        for sport: UInt8 in [1, 3, 2] { file.message(local: 1, FITTestFile.le32(t + 100) + [sport, 0]) }
        var twice = FITRecordingSink()
        _ = try TrackReader.read(TrackInput(bytes: file.bytes(), name: "triathlon.fit"), into: &twice)
        #expect(twice.activities == ["cycling"])
        let once = try FITTestReading.read(file.bytes())
        #expect(once.sink.activities == ["running"])
    }

    /// A clock glitch: records dated two years ahead in the middle of a ride, then back in its own year (a
    /// GoldenCheetah test ride stamps 14 records so): their samples come without a time (counted as skipped
    /// `timestamp`s), so the records after them are not out of order; a jump the records go on from (a later
    /// outing in the same file) keeps its times.
    @Test("records dated ahead by a clock glitch lose their times; a later outing keeps them")
    func clockGlitchAndLaterOuting() throws {
        let t: UInt32 = 1_000_000_000
        let twoYears: UInt32 = 2 * 365 * 86_400
        func file(_ seconds: [UInt32]) -> [UInt8] {
            var file = FITTestFile()
            file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
            for second in seconds {
                file.message(local: 0, FITTestFile.le32(second) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000))
            }
            return file.bytes()
        }
        let epoch = 631_065_600.0
        let glitch = [t, t + 10, t + 20, t + twoYears + 21, t + twoYears + 22, t + twoYears + 23, t + 30, t + 40]
        let (report, sink) = try FITTestReading.read(file(glitch))
        let dated: [Double?] = [t, t + 10, t + 20].map { Double($0) + epoch }
        let after: [Double?] = [t + 30, t + 40].map { Double($0) + epoch }
        let expected: [Double?] = dated + [nil, nil, nil] + after
        #expect(sink.locations.map(\.time) == expected)
        #expect(report.skippedFields["timestamp"]?.count == 3)
        let outing = [t, t + 10, t + 86_400, t + 86_400 + 200, t + 86_400 + 400, t + 86_400 + 500]
        let (laterReport, laterSink) = try FITTestReading.read(file(outing))
        let outingTimes: [Double?] = outing.map { Double($0) + epoch }
        #expect(laterSink.locations.map(\.time) == outingTimes)
        #expect(laterReport.skippedFields.isEmpty)
        // A file that ends while the clock is watched delivers what it held, with its times.
        let (_, endSink) = try FITTestReading.read(file([t, t + 10, t + 86_400]))
        let endTimes: [Double?] = [t, t + 10, t + 86_400].map { Double($0) + epoch }
        #expect(endSink.locations.map(\.time) == endTimes)
    }

    /// A lap read while its times count from power-on, before the file's `timestamp_correlation`, is dated
    /// by it as the records are: system time 150 is FIT time 1 000 000 000, so the lap's start at 100 and
    /// end at 200 are 1 000 000 000 − 50 and + 50 (plus the FIT epoch, 631 065 600 s after 1970).
    @Test("a lap read before the timestamp_correlation is dated by it")
    func relativeLapIsDatedByTheCorrelation() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        file.message(local: 0, FITTestFile.le32(100) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000))
        file.define(local: 1, global: 19, fields: [(253, 4, 0x86), (2, 4, 0x86), (7, 4, 0x86), (9, 4, 0x86)])
        file.message(local: 1, FITTestFile.le32(200) + FITTestFile.le32(100) + FITTestFile.le32(100_000) + FITTestFile.le32(12_345))
        file.define(local: 2, global: 162, fields: [(253, 4, 0x86), (1, 4, 0x86)])
        file.message(local: 2, FITTestFile.le32(1_000_000_000) + FITTestFile.le32(150))
        let (report, sink) = try FITTestReading.read(file.bytes())
        let epoch = 631_065_600.0
        #expect(sink.locations.first?.time == 1_000_000_000 - 50 + epoch)
        let lap = try #require(report.deviceLaps.first)
        #expect(lap.startTime == 1_000_000_000 - 50 + epoch)
        #expect(lap.endTime == 1_000_000_000 + 50 + epoch)
        #expect(lap.distanceMeters == 123.45)
    }
}
