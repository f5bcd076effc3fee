public import WorkoutCore

/// Runs samples through a ``/WorkoutCore/WorkoutBuilder`` and keeps, from its outcomes, every accepted fix with the
/// sensor values read with it and the workout's figures at that moment: what the exporters write.
///
/// Sensor readings are matched to fixes the way track files store them: a heart-rate, cadence, power or
/// temperature reading belongs to the latest fix received when that fix has none of its kind yet and the
/// reading is not older than the fix (readers emit a point's readings right after its location, with its
/// time); a reading before any fix waits for the next one. A fix the filter holds back keeps its readings
/// until it is accepted (or dropped) with its run.
public struct ExportRecorder: TrackSampleSink, Sendable {
    /// The engine measuring the workout.
    public private(set) var builder: WorkoutBuilder
    /// Accepted fixes, in route order.
    private var points: [ExportPoint] = []
    /// Segment of each accepted fix.
    private var pointSegments: [Int] = []
    /// The latest location received: where readings that follow it go.
    private var latest: Latest = .none
    /// Fixes held back by the filter, with their readings (at most the filter's relocation run).
    private var held: [(locationIndex: Int, point: ExportPoint)] = []
    private var activityName: String?
    private var pendingHeartRate: Double?
    private var pendingCadence: Double?
    private var pendingTemperature: Double?
    private var pendingPower: Double?
    /// Without the analysis: the first point whose distance the builder has not settled yet
    /// (``settleDistances()``).
    private var settledPoints = 0

    private enum Latest {
        case none
        /// Accepted: its index in `points`.
        case accepted(Int)
        /// Held: its index in `held`.
        case held(Int)
        /// Rejected or ignored: readings that follow it go with it (and are not exported). Only its time and
        /// the kinds of reading it holds are kept: a few bytes instead of a whole point in every `latest`.
        case dropped(DroppedFix)
    }

    /// What a rejected or ignored fix needs to take the readings that follow it: its time and the kinds of
    /// reading it already holds (``ExportPoint/take(_:as:time:)``'s rule, without the values).
    private struct DroppedFix {
        var time: Double?
        /// One bit per kind of reading held (``ExportPoint/Reading/bit``).
        var held: UInt8 = 0

        init(_ point: ExportPoint) {
            time = point.location.time
            for reading in ExportPoint.Reading.allCases where point.value(of: reading) != nil { held |= reading.bit }
        }

        mutating func take(_ reading: ExportPoint.Reading, time readingTime: Double?) -> Bool {
            guard ExportPoint.readingFits(time: readingTime, fixTime: time), held & reading.bit == 0 else { return false }
            held |= reading.bit
            return true
        }
    }

    /// A recorder whose builder measures with `options`.
    public init(options: WorkoutOptions = WorkoutOptions()) {
        self.builder = WorkoutBuilder(options: options)
        // Without the analysis, the builder settles the fixes' distances for the recorder (see
        // ``settleDistances()``).
        if !options.collectsAnalysis { builder.keepSettledFixDistances() }
    }

    public mutating func trackActivity(named name: String) throws {
        if activityName == nil { activityName = name }
        if let activity = ActivityType(parsing: name) { builder.adoptActivity(activity) }
    }

    /// The track's pauses are the device's timer events: ``/WorkoutCore/WorkoutBuilder/useDeviceTimer()``.
    public mutating func trackHasTimerEvents() throws {
        builder.useDeviceTimer()
    }

    /// A reader's sample: as ``add(_:)``, without the live figures a file does not need (each fix's distance
    /// is settled when the track is made, see ``track(analysis:)``).
    public mutating func consume(_ sample: Sample) throws {
        if case .location = sample {
            let recorded = builder.addForRecording(sample)
            keep(sample, recorded, fixes: builder.recordedFixes)
        } else {
            // A reading's outcome holds nothing a recorder keeps (no verdict on a fix, no accepted fix):
            // two of a typical point's three samples skip making and copying it.
            builder.addReadingForRecording(sample)
            keepReading(sample)
        }
        settleDistances()
    }

    /// Without the analysis, the builder settles the fixes' distances for the recorder, whatever path the
    /// input took: each timed point takes its fix's as its smoothed point leaves the window (with the
    /// analysis, the analysis's series has them, see ``forEachPoint(_:)``). Settlements come in time order; a
    /// time that matches no kept point changes nothing.
    /// - Complexity: O(settled fixes) amortised.
    private mutating func settleDistances() {
        guard !builder.options.collectsAnalysis else { return }
        builder.takeSettledFixDistances { time, meters in
            while settledPoints < points.count, (points[settledPoints].location.time ?? -.infinity) < time { settledPoints += 1 }
            guard settledPoints < points.count, points[settledPoints].location.time == time else { return }
            points[settledPoints].distanceMeters = meters
            settledPoints += 1
        }
    }

    /// Takes in one sample.
    /// - Returns: what the sample did (``/WorkoutCore/WorkoutBuilder/add(_:)``'s outcome), for a live
    ///   session that shows frames and journals what this recorder keeps.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func add(_ sample: Sample) -> SampleOutcome {
        let outcome = builder.add(sample)
        var fixes: [AcceptedFix] = []
        keep(sample, RecordedInput(outcome, fixes: &fixes), fixes: fixes)
        settleDistances()
        return outcome
    }

    /// Keeps what `sample` did (`fixes`: the fixes it accepted, see ``/WorkoutCore/RecordedInput``): its fix
    /// with the readings that came with it, or its reading on the latest fix.
    private mutating func keep(_ sample: Sample, _ outcome: RecordedInput, fixes: [AcceptedFix]) {
        switch sample {
        case .location(let fix):
            var point = ExportPoint(location: fix)
            point.heartRate = pendingHeartRate
            point.cadence = pendingCadence
            point.temperatureCelsius = pendingTemperature
            point.powerWatts = pendingPower
            pendingHeartRate = nil
            pendingCadence = nil
            pendingTemperature = nil
            pendingPower = nil
            take(outcome, fixes: fixes, received: point)
        default:
            keepReading(sample)
        }
    }

    /// Keeps a reading on the latest fix (or for the next one, before any fix); other samples leave nothing.
    private mutating func keepReading(_ sample: Sample) {
        switch sample {
        case .heartRate(let reading):
            if !attach(reading.beatsPerMinute, time: reading.time, .heartRate) { pendingHeartRate = reading.beatsPerMinute }
        case .cadence(let reading):
            if !attach(reading.perMinute, time: reading.time, .cadence) { pendingCadence = reading.perMinute }
        case .power(let reading):
            if !attach(reading.watts, time: reading.time, .power) { pendingPower = reading.watts }
        case .weather(let reading):
            if let celsius = reading.temperatureCelsius, !attach(celsius, time: reading.time, .temperature) {
                pendingTemperature = celsius
            }
        default:
            break
        }
    }

    /// Gives the builder one input, a sample or a call (pause, resume, lap, start, end, an activity,
    /// the device's timer), exactly as a live session or its journal has it: a sample as ``add(_:)`` does,
    /// anything else as it was first given (`WorkoutBuilder.replay(_:)`). A recorder fed a session's inputs
    /// (a journal's records, say) keeps the same fixes as the session.
    /// - Returns: what the input did; `nil` for a call that changed nothing.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func apply(_ input: WorkoutInput) -> SampleOutcome? {
        if case .sample(let sample) = input { return add(sample) }
        let outcome = builder.replay(input)
        settleDistances()
        return outcome
    }

    /// Keeps what the builder did with a received fix: `fixes` are those it accepted, held ones released
    /// with it first (each with the readings it was held with), then its own.
    private mutating func take(_ outcome: RecordedInput, fixes: [AcceptedFix], received point: ExportPoint) {
        switch outcome.location {
        case .accepted, .acceptedWithHeldFixes:
            for index in fixes.indices where index != outcome.ownFixIndex {
                let locationIndex = fixes[index].locationIndex
                if let position = held.firstIndex(where: { $0.locationIndex == locationIndex }) {
                    append(fixes[index], point: held[position].point)
                }
            }
            held.removeAll(keepingCapacity: true)
            if let own = outcome.ownFixIndex, own < fixes.count {
                append(fixes[own], point: point)
                latest = .accepted(points.count - 1)
            }
        case .held:
            // The filter's run is at most this long: an older held fix can no longer be accepted.
            if held.count >= LocationFilter.relocationRunLength { held.removeFirst() }
            held.append((outcome.locationIndex ?? -1, point))
            latest = .held(held.count - 1)
        default:
            latest = .dropped(DroppedFix(point))
        }
    }

    private mutating func append(_ fix: AcceptedFix, point received: ExportPoint) {
        // Appended first and completed in place: the point (about 190 bytes) is copied once, into the array.
        points.append(received)
        let index = points.count - 1
        points[index].location = fix.location
        // Settled, and kept cumulative, when the track is made (``track(analysis:)``).
        points[index].distanceMeters = fix.distanceMeters
        points[index].elapsedSeconds = fix.elapsedSeconds
        points[index].followsPause = fix.followsPause
        // An untimed fix has no speed of its own: the engine's current speed is still the last timed step's.
        if !fix.startsSegment, fix.location.time != nil, let speed = fix.speedMetersPerSecond, speed.isFinite {
            points[index].speedMetersPerSecond = speed
            if speed >= builder.options.effectiveRules.movingSpeedThresholdMetersPerSecond, speed > 0 {
                points[index].paceSecondsPerKilometer = 1000 / speed
            }
        }
        pointSegments.append(fix.segmentIndex)
    }

    /// Gives `value` to the latest fix when it can take it; returns `false` when the value must wait for
    /// the next fix (no fix yet). The fix is changed in place (a key path into an array's element read and
    /// wrote the whole point, about 200 bytes, for every reading).
    private mutating func attach(_ value: Double, time: Double?, _ reading: ExportPoint.Reading) -> Bool {
        switch latest {
        case .none:
            return false
        case .accepted(let index):
            return points[index].take(value, as: reading, time: time)
        case .held(let index):
            return held[index].point.take(value, as: reading, time: time)
        case .dropped(var fix):
            guard fix.take(reading, time: time) else { return false }
            latest = .dropped(fix)
            return true
        }
    }

    /// What was accepted so far, by segment, with the figures. Each timed fix's distance is its settled one,
    /// the distance along the smoothed track to it (with the analysis on, the analysis's:
    /// ``/WorkoutCore/AnalysisSeries/distancesMeters``; without it, the same figure, which the builder settles
    /// for the recorder), whichever way the samples came in; the column stays cumulative.
    /// - Parameter given: the analysis of this recording when the caller already has it (its
    ///   summary's: ``/WorkoutCore/WorkoutSummary/analysis``); `nil` computes it from the recording.
    /// - Complexity: O(n).
    public func track(analysis given: WorkoutAnalysis? = nil) -> ExportTrack {
        var segments: [[ExportPoint]] = []
        forEachPoint { point, segment in
            while segments.count <= segment { segments.append([]) }
            segments[segment].append(point)
        }
        let metrics = builder.snapshot
        var analysis = given ?? WorkoutAnalysis()
        // The series handed on, not copied: the analysis lets its fixes go once it has their columns.
        if given == nil, let series = builder.analysisSeries {
            analysis = WorkoutAnalysis(series: series, metrics: metrics, holdLimitSeconds: builder.options.sensorHoldLimitSeconds,
                                       ftpWatts: builder.options.profile.ftpWatts)
        }
        return ExportTrack(
            activity: builder.options.activity, activityName: activityName,
            segments: segments, route: builder.route, metrics: metrics, analysis: analysis)
    }

    /// The number of accepted fixes kept: ``forEachPoint(_:)`` gives at most this many (a caller reserves
    /// room for them).
    public var pointCount: Int { points.count }

    /// The number of segments with an accepted fix: ``track(analysis:)``'s segments, and the segment numbers
    /// ``forEachPoint(_:)`` gives.
    public var segmentCount: Int { segmentNumbers().count }

    /// Each accepted fix with its figures, in route order, as ``track(analysis:)`` has them, and the number of
    /// its segment among those with a fix (0-based, as in the track): for a caller that keeps the points in a
    /// form of its own (a store's packed channels) without the track's copy of every point.
    /// - Complexity: O(n).
    public func forEachPoint(_ body: (_ point: ExportPoint, _ segment: Int) throws -> Void) rethrows {
        let numbers = segmentNumbers()
        let untimed = builder.timeIsUnusable
        let series = builder.analysisSeries
        // Without the analysis: the fixes still in the smoother's window, as a summary now would settle them
        // (those before were settled as they left it, see ``settleDistances()``).
        var pending: [(time: Double, distanceMeters: Double)] = []
        if series == nil { builder.forEachPendingFixDistance { pending.append(($0, $1)) } }
        var settled = 0, pendingIndex = 0, cumulative = 0.0
        for (point, segment) in zip(points, pointSegments) {
            guard let number = numbers[segment] else { continue }
            var point = point
            if let series, let time = point.location.time {
                while settled < series.fixCount, series.fixes[settled].time < time { settled += 1 }
                if settled < series.fixCount, series.fixes[settled].time == time {
                    point.distanceMeters = series.fixes[settled].distanceMeters
                    settled += 1
                }
            } else if let time = point.location.time {
                while pendingIndex < pending.count, pending[pendingIndex].time < time { pendingIndex += 1 }
                if pendingIndex < pending.count, pending[pendingIndex].time == time {
                    point.distanceMeters = pending[pendingIndex].distanceMeters
                    pendingIndex += 1
                }
            }
            cumulative = Swift.max(cumulative, point.distanceMeters)
            point.distanceMeters = cumulative
            if untimed { point.location.time = nil; point.elapsedSeconds = nil }
            try body(point, number)
        }
    }

    /// The number of each of the route's segments among those with an accepted fix (`nil`: none, or a
    /// segment the route does not have).
    private func segmentNumbers() -> SegmentNumbers {
        var hasFix = [Bool](repeating: false, count: builder.route.segments.count)
        for segment in pointSegments where segment < hasFix.count { hasFix[segment] = true }
        var numbers = [Int?](repeating: nil, count: hasFix.count)
        var count = 0
        for (segment, has) in hasFix.enumerated() where has {
            numbers[segment] = count
            count += 1
        }
        return SegmentNumbers(numbers: numbers, count: count)
    }

    private struct SegmentNumbers {
        var numbers: [Int?]
        var count: Int
        subscript(segment: Int) -> Int? { segment < numbers.count ? numbers[segment] : nil }
    }
}

extension ExportPoint {
    /// The sensor readings a recorder attaches to a fix.
    fileprivate enum Reading: Int, CaseIterable {
        case heartRate, cadence, power, temperature

        /// The reading's bit in a set of kinds.
        var bit: UInt8 { 1 << rawValue }
    }

    /// Whether a reading at `time` may go with a fix at `fixTime`: it is not older than the fix.
    fileprivate static func readingFits(time: Double?, fixTime: Double?) -> Bool {
        guard let time, let fixTime else { return true }
        return !(time < fixTime)
    }

    /// The point's value of a kind of reading.
    fileprivate func value(of reading: Reading) -> Double? {
        switch reading {
        case .heartRate: heartRate
        case .cadence: cadence
        case .power: powerWatts
        case .temperature: temperatureCelsius
        }
    }

    /// Sets the reading when the point has none of its kind yet and the reading is not older than the fix.
    fileprivate mutating func take(_ value: Double, as reading: Reading, time: Double?) -> Bool {
        guard Self.readingFits(time: time, fixTime: location.time) else { return false }
        switch reading {
        case .heartRate: return Self.fill(&heartRate, with: value)
        case .cadence: return Self.fill(&cadence, with: value)
        case .power: return Self.fill(&powerWatts, with: value)
        case .temperature: return Self.fill(&temperatureCelsius, with: value)
        }
    }

    /// Puts `value` into an empty slot; `false` when the slot already holds one.
    private static func fill(_ slot: inout Double?, with value: Double) -> Bool {
        guard slot == nil else { return false }
        slot = value
        return true
    }
}
