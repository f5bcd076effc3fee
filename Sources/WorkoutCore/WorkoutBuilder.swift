import SessionSupport
public import WorkoutSamples
import Geodesy

/// Builds a workout from samples, one at a time, in input order: the session clock, the location
/// filter, the route and every metric of the summary. A value type with no I/O; a sample enters once
/// and costs O(1) time (at most one geodesic distance) and no allocation beyond the route's arrays.
///
/// ```swift
/// var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
/// for sample in samples { builder.add(sample) }
/// let summary = try builder.summary()
/// ```
public struct WorkoutBuilder: Sendable {
    /// The options the builder measures with (the activity may change once, when the input names it).
    public private(set) var options: WorkoutOptions
    /// The session's running intervals.
    public private(set) var clock = SessionClock()
    /// The accepted fixes, by segment.
    public private(set) var route: RecordedRoute

    private var filter: LocationFilter
    private var smoother: PositionSmoother
    private var elevation: ElevationAccumulator
    private var heartRate: TimeWeightedStatistic
    private var cadence: TimeWeightedStatistic
    private var power: TimeWeightedStatistic
    private var stepSpeeds = RollingMedianOfFive()
    private var scaleCache = LocalScaleCache()

    private var firstTime: Double?
    private var lastTime: Double?
    /// A segment boundary paused the clock: the next timed sample resumes it.
    private var resumesOnNextSample = false
    /// An unrecorded gap paused the clock (or the device's timer ran through it): the next fix continues
    /// the segment across it, and the straight line between the gap's two ends counts as distance.
    private var nextFixCrossesGap = false
    /// The gap the next fix crosses did not pause the clock (the device's timer ran through it).
    private var gapToCrossIsUnpaused = false
    /// Whether the next kept fix starts a separate outing (see ``continueAcrossGap(seconds:)``).
    private var nextFixStartsOuting = false
    /// The latest smoothed position of the current segment (default mode), where a gap's line starts.
    private var lastSmoothedPoint: (latitude: Double, longitude: Double)?
    /// The latest smoothed point of the current segment (default mode), where the track between sparse
    /// fixes is interpolated from.
    private var previousSmoothedPoint: PositionSmoother.Point?
    /// Whether any two timed samples so far had different times. Until they do, a fix carrying the first
    /// sample's time again is taken as untimed (see ``timeIsUnusable``).
    private var sawTimeIncrease = false
    /// Fixes after the first that carried the first fix's time again before any time increased: taken
    /// as untimed.
    private var repeatedFirstTimeCount = 0
    /// Samples whose time was a clock sentinel (see ``isClockSentinel(_:)``), taken as untimed.
    private var sentinelTimeCount = 0
    /// Timed fixes accepted so far.
    private var timedFixCount = 0
    /// Readings dropped as implausible, by kind.
    private var rejectedReadings = RejectedReadingCounts()
    /// Where distance continues from in the current segment (smoothed in the default mode).
    private var previousMeasuredPoint: (latitude: Double, longitude: Double)?
    /// Whether untimed fixes were measured by their raw steps since the last timed fix (default mode): the
    /// next timed one starts smoothing afresh.
    private var measuredUntimedFixes = false
    /// The previous accepted fix of the current segment, raw.
    private var previousFix: LocationSample?
    /// The latest fix accepted into the route (kept across segments).
    public private(set) var lastAcceptedFix: LocationSample?
    /// The fixes the latest input of ``addForRecording(_:)`` accepted (its ``RecordedInput`` says which is its
    /// own), kept until the next such input; a recorder reads them in place.
    package private(set) var recordedFixes: [AcceptedFix] = []
    /// For a recorder without the analysis (``keepSettledFixDistances()``): the fixes whose smoothed points
    /// left the window since the recorder last took them, with the distance to each, final (what the
    /// analysis would settle). Taken with ``takeSettledFixDistances(_:)``.
    private var settledFixDistances: [(time: Double, distanceMeters: Double)] = []
    private var keepsSettledFixDistances = false
    /// Default mode: the distance from the last chord's end to the latest smoothed point, not yet counted.
    private var pendingChordMeters = 0.0
    /// Default mode: where the mover stands while the latest smoothed points were standing (see
    /// ``advanceChord(anchor:pendingMeters:standing:to:isStanding:scale:)``), `nil` while moving.
    private var standingPlace: StandingPlace?
    /// ``smoothingTail`` and what it was computed from: the smoother's revision and the number of fixes in
    /// the route (the chord's state changes only with one or the other). A live outcome needs the tail for
    /// the accepted fix and again for the live figures, and every sensor sample after a fix needs it
    /// unchanged: computed once per fix, not four times a second.
    private var cachedTail: (smootherRevision: Int, locationCount: Int, distanceMeters: Double, movingSeconds: Double)?
    private var sampleCount = 0
    private var receivedLocations = 0
    private var locationsWhilePaused = 0
    /// Fixes among ``locationsWhilePaused`` that came after a segment boundary dated more than the
    /// activity's ``ActivityRules/gapPauseSeconds`` before the latest time (an earlier workout later in the
    /// file), and the latest time they came after.
    private var locationsBeforeLatestTime = 0
    private var latestTimeBeforeEarlierOuting: Double?
    /// Fixes among ``locationsWhilePaused`` that opened a segment and could not resume the clock: untimed
    /// ones, and ones dated before the latest time by at most the activity's gap (segments that overlap); the
    /// largest such overlap in seconds. A fix at the latest time itself (a segment that starts on the previous
    /// one's last second) is not counted: a repeated time, as elsewhere.
    private var untimedFixesOpeningSegment = 0
    private var overlappingFixesOpeningSegment = 0
    private var largestSegmentOverlapSeconds = 0.0
    /// A fix of the segment after the latest boundary was an earlier workout's: the segment's fixes after it
    /// are that workout's too, those dated near the latest time as well.
    private var segmentAfterBoundaryIsEarlierWorkout = false
    /// The latest time of a sample that is not an event (a pause dated before it pauses there).
    private var latestReadingTime: Double?
    private var untimedSamples = 0
    private var movingSeconds = 0.0
    private var maximumSpeed: Double?
    private var maximumStepSpeedFallback: Double?
    /// The most recent speed, m/s: the device's when the fix carries one, else the position smoother's
    /// estimate (a constant-velocity Kalman filter, in effect a window of the last few seconds).
    public private(set) var currentSpeedMetersPerSecond: Double?
    /// Heart-rate zones, TRIMP and active energy, accumulated per sample (Physiology/).
    private var physiology: PhysiologyAccumulator
    private var lapCount = 0
    /// Pauses so far: requested, automatic, and unrecorded gaps.
    public private(set) var pauseCount = 0
    private var sawActivitySample = false
    /// The latest plausible heart-rate reading (what a screen shows).
    private var latestHeartRateBPM: Double?
    /// Auto-pause, when ``WorkoutOptions/autoPause`` turns it on.
    private var autoPause: AutoPauseDetector?
    /// Whether auto-pause paused the session (so auto-pause may resume it).
    private var isAutoPaused = false
    /// The previous fix auto-pause saw (raw, before the filter).
    private var previousAutoPauseFix: LocationSample?
    /// Distance a device measured itself (``DistanceSample``), while running.
    private var deviceDistanceMeters = 0.0
    /// The device's distance counted where the route had no fix (default mode): before the route's first
    /// fix (a watch that counts distance by its accelerometer or a foot pod until GPS has a fix), and over
    /// each stretch without a fix that ``deviceBridgeIsOpen(at:)`` lets count (GPS lost
    /// indoors or in a tunnel, the device counting on). The route's distance goes on from it
    /// (``routeDistanceMeters``), so those metres are kept and the distance does not fall back to 0 when the
    /// first fix comes.
    private var deviceMetersWithoutFixes = 0.0
    /// The device's distance and moving time since the route's latest fix, and the time of its latest
    /// reading: they count (``deviceBridgeIsOpen(at:)``) once the readings have gone on for longer than the
    /// activity's ``ActivityRules/gapPauseSeconds``, in place of the straight line to the next fix.
    private var deviceSinceFix = (meters: 0.0, movingSeconds: 0.0, latestTime: -Double.infinity)
    /// Whether the next device distance step follows a pause or a new segment (or is the first).
    private var deviceStepFollowsBreak = true
    /// The input's pauses are the device's own timer events (``useDeviceTimer()``): no recording-gap pause
    /// is added on top, so running time matches the device's timer time (but for a gap of more than
    /// ``sessionBreakSeconds`` not crossed at moving speed, which separates two outings: see
    /// ``useDeviceTimer()``).
    public private(set) var usesDeviceTimer = false
    /// The previous device distance reading the builder took (the one the next step counts from), with the
    /// running time when it was read (`nil` when untimed).
    private var previousDeviceDistance: DeviceDistanceReading?
    /// Device distance readings held back since ``previousDeviceDistance`` as spikes
    /// (``judgeDeviceDistance(_:into:)``): the first and the latest of a run of consecutive ones that are
    /// plausible among themselves, and how many.
    private var heldDeviceDistances: (first: DeviceDistanceReading, latest: DeviceDistanceReading, count: Int)?
    /// The device's total as last taken and when it was first read (the readings since repeated it), the
    /// same as of the time before the latest reading's, and that time (see ``judgeDeviceDistance(_:into:)``).
    private var deviceDistanceLevel: (meters: Double, since: Double?)?
    private var deviceDistanceLevelBeforeGroup: (meters: Double, since: Double?)?
    private var deviceDistanceGroupTime: Double?
    /// Device distance readings received (with a finite, non-negative total).
    private var receivedDeviceDistances = 0
    /// The series behind the analysis, fed from each input's outcome while ``WorkoutOptions/collectsAnalysis``
    /// is on (stored as a plain value and tested by the option, so feeding it copies nothing).
    private var analysis: AnalysisSeries

    /// A builder for a session that has not started; it starts at its first timed sample or at
    /// ``start(at:)``.
    public init(options: WorkoutOptions = WorkoutOptions()) {
        self.options = options
        self.route = RecordedRoute(storage: options.routeStorage)
        self.filter = LocationFilter(configuration: .init(
            mode: options.filterMode, activity: options.activity,
            maximumHorizontalAccuracyMeters: options.maximumHorizontalAccuracyMeters))
        if let rules = options.rules {
            var configuration = filter.configuration
            configuration.maximumPlausibleSpeedMetersPerSecond = rules.maximumPlausibleSpeedMetersPerSecond
            self.filter = LocationFilter(configuration: configuration)
        }
        self.smoother = PositionSmoother(accelerationNoise: Self.accelerationNoise(for: options.activity), defaultAccuracyMeters: 5)
        self.elevation = ElevationAccumulator(hysteresisMeters: options.elevationHysteresisMeters,
                                              accelerationNoise: Self.verticalAccelerationNoise, defaultAccuracyMeters: 2)
        self.heartRate = TimeWeightedStatistic(holdLimitSeconds: options.sensorHoldLimitSeconds)
        self.cadence = TimeWeightedStatistic(holdLimitSeconds: options.sensorHoldLimitSeconds)
        self.power = TimeWeightedStatistic(holdLimitSeconds: options.sensorHoldLimitSeconds)
        self.physiology = PhysiologyAccumulator(
            profile: options.profile.resolved, activity: options.activity,
            sensorHoldLimitSeconds: options.sensorHoldLimitSeconds, rules: options.effectiveRules)
        self.autoPause = options.autoPause.policy(for: options.activity).map(AutoPauseDetector.init(policy:))
        self.analysis = AnalysisSeries(
            movingSpeedThresholdMetersPerSecond: options.effectiveRules.movingSpeedThresholdMetersPerSecond,
            elevationHysteresisMeters: options.elevationHysteresisMeters)
    }

    /// Acceleration noise of the position smoother per activity (m²/s³); see `PositionSmoother`. Set by the
    /// rule of thumb for the white-acceleration model, `q ≈ Δv² / T` for a manoeuvre that changes the velocity
    /// by `Δv` over `T` seconds (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2): a runner turning a
    /// 90° street corner at 3 m/s changes velocity by about 4 m/s in 5 s (q ≈ 3); a walker or hiker at
    /// 1.5 m/s by 2 m/s in 3 s (1.5); a rider at 7 m/s by 6–10 m/s in 4–5 s (6, at the low end: a bend
    /// of a road is wider than a street corner). Lower values cut corners (the smoothed track is short),
    /// higher ones let noise through (it is long); measured on the `AccuracyTests` families.
    static func accelerationNoise(for activity: ActivityType) -> Double {
        switch activity {
        case .running: 3.0
        case .walking, .hiking: 1.5
        case .cycling: 6.0
        }
    }

    /// Acceleration noise of the altitude smoother (m²/s³). The vertical speed on foot or on a bike changes
    /// slowly: by about 0.2 m/s over 30 s cresting a hill, so `q ≈ 0.2² / 30 ≈ 0.001` by the same rule of
    /// thumb. Larger values let GPS altitude noise through: each counted climb then gains the noise's
    /// excursions at its two ends, and a sparse track (steps of 1–8 s) read 10–20 % high with 0.05, up to
    /// +6.3 % with 0.002 (now within +4.9 % over 40 seeds); smaller ones round the tops of real hills
    /// (0.0005: the dense run's gain −4.9 %).
    static let verticalAccelerationNoise = 0.001

    /// In the default mode, distance grows in chords of at least this length along the smoothed track:
    /// the residual jitter of GPS noise adds length to every short step, and a chord averages it out; what
    /// the smoother lets through of an error that wanders over 10–20 s comes off each chord by the track's
    /// measured noise (``GPSNoiseDiffusion``). A chord cuts corners a little: 10 m chords took about 1 m
    /// off a 90° corner of 10 m radius (−0.24 % on the noise-free dense run, a corner every 2 minutes),
    /// 5 m chords less than half of that (−0.10 %); with the noise taken off, 5 m chords leave the urban run at
    /// −0.1 % on average (80 seeds) and the dense run at −0.1 % (it was −0.17 % with 10 m).
    static let distanceChordMeters = 5.0
    /// The least chord while the device's speed shows the fixes clean (``DeviceSpeedNoise``): what 5 m chords
    /// take off is noise the receiver's filter already took off, and on a slow, winding trail they cut bends
    /// (README, "Accuracy").
    static let cleanFixChordMeters = 1.0
    /// The least chord of the smoothed track that counts for distance now.
    var chordMeters: Double { smoother.fixesAreClean ? Self.cleanFixChordMeters : Self.distanceChordMeters }

    /// In the default mode, while the smoothed speed is below this fraction of the activity's moving
    /// threshold (at most ``maximumStandingThresholdMetersPerSecond``) the mover is taken to be standing:
    /// the chord restarts where they stand, so GPS drift at a stop adds nothing. A quarter of the moving
    /// threshold (0.19 m/s running and cycling) keeps slow, steep hiking.
    static let stationaryFractionOfMovingThreshold = 0.25

    /// Times a device writes when its clock was never set, in seconds since 1970: -2³¹ (1901-12-13T20:45:52Z,
    /// a signed 32-bit zero point), 0 (1970-01-01T00:00:00Z) and the FIT epoch (1989-12-31T00:00:00Z). A
    /// sample stamped with one of them is taken as untimed.
    public static func isClockSentinel(_ time: Double) -> Bool {
        time == -2_147_483_648 || time == 0 || time == 631_065_600
    }

    /// Whether the track's times cannot be used: no time ever increased, and fixes repeated the first
    /// time or carried a clock sentinel. The track is then measured as untimed (geometry, distance and
    /// elevation kept; times `nil`).
    public var timeIsUnusable: Bool {
        !sawTimeIncrease && (repeatedFirstTimeCount > 0 || sentinelTimeCount > 0)
    }

    /// What the builder had to assume about the input's times, in words.
    var timeWarnings: [String] {
        var warnings: [String] = []
        if !sawTimeIncrease, repeatedFirstTimeCount > 0, let first = firstTime {
            warnings.append("all \(repeatedFirstTimeCount + 1) fixes carry the same time (\(ISO8601Text.string(secondsSince1970: first) ?? "\(first) s")): the track is read as untimed")
        }
        if sentinelTimeCount > 0 {
            warnings.append("\(sentinelTimeCount) samples carry a device clock's unset value (1901-12-13T20:45:52Z, 1970-01-01T00:00:00Z or 1989-12-31T00:00:00Z): they are read as untimed")
        }
        if locationsBeforeLatestTime > 0, let latest = latestTimeBeforeEarlierOuting {
            let when = ISO8601Text.string(secondsSince1970: latest) ?? "\(latest) s"
            warnings.append("\(locationsBeforeLatestTime) fixes after a new segment are dated before the workout's latest time (\(when)): an earlier workout later in the file (a file of several activities, latest first); they, its laps and its other samples were left out (the fixes counted in locationsWhilePaused; the device's figures, where the file states them, are the whole file's); read that workout from a file of its own")
        }
        if untimedFixesOpeningSegment > 0 {
            warnings.append("\(untimedFixesOpeningSegment) untimed fixes opened a segment of a timed track, before its first timed sample: they cannot be placed in the workout's time and were left out (counted in locationsWhilePaused)")
        }
        if overlappingFixesOpeningSegment > 0 {
            let overlap = DisplayFormatting.fixed(largestSegmentOverlapSeconds, digits: 1)
            warnings.append("\(overlappingFixesOpeningSegment) fixes opened a segment dated before the latest time read (by up to \(overlap) s; segments that overlap): time does not run back, so they were left out (counted in locationsWhilePaused)")
        }
        return warnings
    }

    /// A warning when at least 10 fixes, and more than 1 % of them, were too fast for the activity: a track
    /// of another activity (a ride read as a run, a drive), whose distance would otherwise look silently
    /// short. No real run or ride of the test recordings, read as what it is, has any such fix (GPS jumps
    /// are rejected by the same rule, but a few per track); a road ride read as a run loses 2-20 % of its
    /// distance with 1-23 % of its fixes rejected (the Edge rides of `../shared/tracks` in a FIT file that
    /// names no sport).
    var speedWarnings: [String] {
        let rejected = filter.rejections[.implausibleSpeed]
        guard rejected >= 10, 100 * rejected > receivedLocations else { return [] }
        let limit = DisplayFormatting.fixed(options.effectiveRules.maximumPlausibleSpeedMetersPerSecond, digits: 1)
        return ["\(rejected) of \(receivedLocations) fixes were faster than \(options.activity.rawValue) allows (\(limit) m/s) and were left out: if the track is of another activity, give that activity; without the filter every fix counts"]
    }

    /// A warning when at least 10 device distance readings, and more than 1 % of them, rose faster than the
    /// activity allows (as ``speedWarnings`` for fixes): a treadmill or indoor ride read as another
    /// activity, whose distance would otherwise look silently short. A spike or two stays in
    /// ``WorkoutSnapshot/rejectedReadings`` only.
    var deviceDistanceWarnings: [String] {
        let rejected = rejectedReadings[.distance]
        guard rejected >= 10, 100 * rejected > receivedDeviceDistances else { return [] }
        let limit = DisplayFormatting.fixed(options.effectiveRules.maximumPlausibleSpeedMetersPerSecond, digits: 1)
        return ["\(rejected) of \(receivedDeviceDistances) device distance readings rose faster than \(options.activity.rawValue) allows (\(limit) m/s) and were left out: if the track is of another activity, give that activity; without the filter every reading counts"]
    }

    /// A warning when at least 10 fixes, and more than 10 % of them, were dated at or before the last fix
    /// the location filter took (`nonIncreasingTime`): one fix dated ahead of the ones after it makes every
    /// fix up to its time count for nothing. The readers take the time off a fix dated more than six hours
    /// ahead in the middle of a track, or more than a minute ahead at its start (`ClockJumpWatch` in
    /// TrackFormats); a smaller mis-dating, or a run of mis-dated fixes at the start, still costs the fixes,
    /// and this says so. No track of the test recordings loses more than a few fixes to the rule.
    var timeOrderWarnings: [String] {
        let rejected = filter.rejections[.nonIncreasingTime]
        guard rejected >= 10, 10 * rejected > receivedLocations else { return [] }
        return ["\(rejected) of \(receivedLocations) fixes were dated at or before a fix already taken and were left out (time does not run back): a fix dated ahead of the ones after it (a clock that jumped) makes every fix up to its time count for nothing; correct or remove that fix's time"]
    }

    /// A warning when fixes came and the location filter left every one out (gpxpy's test file of one point
    /// with an `hdop` of 101 read as a workout of nothing): the reasons, counted, so that an empty route does
    /// not pass for a short one. The speed warning says more when it applies.
    var rejectionWarnings: [String] {
        let rejections = filter.rejections
        guard receivedLocations > 0, route.locationCount == 0, rejections.total > rejections[.invalidCoordinate],
              speedWarnings.isEmpty else { return [] }
        let reasons = rejections.nonZero.map { "\($0.reason.rawValue) \($0.count)" }.joined(separator: ", ")
        let subject = receivedLocations == 1 ? "the one fix was" : "all \(receivedLocations) fixes were"
        return ["\(subject) left out by the location filter (\(reasons)): without the filter every fix with valid coordinates counts"]
    }

    /// Switches to the activity the input names, unless the caller chose one or samples have arrived.
    /// Returns the outcome to journal when the activity changed, `nil` when it did not.
    @discardableResult
    public mutating func adoptActivity(_ activity: ActivityType) -> SampleOutcome? {
        guard !options.activityIsExplicit, !sawActivitySample, activity != options.activity else { return nil }
        var changed = options
        changed.activity = activity
        let deviceTimer = usesDeviceTimer, keepsSettled = keepsSettledFixDistances
        self = WorkoutBuilder(options: changed)
        usesDeviceTimer = deviceTimer
        keepsSettledFixDistances = keepsSettled
        var outcome = SampleOutcome(input: .activity(activity))
        finish(&outcome)
        return outcome
    }

    /// Takes the input's pauses and resumes as the device's own timer (FIT timer events): from now on an
    /// unrecorded gap between samples no longer pauses the clock (the device paused it, or it ran; the gap
    /// is still crossed by the straight line, with no moving time), unless it is longer than
    /// ``sessionBreakSeconds`` and not crossed at moving speed: recordings that far apart are separate
    /// outings whatever the timer says (a logger's merged sessions converted to FIT, a file whose clock
    /// jumped). Returns the outcome to journal the first time, `nil` when the builder already used the
    /// device's timer.
    @discardableResult
    public mutating func useDeviceTimer() -> SampleOutcome? {
        guard !usesDeviceTimer else { return nil }
        usesDeviceTimer = true
        var outcome = SampleOutcome(input: .deviceTimer)
        finish(&outcome)
        return outcome
    }

    // MARK: Ingest

    /// Takes in one sample and returns what it did. Each sample goes through the stages once, in order:
    /// its time is checked (a clock sentinel makes it untimed) and its readings (see ``ReadingRanges``);
    /// the clock decides what the sample does to the session (start, the resume after a segment, an
    /// unrecorded gap, an input event, auto-pause); then the sample is measured (the location filter, the
    /// route, distance, speed, elevation, sensors, energy).
    /// - Complexity: O(1) amortised; at most one geodesic distance per fix.
    @discardableResult
    public mutating func add(_ input: Sample) -> SampleOutcome {
        var outcome = SampleOutcome(input: .sample(input))
        take(input, isCall: false, into: &outcome)
        finish(&outcome)
        if options.collectsAnalysis { analysis.record(outcome) }
        return outcome
    }

    /// Takes in one sample like ``add(_:)`` for a recorder of a whole file: what the recorder keeps of it
    /// (``RecordedInput``: the verdict on its fix, and the fixes it accepted in ``recordedFixes``), without the rest of an outcome
    /// and without live figures; a fix's distance is the distance counted so far, without the smoothed points
    /// still in the smoother's window: the analysis settles each fix's distance when its point leaves the
    /// window (``analysisSeries``), which is where a recorder takes the final figures from.
    /// With ``WorkoutOptions/collectsAnalysis`` off there is no analysis to settle them: a recorder has the
    /// builder keep the settled distances instead (``keepSettledFixDistances()``), so a fix's distance is
    /// the same either way.
    /// - Complexity: O(1) amortised.
    package mutating func addForRecording(_ input: Sample) -> RecordedInput {
        // The buffer is lent to the collector and taken back (two swaps of an array reference): its capacity
        // is reused, and a fix is copied once, into it.
        var collector = RecordingCollector(fixes: [])
        swap(&collector.fixes, &recordedFixes)
        collector.fixes.removeAll(keepingCapacity: true)
        collector.collectsAnalysis = options.collectsAnalysis
        take(input, isCall: false, into: &collector)
        if options.collectsAnalysis { analysis.record(sample: input, collector.analysis.parts, clock: clock) }
        swap(&collector.fixes, &recordedFixes)
        return collector.recorded
    }

    /// From now on, keeps each fix's final distance as its smoothed point leaves the smoother's window, for a
    /// recorder without the analysis (which would settle it otherwise): the recorder takes them after each
    /// input with ``takeSettledFixDistances(_:)``, and those still in the window with
    /// ``forEachPendingFixDistance(_:)``, whatever path the inputs took (``add(_:)``, ``addForRecording(_:)``,
    /// a call). Memory: what is not taken accumulates, 16 bytes per fix.
    package mutating func keepSettledFixDistances() {
        keepsSettledFixDistances = true
    }

    /// Calls `body` with each fix time and distance settled since the last call (in time order), then
    /// forgets them (see ``keepSettledFixDistances()``).
    /// - Complexity: O(settled fixes).
    package mutating func takeSettledFixDistances(_ body: (_ time: Double, _ distanceMeters: Double) -> Void) {
        for (time, meters) in settledFixDistances { body(time, meters) }
        settledFixDistances.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the time and distance of each fix whose smoothed point is still in the smoother's
    /// window, as they stand now (what a summary now would settle them to), in time order.
    /// - Complexity: O(window).
    package func forEachPendingFixDistance(_ body: (_ time: Double, _ distanceMeters: Double) -> Void) {
        let counted = routeDistanceMeters
        _ = walkSmoothingTail { time, meters, _ in body(time, counted + meters) }
    }

    /// Takes in a sample that is not a location, for a recorder: what ``addForRecording(_:)`` does, without
    /// making the ``RecordedInput`` a reading would leave empty (it carries only a fix's verdict and the fixes
    /// accepted).
    /// - Complexity: O(1) amortised.
    package mutating func addReadingForRecording(_ input: Sample) {
        addWithoutOutcome(input)  // the analysis takes what it takes from a recording's outcome
    }

    /// Takes in one sample like ``add(_:)``, without making an outcome: the path of a summary, which only
    /// wants the figures at the end (``consume(_:)``, the reader's sink, takes it too). The same stages run.
    /// - Complexity: O(1) amortised.
    public mutating func addWithoutOutcome(_ input: Sample) {
        if options.collectsAnalysis {
            // The analysis takes the part of the outcome it needs (fixes, a rejected reading, laps).
            var partial = AnalysisOutcome()
            take(input, isCall: false, into: &partial)
            analysis.record(sample: input, partial.parts, clock: clock)
        } else {
            var nothing = NoOutcome()
            take(input, isCall: false, into: &nothing)
        }
    }

    private mutating func take(_ input: Sample, isCall: Bool, into outcome: inout some OutcomeCollector) {
        var sample = input
        if !isCall {
            sawActivitySample = true
            sampleCount += 1
            if let time = sample.time, Self.isClockSentinel(time) {
                // A device clock that was never set: the sample has no usable time.
                sample = sample.withTime(nil)
                sentinelTimeCount += 1
            }
        }
        guard let plausible = checkReadings(sample, into: &outcome) else { return }
        sample = plausible
        if case .event(let event) = sample {
            apply(event, into: &outcome)
        } else {
            let autoPause = advanceClock(for: sample, into: &outcome)
            if clock.state == .ended {
                if case .location = sample { outcome.noteLocation(.ignoredAfterEnd) }
            } else {
                measure(sample, into: &outcome)
            }
            // Auto-pause was decided with the clock, from the raw speed; it takes effect at the fix's time,
            // once the fix is measured (a pause) or ignored (a resume).
            if let autoPause { apply(autoPause, into: &outcome) }
        }
    }

    /// Starts the session at `time` if it has not started (the first timed sample starts it otherwise).
    @discardableResult
    public mutating func start(at time: Double) -> SampleOutcome {
        var outcome = SampleOutcome(input: .start(at: time))
        if clock.state == .notStarted, time.isFinite { startClock(at: time, into: &outcome) }
        finish(&outcome)
        return outcome
    }

    /// Pauses the session at `time` (the latest sample's time when `nil`): a user's pause.
    @discardableResult
    public mutating func pause(at time: Double? = nil) -> SampleOutcome {
        call(WorkoutEventSample(time: time, kind: .pause))
    }

    /// Resumes the session at `time` (the latest sample's time when `nil`): a user's resume.
    @discardableResult
    public mutating func resume(at time: Double? = nil) -> SampleOutcome {
        call(WorkoutEventSample(time: time, kind: .resume))
    }

    /// Marks a lap ending at `time` (the latest sample's time when `nil`, so with `nil` no lap before any
    /// timed sample; no lap at a time that is not finite).
    @discardableResult
    public mutating func markLap(at time: Double? = nil, trigger: LapTrigger? = .manual) -> SampleOutcome {
        call(WorkoutEventSample(time: time, kind: .lap, lapTrigger: trigger))
    }

    /// Gives the builder an input again (a replay), the way it was first given: a sample is added, a call (pause,
    /// resume, lap) is made, and start, end, an adopted activity and the device's timer call the methods of
    /// the same names. Replaying a session's inputs in order into a fresh builder with the same options
    /// rebuilds it exactly: the journal's recovery does this, and so does turning a journal into a stored
    /// workout.
    /// - Returns: what the input did (`nil` when adopting the activity or the device timer changed nothing).
    /// - Complexity: that of the method it calls.
    @discardableResult
    public mutating func replay(_ input: WorkoutInput) -> SampleOutcome? {
        switch input {
        case .sample(let sample): add(sample)
        case .call(let event): call(event)
        case .start(let time): start(at: time)
        case .end(let time): end(at: time)
        case .activity(let activity): adoptActivity(activity)
        case .deviceTimer: useDeviceTimer()
        }
    }

    /// A pause, resume or lap by call: applied like the same event in the input, told apart in the outcome.
    private mutating func call(_ event: WorkoutEventSample) -> SampleOutcome {
        var outcome = SampleOutcome(input: .call(event))
        take(.event(event), isCall: true, into: &outcome)
        finish(&outcome)
        if options.collectsAnalysis { analysis.record(outcome) }
        return outcome
    }

    /// Ends the session at `time`, or at the latest sample's time. Later samples are ignored.
    @discardableResult
    public mutating func end(at time: Double? = nil) -> SampleOutcome {
        var outcome = SampleOutcome(input: .end(at: time))
        if let time, time.isFinite {
            if clock.state == .notStarted { startClock(at: time, into: &outcome) } else { advanceLastTime(to: time) }
        }
        if clock.state != .ended, let end = time ?? lastTime {
            let before = clock.state
            clock.end(at: end)
            if before != .notStarted { note(.end, at: end, cause: .request, into: &outcome) }
        }
        finish(&outcome)
        return outcome
    }

    /// The sample with its implausible parts dropped (see ``ReadingRanges``), counted in
    /// ``WorkoutSnapshot/rejectedReadings``; `nil` when the whole sample is an implausible reading.
    private mutating func checkReadings(_ sample: Sample, into outcome: inout some OutcomeCollector) -> Sample? {
        func reject(_ kind: ReadingKind) {
            rejectedReadings.add(kind)
            outcome.noteRejectedReading(kind)
        }
        // The optional altitude and speed a fix or a device distance comes with.
        func isImplausible(altitude: Double?) -> Bool {
            guard let altitude, !ReadingRanges.altitudeMeters.contains(altitude) else { return false }
            reject(.altitude)
            return true
        }
        func isImplausible(speed: Double?) -> Bool {
            guard let speed, !ReadingRanges.speedMetersPerSecond.contains(speed) else { return false }
            reject(.speed)
            return true
        }
        switch sample {
        case .location(var fix):
            if isImplausible(altitude: fix.altitudeMeters) { fix.altitudeMeters = nil }
            if isImplausible(speed: fix.speedMetersPerSecond) { fix.speedMetersPerSecond = nil }
            return .location(fix)
        case .distance(var reading):
            if isImplausible(altitude: reading.altitudeMeters) { reading.altitudeMeters = nil }
            if isImplausible(speed: reading.speedMetersPerSecond) { reading.speedMetersPerSecond = nil }
            return .distance(reading)
        case .heartRate(let reading) where !ReadingRanges.heartRateBPM.contains(reading.beatsPerMinute):
            reject(.heartRate)
            return nil
        case .cadence(let reading) where !ReadingRanges.cadencePerMinute.contains(reading.perMinute):
            reject(.cadence)
            return nil
        case .power(let reading) where !ReadingRanges.powerWatts.contains(reading.watts):
            reject(.power)
            return nil
        case .activeEnergy(let reading) where !ReadingRanges.energyIncrementKilocalories.contains(reading.kilocalories):
            reject(.activeEnergy)
            return nil
        default:
            return sample
        }
    }

    // MARK: The clock stage

    /// Records a state change of the session in the outcome.
    private func note(_ kind: SessionStateChange.Kind, at time: Double, cause: SessionStateChange.Cause, into outcome: inout some OutcomeCollector) {
        outcome.noteChange(SessionStateChange(
            kind: kind, time: time, cause: cause, elapsedSeconds: clock.elapsedSeconds(at: time), state: clock.state))
    }

    private mutating func startClock(at time: Double, into outcome: inout some OutcomeCollector) {
        clock.start(at: time)
        firstTime = time
        lastTime = time
        note(.start, at: time, cause: .request, into: &outcome)
    }

    /// Moves the latest time on (no gap check); returns the time before, when it moved.
    @discardableResult
    private mutating func advanceLastTime(to time: Double) -> Double? {
        guard clock.state == .running || clock.state == .paused, let last = lastTime, time > last else { return nil }
        sawTimeIncrease = true
        lastTime = time
        return last
    }

    /// Whether `time` comes after a segment boundary, the clock waiting for the new segment's first
    /// sample, dated more than the activity's ``ActivityRules/gapPauseSeconds`` before the latest time:
    /// it belongs to an earlier workout later in the file (a file of several activities listed latest
    /// first), which cannot continue the clock. A few seconds of overlap at a boundary are not that.
    private func isBeforeLatestTimeAfterBoundary(_ time: Double?) -> Bool {
        guard clock.state == .paused, resumesOnNextSample, let time, let last = lastTime else { return false }
        return time < last - options.effectiveRules.gapPauseSeconds
    }

    /// Counts a fix that opens a segment, the clock waiting for the segment's first sample after the latest
    /// time, and cannot resume it. It is left out as paused time is (the boundary paused the clock until
    /// then): measured, an untimed segment's distance would have no time (a 4 km stretch between two timed
    /// segments read 23 m/s of average speed), and a segment that repeats the end of the one before would
    /// count it twice. So it is counted, and said: untimed fixes (Google Takeout's location history through
    /// GPSBabel writes whole untimed segments between timed ones) and fixes dated before the latest time
    /// (segments that overlap); a fix at the latest time itself is a repeated time.
    private mutating func countFixOpeningSegment(_ fix: LocationSample) {
        guard let time = fix.time else {
            untimedFixesOpeningSegment += 1
            return
        }
        guard let last = lastTime, time.isFinite, time < last else { return }
        overlappingFixesOpeningSegment += 1
        largestSegmentOverlapSeconds = max(largestSegmentOverlapSeconds, last - time)
    }

    /// The clock stage of a sample that is not an event: starts the session at its first timed sample,
    /// resumes it after a segment boundary, pauses it over an unrecorded gap, and decides auto-pause.
    /// Decided once per sample, before the sample is measured.
    private mutating func advanceClock(for sample: Sample, into outcome: inout some OutcomeCollector) -> AutoPauseDetector.Decision? {
        guard let time = sample.time else {
            untimedSamples += 1
            return nil
        }
        guard time.isFinite else { return nil }
        latestReadingTime = max(latestReadingTime ?? time, time)
        if clock.state == .notStarted {
            startClock(at: time, into: &outcome)
        } else if clock.state != .ended, let last = lastTime, time > last {
            if clock.state == .paused, resumesOnNextSample {
                advanceLastTime(to: time)
                clock.resume(at: time)
                resumesOnNextSample = false
                note(.resume, at: time, cause: .recordingGap, into: &outcome)
            } else if clock.state == .running, isUnrecordedGap(before: sample, last: last) {
                if !usesDeviceTimer || time - last > Self.sessionBreakSeconds {
                    // The device stopped recording: the gap is an unrecorded pause of the clock. The segment
                    // goes on: the person still got from one end of the gap to the other.
                    clock.pause(at: last)
                    note(.pause, at: last, cause: .recordingGap, into: &outcome)
                    pauseCount += 1
                    continueAcrossGap(seconds: time - last)
                    gapToCrossIsUnpaused = false
                    advanceLastTime(to: time)
                    clock.resume(at: time)
                    note(.resume, at: time, cause: .recordingGap, into: &outcome)
                } else {
                    // The device's timer ran through the gap (its time counts), and the gap is crossed as
                    // without the timer: by the straight line, with no moving time. Only a fix tells (a
                    // reading without a position says nothing of the speed across: the next fix's step
                    // goes through the smoother as any other).
                    if case .location = sample {
                        // A crossing still pending from a pause (its fix was rejected) stays one after a pause.
                        let pending = nextFixCrossesGap
                        continueAcrossGap(seconds: time - last)
                        if !pending { gapToCrossIsUnpaused = nextFixCrossesGap }
                    }
                    advanceLastTime(to: time)
                }
            } else {
                advanceLastTime(to: time)
            }
        }
        guard case .location(let fix) = sample else { return nil }
        return observeAutoPause(fix, at: time)
    }

    /// Whether the step from `last` to `sample` is a gap the device did not record: longer than the
    /// activity's ``ActivityRules/gapPauseSeconds`` and, when `sample` is a fix, covering its distance from
    /// the latest accepted fix slower than the moving threshold. A long gap crossed at moving speed is a
    /// GPS dropout or sparse logging: its time counts. A fix whose coordinate is invalid (the filter rejects
    /// it) gives no speed, so a long gap before it is a gap: otherwise one such fix dated a year on made a
    /// year of running time (found by fuzz-tcx).
    ///
    /// Such a gap pauses the clock, but with the device's timer (``usesDeviceTimer``), whose events are the
    /// pauses, only when it is longer than ``sessionBreakSeconds``: no device runs its timer through six
    /// hours without a record, so such a gap joins two outings (GPSBabel writes a SkyTraq logger's two
    /// sessions, 2.6 years and 8,700 km apart, into one FIT file with one timer start and stop; counted as
    /// one run they read 7,934 km). A shorter one is crossed as without the timer, but the clock runs on.
    @inline(__always)
    private func isUnrecordedGap(before sample: Sample, last: Double) -> Bool {
        guard let time = sample.time, time - last > options.effectiveRules.gapPauseSeconds else { return false }
        guard case .location(let fix) = sample, fix.latitude.isFinite, fix.longitude.isFinite,
              abs(fix.latitude) <= 90, abs(fix.longitude) <= 180, let previous = lastAcceptedFix,
              let speed = LocalScale.approximateSpeedMetersPerSecond(from: previous, to: fix) else { return true }
        return !(speed >= options.effectiveRules.movingSpeedThresholdMetersPerSecond)
    }

    /// Auto-pause's view of a raw fix: the device's speed, else the step from the previous raw fix.
    private mutating func observeAutoPause(_ fix: LocationSample, at time: Double) -> AutoPauseDetector.Decision? {
        guard var detector = autoPause else { return nil }
        defer { previousAutoPauseFix = fix }
        guard let speed = fix.speedMetersPerSecond
                ?? previousAutoPauseFix.flatMap({ LocalScale.approximateSpeedMetersPerSecond(from: $0, to: fix) }) else { return nil }
        guard clock.state == .running || (clock.state == .paused && isAutoPaused) else { return nil }
        let decision = detector.observe(time: time, speedMetersPerSecond: speed, isAutoPaused: isAutoPaused)
        autoPause = detector
        return decision
    }

    private mutating func apply(_ decision: AutoPauseDetector.Decision, into outcome: inout some OutcomeCollector) {
        switch decision {
        case .pause(let time):
            guard clock.state == .running else { return }
            clock.pause(at: time)
            pauseCount += 1
            beginSegment()
            resumesOnNextSample = false
            isAutoPaused = true
            note(.pause, at: time, cause: .autoPause, into: &outcome)
        case .resume(let time):
            guard clock.state == .paused else { return }
            clock.resume(at: time)
            resumesOnNextSample = false
            isAutoPaused = false
            note(.resume, at: time, cause: .autoPause, into: &outcome)
        }
    }

    /// An event sample: a pause, a resume, a lap or a new segment from the input (or an API call).
    private mutating func apply(_ event: WorkoutEventSample, into outcome: inout some OutcomeCollector) {
        // An event of an earlier workout later in the file (its laps, its timer's pauses and resumes) is
        // left out with its samples: a resume of its timer would otherwise run the clock on.
        if isBeforeLatestTimeAfterBoundary(event.time) { return }
        if let time = event.time, time.isFinite {
            if clock.state == .notStarted {
                startClock(at: time, into: &outcome)
            } else if let last = lastTime, time > last, clock.state == .paused, resumesOnNextSample,
                      event.kind != .pause, event.kind != .segmentStart {
                // A timed event after a segment boundary resumes the session at its time, as a sample would.
                advanceLastTime(to: time)
                clock.resume(at: time)
                resumesOnNextSample = false
                note(.resume, at: time, cause: .recordingGap, into: &outcome)
            } else if event.kind != .segmentStart {
                advanceLastTime(to: time)
            }
            // A segment marker's own time does not move the clock on: the gap before the new segment is
            // paused from the previous segment's last sample, and the new segment's first sample (often at
            // the marker's time) resumes it. Moving on first paused at the marker's time, so a fix at that
            // time counted as 'while paused': 200 000 one-point segments kept one fix.
        }
        let at = event.time ?? lastTime
        switch event.kind {
        case .pause:
            if clock.state == .running, let at {
                // A pause dated before the latest sample (a Sigma ROX writes its last timer stop 34 s before its
                // last records, which its distance counts) pauses there: the samples up to it were measured
                // running, and elapsed time must cover what moving time counted.
                let pauseTime = max(at, latestReadingTime ?? at)
                clock.pause(at: pauseTime)
                pauseCount += 1
                beginSegment()
                note(.pause, at: pauseTime, cause: .request, into: &outcome)
            }
            resumesOnNextSample = false
            isAutoPaused = false
            autoPause?.reset()
        case .resume:
            if clock.state == .paused, let at {
                clock.resume(at: at)
                // Where the clock resumed: not before the pause began (``SessionClock/resume(at:)``).
                note(.resume, at: clock.openIntervalStart ?? at, cause: .request, into: &outcome)
            }
            resumesOnNextSample = false
            isAutoPaused = false
            autoPause?.reset()
        case .lap:
            // A lap needs a time: its own, else the latest sample's. One with neither (before any timed sample)
            // or whose own time is not a number (a journal's record of such a lap) ends no lap and is not
            // counted: the analysis makes one lap per lap change, so the count and the laps agree, and a
            // journal's replay counts what the session counted.
            let lapTime: Double? = if let time = event.time { time.isFinite ? time : nil } else { lastTime }
            if let lapTime {
                lapCount += 1
                note(.lap, at: lapTime, cause: .request, into: &outcome)
            }
        case .segmentStart:
            // The gap before a new segment is paused time; a segment marker before any fix of the current
            // segment (a reader's leading one, after an explicit start) separates nothing.
            let segmentHasFixes = !(route.startsNewSegment || route.segments.isEmpty)
            segmentAfterBoundaryIsEarlierWorkout = false
            if clock.state == .running, segmentHasFixes, let last = lastTime {
                clock.pause(at: last)
                resumesOnNextSample = true
                note(.pause, at: last, cause: .recordingGap, into: &outcome)
            }
            beginSegment()
        }
    }

    /// The builder's state as an outcome of no input: the clock and the live figures as they are (what a
    /// live screen starts from when it takes over a builder, a recovered one for example).
    public var currentOutcome: SampleOutcome {
        var outcome = SampleOutcome(input: .activity(options.activity))
        fillLiveFigures(&outcome, distanceMeters: distanceMeters)
        return outcome
    }

    /// Fills in what every outcome carries: the clock and the live figures.
    private mutating func finish(_ outcome: inout SampleOutcome) {
        let tail = refreshSmoothingTail()
        fillLiveFigures(&outcome, distanceMeters: distanceMeters(tailMeters: tail.distanceMeters))
    }

    // Inlined, as the other non-mutating helpers a sample's path calls: called from a mutating method, a
    // non-mutating method of a struct this large takes a copy of it (3 KB) at each call.
    @inline(__always)
    private func fillLiveFigures(_ outcome: inout SampleOutcome, distanceMeters: Double) {
        outcome.clock = clock
        outcome.metrics = LiveMetrics(
            distanceMeters: distanceMeters, speedMetersPerSecond: currentSpeedMetersPerSecond, heartRateBPM: latestHeartRateBPM,
            activeEnergyKilocalories: physiology.activeEnergyKilocalories,
            latitude: lastAcceptedFix?.latitude, longitude: lastAcceptedFix?.longitude, latestSampleTime: lastTime)
    }

    private func elapsed(at time: Double?) -> Double? {
        time.map { clock.elapsedSeconds(at: $0) }
    }

    private mutating func beginSegment() {
        nextFixCrossesGap = false
        gapToCrossIsUnpaused = false
        deviceStepFollowsBreak = true
        route.startsNewSegment = true
        filter.beginSegment()
        beginMeasuredSegment()
    }

    private mutating func beginMeasuredSegment() {
        // The smoothed points still in the window, then the last, short chord of the segment count.
        drainSmoother()
        restartMeasuring()
        elevation.resetSmoothing()
        settleAltitudes()
        previousFix = nil
        stepSpeeds.reset()
    }

    /// After an unrecorded gap of `seconds`: the segment goes on across it (the next fix crosses it), unless
    /// the gap is longer than ``sessionBreakSeconds`` in the default mode: then the recordings on either side
    /// are separate outings (a logger that merged sessions), and a new segment starts with no distance and
    /// no climb or descent across. With `--filter none` a file segment is never split.
    private mutating func continueAcrossGap(seconds: Double) {
        if options.filterMode == .default, seconds > Self.sessionBreakSeconds {
            beginSegment()
            elevation.beginSeparateOuting()
            nextFixStartsOuting = true
        } else {
            nextFixCrossesGap = true
        }
    }

    /// A gap inside a segment longer than this (6 hours, the age past which recovery gives up on a session)
    /// separates two outings in the default mode: no distance is counted across it.
    public static let sessionBreakSeconds: Double = 6 * 60 * 60

    /// How many consecutive device distance readings, each too far above the last one taken but plausible
    /// among themselves, make the device's new level (see ``judgeDeviceDistance(_:into:)``): five, so that a
    /// glitch that repeats its value for a few readings stays rejected; what waits is not lost, since the
    /// steps within the run count when it is taken.
    public static let deviceDistanceNewLevelRunLength = 5

    /// A device distance reading as the builder keeps it: its total, time, and the running time at it.
    typealias DeviceDistanceReading = (meters: Double, time: Double?, elapsed: Double?)

    /// The fix after an unrecorded gap: in the default mode, the open chord closes at the last smoothed
    /// point and the straight line from there to `fix` counts; smoothing starts afresh at `fix` (the
    /// velocity before the gap says nothing of the one after). With `--filter none` nothing changes: the
    /// plain geodesic sum simply goes on. The step across the gap counts no moving time.
    private mutating func crossGap(to fix: LocationSample) {
        nextFixCrossesGap = false
        previousFix = nil
        guard options.filterMode == .default, fix.time != nil else { return }
        drainSmoother()
        guard let from = lastSmoothedPoint else { return }
        restartMeasuring()
        route.addDistance(Ellipsoid.wgs84.distanceMeters(
            latitude1: from.latitude, longitude1: from.longitude, latitude2: fix.latitude, longitude2: fix.longitude))
    }

    /// After the smoothed points were taken (``drainSmoother()``): the open chord counts, and measuring
    /// starts afresh at the next fix (smoother, chord, standing place and movement forgotten).
    private mutating func restartMeasuring() {
        route.addDistance(pendingChordMeters)
        pendingChordMeters = 0
        smoother.reset()
        previousMeasuredPoint = nil
        standingPlace = nil
        lastSmoothedPoint = nil
        previousSmoothedPoint = nil
        physiology.resetMovement()
    }

    /// Whether the device's distance since the route's latest fix counts: the route has a fix, the device
    /// counted on after it (default mode) for longer than the activity's ``ActivityRules/gapPauseSeconds``,
    /// and its readings go on to within that of `time` (the next fix's; `nil`: the workout so far). A
    /// shorter stretch is crossed by the route (the straight line to the next fix, as any step), and so is
    /// one whose readings stop well before the next fix: the device did not count the way across.
    /// Inlined: called from the mutating ``record(_:index:released:into:)`` once per fix, an outlined call
    /// was handed a copy of the whole builder (5 KB a fix).
    @inline(__always)
    private func deviceBridgeIsOpen(at time: Double?) -> Bool {
        guard deviceSinceFix.meters > 0, let last = lastAcceptedFix?.time else { return false }
        let gap = options.effectiveRules.gapPauseSeconds
        guard deviceSinceFix.latestTime - last > gap else { return false }
        guard let time else { return true }
        return time - deviceSinceFix.latestTime <= gap
    }

    /// The device's distance and moving time over the stretch without a fix that `fix` ends count in place
    /// of the straight line: the route's chord closes at its last smoothed point, and measuring starts
    /// afresh at the fix (as after an unrecorded gap, but the device counted the way across). A gap the
    /// builder was about to cross (``nextFixCrossesGap``) is crossed so.
    private mutating func bridgeWithDeviceDistance() {
        nextFixCrossesGap = false
        previousFix = nil
        drainSmoother()
        restartMeasuring()
        deviceMetersWithoutFixes += deviceSinceFix.meters
        movingSeconds += deviceSinceFix.movingSeconds
    }

    // MARK: The measuring stage

    private mutating func measure(_ sample: Sample, into outcome: inout some OutcomeCollector) {
        if let time = sample.time, clock.state == .running { physiology.advance(toElapsed: clock.elapsedSeconds(at: time)) }
        switch sample {
        case .location(let fix):
            addLocation(fix, into: &outcome)
        case .heartRate(let reading):
            latestHeartRateBPM = reading.beatsPerMinute
            if clock.state != .paused {
                heartRate.add(reading.beatsPerMinute, elapsedSeconds: elapsed(at: reading.time))
                physiology.addHeartRate(reading.beatsPerMinute, elapsedSeconds: elapsed(at: reading.time))
            }
        case .cadence(let reading):
            if clock.state != .paused { cadence.add(reading.perMinute, elapsedSeconds: elapsed(at: reading.time)) }
        case .power(let reading):
            if clock.state != .paused {
                power.add(reading.watts, elapsedSeconds: elapsed(at: reading.time))
                physiology.addPower(reading.watts, elapsedSeconds: elapsed(at: reading.time))
            }
        case .activeEnergy(let increment):
            physiology.addDeviceEnergy(increment.kilocalories)
        case .distance(let reading):
            addDeviceDistance(reading, into: &outcome)
        case .weather, .event:
            break
        }
    }

    /// A device's own distance (a treadmill, a wheel sensor): counted only while the route has no fix (see
    /// ``distanceMeters``: before its first fix, and over a long stretch without one), from the increase of
    /// its running total while the session runs; it also gives speed and moving time to a workout without
    /// positions, the altitude it comes with that workout's elevation, and the analysis its steps
    /// (``DeviceDistanceStep``). A spike in the total is dropped whole (``judgeDeviceDistance(_:into:)``).
    private mutating func addDeviceDistance(_ reading: DistanceSample, into outcome: inout some OutcomeCollector) {
        let total = reading.cumulativeMeters
        guard total.isFinite, total >= 0 else { return }
        receivedDeviceDistances += 1
        let elapsedNow = reading.time.flatMap { $0.isFinite ? clock.elapsedSeconds(at: $0) : nil }
        let judged = judgeDeviceDistance((total, reading.time, elapsedNow), into: &outcome)
        guard judged.isTaken else {
            if clock.state != .running { deviceStepFollowsBreak = true }
            return
        }
        let previousReading = judged.countsFrom
        guard clock.state == .running else {
            deviceStepFollowsBreak = true
            return
        }
        var speed: Double?
        var moving = 0.0
        if let (previous, previousTime, previousElapsed) = previousReading, total >= previous {
            let meters = total - previous
            deviceDistanceMeters += meters
            if route.locationCount > 0, options.filterMode == .default, let t1 = reading.time, t1.isFinite,
               let t0 = previousTime, let fixTime = lastAcceptedFix?.time, t0 >= fixTime {
                // The route is out of fixes while the device counts on: kept until the next fix tells
                // whether the stretch is long enough to count (``deviceBridgeIsOpen``). Only a step between
                // two readings after the route's latest fix: one from a reading before it spans fixes the
                // route counted (a FIT file's records without a position, minutes apart).
                deviceSinceFix.meters += meters
                deviceSinceFix.latestTime = t1
                if t1 > t0, reading.speedMetersPerSecond ?? meters / (t1 - t0) >= options.effectiveRules.movingSpeedThresholdMetersPerSecond {
                    // As a workout's without positions below: the step's running time.
                    deviceSinceFix.movingSeconds += min(t1 - t0, max(0, (elapsedNow ?? t1) - (previousElapsed ?? t0)))
                }
            }
            if route.locationCount == 0, let t0 = previousTime, let t1 = reading.time, t1 > t0 {
                // The device's own speed when it states one (as a fix's), else the step's.
                let stepSpeed = reading.speedMetersPerSecond ?? meters / (t1 - t0)
                speed = stepSpeed
                currentSpeedMetersPerSecond = stepSpeed
                if stepSpeed >= options.effectiveRules.movingSpeedThresholdMetersPerSecond, !deviceStepFollowsBreak {
                    // The step's running time: a pause between the two readings (a recording gap, the
                    // device's own pause) is no moving time, nor is the step after one (as a fix's).
                    let running = min(t1 - t0, max(0, (elapsedNow ?? t1) - (previousElapsed ?? t0)))
                    movingSeconds += running
                    moving = running
                }
                maximumStepSpeedFallback = max(maximumStepSpeedFallback ?? 0, stepSpeed)
                // The maximum speed by the fixes' rule: the largest median of five consecutive steps, so a
                // device distance that jumps ahead and stalls cannot set it (when the device states no speed).
                stepSpeeds.add(stepSpeed)
                if stepSpeeds.count >= 3, let median = stepSpeeds.median {
                    maximumSpeed = max(maximumSpeed ?? 0, median)
                }
            }
        }
        guard route.locationCount == 0, let time = reading.time, time.isFinite else { return }
        if let altitude = reading.altitudeMeters {
            // A workout without positions: its elevation is the device's altitude, smoothed and counted as a
            // fix's would be.
            let unsettled = elevation.add(altitudeMeters: altitude, time: time, accuracyMeters: nil, smooth: options.filterMode == .default)
            for _ in 0..<unsettled { rejectedReadings.add(.altitude) }
            settleAltitudes()
        }
        outcome.noteDeviceDistance(DeviceDistanceStep(
            time: time, distanceMeters: deviceDistanceMeters, elapsedSeconds: clock.elapsedSeconds(at: time),
            speedMetersPerSecond: speed, movingSeconds: moving, followsBreak: deviceStepFollowsBreak,
            altitudeMeters: reading.altitudeMeters == nil ? nil : elevation.latestMeters))
        deviceStepFollowsBreak = false
    }

    /// Whether a device distance reading is taken (with the default filter), and the reading its step counts
    /// from. A reading whose rise from the previous one taken implies more than the activity's plausible
    /// maximum speed (the location filter's rule 5, over the time since that total was first read, or the
    /// total before the reading's time for readings that share one, and at least a second: FIT and TCX times
    /// are whole seconds) is a spike: dropped whole, counted in
    /// ``WorkoutSnapshot/rejectedReadings`` (`distance`), and the readings after it go on from the previous
    /// one taken. Several spikes in a row are each judged so. Taken as they are: the first reading (one too
    /// high is followed by a lower one, a reset), a lower total (the device's reset: the next step counts from
    /// it), a reading without a time or after one (nothing to judge by), and every reading with `--filter none`.
    /// When ``deviceDistanceNewLevelRunLength`` consecutive spikes are plausible among themselves, the device's
    /// total really moved to a new level (a foot pod recalibrated, a counter restored): the latest is taken
    /// and its step counts from the first of them, so only the jump into the new level is left out, and the
    /// others' rejections are withdrawn.
    private mutating func judgeDeviceDistance(_ reading: DeviceDistanceReading, into outcome: inout some OutcomeCollector) -> (isTaken: Bool, countsFrom: DeviceDistanceReading?) {
        let baseline = previousDeviceDistance
        let limit = options.effectiveRules.maximumPlausibleSpeedMetersPerSecond
        // The rise is judged from when the total it rises from was first read: a device that updates its
        // distance every few seconds writes the same total on the records between (a ski watch's 15 m every
        // 3 s), and its step is that of all those seconds. Readings that share a time (a pool watch writes the
        // lengths of a set at once) rise together from the total before that time.
        let anchor = reading.time != nil && reading.time == deviceDistanceGroupTime ? deviceDistanceLevelBeforeGroup : deviceDistanceLevel
        let levelStart = baseline.map { (meters: anchor?.meters ?? $0.meters, time: anchor?.since ?? $0.time, elapsed: $0.elapsed) }
        guard options.filterMode == .default, let baseline, let levelStart, reading.meters >= baseline.meters,
              !Self.isPlausibleDeviceStep(from: levelStart, to: reading, limitMetersPerSecond: limit) else {
            heldDeviceDistances = nil
            takeDeviceDistance(reading)
            return (true, baseline)
        }
        let held = heldDeviceDistances.flatMap { held in
            reading.meters >= held.latest.meters
                && Self.isPlausibleDeviceStep(from: held.latest, to: reading, limitMetersPerSecond: limit) ? held : nil
        }
        if let held, held.count + 1 >= Self.deviceDistanceNewLevelRunLength {
            rejectedReadings.remove(.distance, count: held.count - 1)
            heldDeviceDistances = nil
            takeDeviceDistance(reading)
            return (true, held.first)
        }
        heldDeviceDistances = held.map { ($0.first, reading, $0.count + 1) } ?? (reading, reading, 1)
        rejectedReadings.add(.distance)
        outcome.noteRejectedReading(.distance)
        return (false, nil)
    }

    /// Takes `reading` as the one the next device distance step counts from, noting when its total was first read.
    private mutating func takeDeviceDistance(_ reading: DeviceDistanceReading) {
        if reading.time == nil || reading.time != deviceDistanceGroupTime {
            deviceDistanceLevelBeforeGroup = deviceDistanceLevel
            deviceDistanceGroupTime = reading.time
        }
        if deviceDistanceLevel?.meters != reading.meters || reading.meters < (previousDeviceDistance?.meters ?? 0) {
            deviceDistanceLevel = (reading.meters, reading.time)
        }
        previousDeviceDistance = reading
    }

    /// Whether a device's total may rise from `a` to `b` at `limitMetersPerSecond`, over the time between
    /// them but at least a second; without both times, nothing says it may not.
    private static func isPlausibleDeviceStep(from a: DeviceDistanceReading, to b: DeviceDistanceReading,
                                              limitMetersPerSecond: Double) -> Bool {
        guard let t0 = a.time, let t1 = b.time, t0.isFinite, t1.isFinite else { return true }
        return b.meters - a.meters <= limitMetersPerSecond * max(t1 - t0, 1)
    }

    private mutating func addLocation(_ fix: LocationSample, into outcome: inout some OutcomeCollector) {
        let locationIndex = receivedLocations
        receivedLocations += 1
        outcome.noteLocationIndex(locationIndex)
        var fix = fix
        if !sawTimeIncrease, let time = fix.time, time == firstTime, timedFixCount > 0 {
            // The clock has not moved since the first fix: until it does, a repeat of its time says nothing.
            fix.time = nil
            repeatedFirstTimeCount += 1
        }
        if clock.state == .paused {
            locationsWhilePaused += 1
            if isBeforeLatestTimeAfterBoundary(fix.time) || (resumesOnNextSample && segmentAfterBoundaryIsEarlierWorkout) {
                segmentAfterBoundaryIsEarlierWorkout = true
                locationsBeforeLatestTime += 1
                latestTimeBeforeEarlierOuting = lastTime
            } else if resumesOnNextSample {
                countFixOpeningSegment(fix)
            }
            outcome.noteLocation(.ignoredWhilePaused)
            return
        }
        switch filter.judge(fix, index: locationIndex) {
        case .accepted:
            outcome.noteLocation(.accepted)
            record(fix, index: locationIndex, released: false, into: &outcome)
        case .acceptedAsRelocation:
            outcome.noteLocation(.acceptedWithHeldFixes)
            let run = filter.takeRelocatedRun()
            route.startsNewSegment = true
            beginMeasuredSegment()
            for (position, held) in run.enumerated() {
                record(held.fix, index: held.index, released: position < run.count - 1, into: &outcome)
            }
        case .held:
            outcome.noteLocation(.held)
        case .rejected(let reason):
            outcome.noteLocation(.rejected(reason))
        }
    }

    /// Measures an accepted fix into the route and, when the collector keeps fixes, hands it the fix with the
    /// figures as of it (`released`: a held fix let go by a later one). With
    /// ``OutcomeCollector/needsLiveDistance`` the fix carries the distance with the smoothed points still in
    /// the window (``smoothingTail``); without it, the distance counted so far (the analysis settles it
    /// later, see ``settleDistance(of:)``). The fix is built in the call that hands it over: returned, its
    /// 146 bytes were copied twice more per fix.
    private mutating func record(_ fix: LocationSample, index: Int, released: Bool, into outcome: inout some OutcomeCollector) {
        let crossesUnpausedGap = nextFixCrossesGap && gapToCrossIsUnpaused
        let followsPause = nextFixCrossesGap && !gapToCrossIsUnpaused
        gapToCrossIsUnpaused = false
        let bridged = deviceBridgeIsOpen(at: fix.time)
        if bridged {
            bridgeWithDeviceDistance()
        } else if nextFixCrossesGap {
            crossGap(to: fix)
        }
        deviceSinceFix = (0, 0, -.infinity)
        if fix.time != nil { timedFixCount += 1 }
        let startsSegment = route.startsNewSegment || route.segments.isEmpty
        if route.locationCount == 0, options.filterMode == .default { deviceMetersWithoutFixes = deviceDistanceMeters }
        route.append(fix)
        lastAcceptedFix = fix
        let smoothing = options.filterMode == .default && fix.time != nil
        var stepMeters = 0.0
        var stepSeconds: Double?
        if let t0 = previousFix?.time, let t1 = fix.time, t1 > t0 { stepSeconds = t1 - t0 }
        if smoothing, let time = fix.time {
            if measuredUntimedFixes {
                // The first timed fix after untimed ones, whose raw steps counted: smoothing starts afresh here,
                // its first chord from the last of them. Continued from the smoothed point before them (the
                // way between two smoothed points is drawn as a curve), the track ran back over the stretch
                // they had counted (a cold start stamping ten fixes with the first one's time read 61 m long
                // on a 1,030 m line).
                measuredUntimedFixes = false
                smoother.reset()
                standingPlace = nil
                previousSmoothedPoint = nil
            }
            // Default mode: distance runs along the smoothed track, only while moving, in chords of at
            // least `chordMeters` (5 m; 1 m while the device's speed shows the fixes clean; see the README's
            // "Distance"). The smoothed point comes out of the fixed-lag smoother `lagSeconds` later, with the
            // seconds of the step it ends: that step's moving time is decided on the smoothed speed (unless the
            // device gave its own speed, counted below).
            smoother.add(latitude: fix.latitude, longitude: fix.longitude, time: time, accuracyMeters: fix.horizontalAccuracyMeters,
                         deviceSpeedMetersPerSecond: fix.speedMetersPerSecond, payload: fix.speedMetersPerSecond == nil ? stepSeconds ?? 0 : 0)
            while let point = smoother.popDue() { takeSmoothed(point) }
        } else {
            if options.filterMode == .default {
                // An untimed fix inside a smoothed track: the smoothed points so far count first, and the
                // raw step runs from where the last chord ended (it covers the open chord).
                drainSmoother()
                pendingChordMeters = 0
                standingPlace = nil
                measuredUntimedFixes = true
            }
            if let previous = previousMeasuredPoint {
                stepMeters = Ellipsoid.wgs84.distanceMeters(
                    latitude1: previous.latitude, longitude1: previous.longitude,
                    latitude2: fix.latitude, longitude2: fix.longitude)
                route.addDistance(stepMeters)
            }
            previousMeasuredPoint = (fix.latitude, fix.longitude)
            // The distance now reaches this fix: a gap after it is crossed from here, not again from the
            // last smoothed point before it (Google Takeout's location history through GPSBabel has untimed
            // points between timed ones minutes apart: the way to them counted twice, 5,890 km for a plain
            // sum of 3,132 km).
            if options.filterMode == .default { lastSmoothedPoint = (fix.latitude, fix.longitude) }
        }

        var stepSpeed: Double?
        if let previous = previousFix, let t0 = previous.time, let t1 = fix.time, t1 > t0 {
            let seconds = t1 - t0
            // The raw step (for maximum speed): the geodesic already measured without smoothing, else the
            // tangent-plane distance (no second geodesic per fix).
            let rawStepMeters = smoothing ? scaleCache.approximateDistanceMeters(from: previous, to: fix) : stepMeters
            let rawStepSpeed = fix.speedMetersPerSecond ?? (rawStepMeters / seconds)
            let movingSpeed = fix.speedMetersPerSecond ?? (smoothing ? smoother.speedMetersPerSecond : stepMeters / seconds)
            if movingSpeed >= options.effectiveRules.movingSpeedThresholdMetersPerSecond, !smoothing || fix.speedMetersPerSecond != nil {
                movingSeconds += seconds
            }
            currentSpeedMetersPerSecond = movingSpeed
            stepSpeed = movingSpeed
            stepSpeeds.add(rawStepSpeed)
            maximumStepSpeedFallback = max(maximumStepSpeedFallback ?? 0, rawStepSpeed)
            if stepSpeeds.count >= 3, let median = stepSpeeds.median {
                maximumSpeed = max(maximumSpeed ?? 0, median)
            }
        }
        previousFix = fix
        if let time = fix.time {
            physiology.addFix(time: time, elapsedSeconds: clock.elapsedSeconds(at: time), altitudeMeters: fix.altitudeMeters,
                              verticalAccuracyMeters: fix.verticalAccuracyMeters, speedMetersPerSecond: stepSpeed)
        }
        if let altitude = fix.altitudeMeters {
            let unsettled = elevation.add(altitudeMeters: altitude, time: fix.time, accuracyMeters: fix.verticalAccuracyMeters, smooth: smoothing)
            for _ in 0..<unsettled { rejectedReadings.add(.altitude) }
            settleAltitudes()
        }
        guard type(of: outcome).keepsFixes else { return }
        let startsOuting = nextFixStartsOuting
        nextFixStartsOuting = false
        let tailMeters = type(of: outcome).needsLiveDistance ? refreshSmoothingTail().distanceMeters : pendingChordMeters
        outcome.noteAccepted(AcceptedFix(
            location: fix, locationIndex: index, segmentIndex: route.segments.count - 1, startsSegment: startsSegment,
            followsPause: followsPause && !startsSegment,
            distanceMeters: distanceMeters(tailMeters: tailMeters),
            elapsedSeconds: fix.time.flatMap { $0.isFinite ? clock.elapsedSeconds(at: $0) : nil },
            speedMetersPerSecond: currentSpeedMetersPerSecond, smoothedAltitudeMeters: elevation.latestMeters,
            startsOuting: startsOuting, crossesUnpausedGap: (crossesUnpausedGap || bridged) && !startsSegment), released: released)
    }
}

extension WorkoutBuilder {
    /// A point of the smoothed track (default mode), in order: it ends a step of moving time when its
    /// smoothed speed reaches the moving threshold, and it moves the distance chord on.
    private mutating func takeSmoothed(_ point: PositionSmoother.Point) {
        let rules = options.effectiveRules
        let movingStep = Self.movingStepSeconds(of: point, rules: rules)
        movingSeconds += movingStep ?? 0
        let standing = Self.isStanding(point, rules: rules, deviceSpeedDecides: smoother.fixesAreClean)
        let chordMeters = self.chordMeters
        if let previous = previousSmoothedPoint {
            PositionSmoother.forEachPointBetween(previous, point) { between in
                let scale = scaleCache.scale(atLatitude: previousMeasuredPoint?.latitude ?? between.latitude)
                let meters = Self.advanceChord(anchor: &previousMeasuredPoint, pendingMeters: &pendingChordMeters, standing: &standingPlace,
                                               to: between, isStanding: standing, scale: scale, chordMeters: chordMeters) * moverShare(of: between)
                if meters > 0 { route.addDistance(meters) }
            }
        }
        previousSmoothedPoint = point
        lastSmoothedPoint = (point.latitude, point.longitude)
        let scale = scaleCache.scale(atLatitude: previousMeasuredPoint?.latitude ?? point.latitude)
        let meters = Self.advanceChord(anchor: &previousMeasuredPoint, pendingMeters: &pendingChordMeters, standing: &standingPlace, to: point,
                                       isStanding: standing, scale: scale, chordMeters: chordMeters) * moverShare(of: point)
        if meters > 0 { route.addDistance(meters) }
        settleDistance(of: point, movingStepSeconds: movingStep)
    }

    /// The moving time of the step a smoothed point ends: its seconds when the point counts as moving, else
    /// 0; `nil` when the step's moving time is not the smoother's to decide (the device stated the fix's
    /// speed, or the step starts a segment).
    static func movingStepSeconds(of point: PositionSmoother.Point, rules: ActivityRules) -> Double? {
        guard point.payload > 0 else { return nil }
        return isMoving(point, rules: rules) ? point.payload : 0
    }

    /// The share of a chord ending at `point` that the mover travelled: the rest is GPS error that the
    /// smoother let through (``GPSNoiseDiffusion``). Inlined, as ``deviceBridgeIsOpen(at:)`` is: it is called
    /// from the mutating ``takeSmoothed(_:)`` for each smoothed point.
    @inline(__always)
    private func moverShare(of point: PositionSmoother.Point) -> Double {
        smoother.noiseLength(speedMetersPerSecond: point.speedMetersPerSecond)
    }

    /// The smoothed point of a fix has left the window: the distance to it and the moving time up to it are
    /// final, and the analysis takes them as that fix's (the ones the fix carried were the best estimates of
    /// its moment).
    private mutating func settleDistance(of point: PositionSmoother.Point, movingStepSeconds: Double?) {
        if keepsSettledFixDistances { settledFixDistances.append((point.time, routeDistanceMeters + pendingChordMeters)) }
        guard options.collectsAnalysis else { return }
        analysis.settle(time: point.time, distanceMeters: routeDistanceMeters + pendingChordMeters, movingStepSeconds: movingStepSeconds)
    }

    /// The smoothed altitudes that left the altitude smoother's window are final: the analysis takes them as
    /// their fixes' altitudes (the ones the fixes carried were the filter's estimates of their moment).
    private mutating func settleAltitudes() {
        guard !elevation.settled.isEmpty else { return }
        if options.collectsAnalysis {
            for (time, meters) in elevation.settled { analysis.settle(time: time, altitudeMeters: meters) }
        }
        elevation.removeSettled()
    }

    /// Whether the step ending at a smoothed point counts as moving time: its smoothed speed reaches the
    /// moving threshold, and the track's net displacement around it is not that of a mover standing still
    /// (see ``isStandingByWindow(_:rules:)``).
    static func isMoving(_ point: PositionSmoother.Point, rules: ActivityRules) -> Bool {
        point.speedMetersPerSecond >= rules.movingSpeedThresholdMetersPerSecond && !isStandingByWindow(point, rules: rules)
    }

    /// Whether the mover stands by the track's net displacement: the smoothed track nets less than
    /// ``standingWindowFractionOfMovingThreshold`` of the moving threshold over the
    /// ``PositionSmoother/windowSeconds`` before the point or over those after it, and its smoothed speed is
    /// below ``standingSpeedGuard`` times the threshold. GPS noise whose error wanders over 10–20 s (a city
    /// street) moves a smoothed track at a stop by 0.5–1 m/s, as fast as a walk, but it returns as often as
    /// it leaves, so its net displacement stays small. Stop detection is thus a test of its own on the
    /// smoothed track, not a question of the smoothed speed alone.
    static func isStandingByWindow(_ point: PositionSmoother.Point, rules: ActivityRules) -> Bool {
        isStandingByWindow(point, thresholdMetersPerSecond: rules.movingSpeedThresholdMetersPerSecond)
    }

    /// ``isStandingByWindow(_:rules:)`` against the threshold `threshold` (m/s).
    static func isStandingByWindow(_ point: PositionSmoother.Point, thresholdMetersPerSecond threshold: Double) -> Bool {
        point.speedMetersPerSecond < threshold * standingSpeedGuard
            && point.windowSpeedMetersPerSecond < threshold * standingWindowFractionOfMovingThreshold
    }

    /// See ``isStandingByWindow(_:rules:)``: 0.35 of the moving threshold (0.26 m/s running, 5.25 m over
    /// 20 s). 3 m of noise correlated over 15 s nets less than that on one side about 65 % of the time, on
    /// one of the two sides about 88 %, so a stop is recognised from its first seconds to its last (one side
    /// of the window lies wholly inside it), where the centred 40 s window before this recognised only the
    /// middle of stops longer than 35 s (moving time of the urban run +0.3 to +1.9 %, now −0.2 to +0.8 %).
    /// Half the threshold recognised stops better still but took steep uphill walking, read with running's
    /// thresholds, for standing (the GPSMAP 64s hike 2 % shorter); a quarter let the urban run's stops
    /// through again.
    static let standingWindowFractionOfMovingThreshold = 0.35
    /// See ``isStandingByWindow(_:rules:)``: a mover whose smoothed speed is at least twice the moving
    /// threshold is not standing, whatever the window says: the one case where a moving track nets little
    /// over 20 s is a U-turn (an out-and-back's turning point), run at speed; the smoothed noise at a stop
    /// rarely reaches 1.5 m/s. It also keeps the ends of a stop to the second: braking from 3 m/s the mover
    /// falls below 1.5 m/s only in the last second.
    static let standingSpeedGuard = 2.0

    /// Takes every smoothed point still in the smoother's window (the end of a segment, a gap).
    private mutating func drainSmoother() {
        while let point = smoother.popOldest() { takeSmoothed(point) }
    }

    /// Whether the mover stands at a smoothed point, for distance: the smoothed speed is below
    /// ``stationaryFractionOfMovingThreshold`` of the moving threshold, or the track nets almost nothing
    /// around it (``isStandingByWindow(_:rules:)``); both against the moving threshold, but no higher than
    /// ``maximumStandingThresholdMetersPerSecond``. When `deviceSpeedDecides` (the device's speed shows the
    /// fixes clean, ``DeviceSpeedNoise``) and the point's fix carries the device's speed, that speed below the
    /// same fraction decides instead, as the device's speed decides moving time: a slow climb up switchbacks
    /// nets little over 20 s and the window took it for standing (the FR910XT trail run's slowest lap, at
    /// 0.88 m/s, 2.3 % short of its device, now 1.8 %), while a speed shown consistent with the fixes is not
    /// fooled by the bends. Before that, a device's speed at or above the threshold says the mover moves, as
    /// it says so for moving time: a mountain biker round a hairpin at 0.4-1.4 m/s nets little over 20 s (the
    /// bundled MTB ride's first lap, 2.6 % short of its device before, 1.6 % now); a speed below it (a file
    /// that writes 0 for every speed) leaves the window to decide.
    static func isStanding(_ point: PositionSmoother.Point, rules: ActivityRules, deviceSpeedDecides: Bool = false) -> Bool {
        let threshold = min(rules.movingSpeedThresholdMetersPerSecond, maximumStandingThresholdMetersPerSecond)
        if let speed = point.deviceSpeedMetersPerSecond {
            if deviceSpeedDecides { return speed < threshold * stationaryFractionOfMovingThreshold }
            if speed >= threshold { return false }
        }
        return point.speedMetersPerSecond < threshold * stationaryFractionOfMovingThreshold
            || isStandingByWindow(point, thresholdMetersPerSecond: threshold)
    }

    /// The highest threshold the tests of standing for distance (``isStanding(_:rules:)``) scale with:
    /// running's moving threshold, 0.75 m/s. Whether the mover stands is a question of what GPS noise does at
    /// a stop, which does not depend on the activity; a rider's moving threshold (1.5 m/s: the window test
    /// then takes less than 10.5 m net over 20 s, below 3 m/s, for standing) took a mountain biker climbing
    /// or pushing at 1–2 m/s up a winding trail for standing: a Garmin MTB ride in fit-parser's tests (MIT,
    /// 16.6 km by the device, 5.8 km of it at 1–2 m/s) read 14,245 m (−14.3 %), with this 15,130 m (−9.0 %;
    /// the rest is the smoother's on the slow, winding climbs, README "Distance"), and the generated rides'
    /// stops at lights still add nothing (their distances move by 0.01 % on average). The moving time keeps
    /// the activity's threshold (``isMoving(_:rules:)``).
    static let maximumStandingThresholdMetersPerSecond = 0.75

    /// Where a standing mover stands: the mean of the smoothed points while they stand.
    struct StandingPlace: Sendable {
        var latitudeSum = 0.0, longitudeSum = 0.0, count = 0.0
        var latitude: Double { latitudeSum / count }
        var longitude: Double { longitudeSum / count }
        mutating func add(_ point: PositionSmoother.Point, relativeTo anchor: (latitude: Double, longitude: Double)) {
            // Summed as offsets from the anchor, so a stop across the antimeridian averages right.
            var dLon = point.longitude - anchor.longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            latitudeSum += point.latitude
            longitudeSum += anchor.longitude + dLon
            count += 1
        }
    }

    /// Moves the distance chord from `anchor` on to a smoothed point; returns the metres of a chord that
    /// completed (0 when none did). While the mover stands (`isStanding`, see ``isStanding(_:rules:)``),
    /// the chord waits at its anchor and `standing` gathers where they stand; when they move on, the line
    /// from the anchor to that place counts and the chord goes on from there. So drift at a stop adds
    /// nothing, and what the mover travelled into and out of the stop still counts even when the stop is
    /// recognised a little early or left a little late. `scale` is the tangent plane at the anchor.
    static func advanceChord(anchor: inout (latitude: Double, longitude: Double)?, pendingMeters: inout Double, standing: inout StandingPlace?,
                             to point: PositionSmoother.Point, isStanding: Bool, scale: LocalScale,
                             chordMeters minimumChordMeters: Double = distanceChordMeters) -> Double {
        guard var start = anchor else {
            anchor = (point.latitude, point.longitude)
            standing = nil
            return 0
        }
        if isStanding {
            var place = standing ?? StandingPlace()
            place.add(point, relativeTo: start)
            standing = place
            pendingMeters = scale.planarDistanceMeters(latitude1: start.latitude, longitude1: start.longitude,
                                                       latitude2: place.latitude, longitude2: place.longitude)
            return 0
        }
        var meters = 0.0
        if let place = standing {
            // Moving again: the way into the stop counts, the chord goes on from where they stood.
            meters = Ellipsoid.wgs84.distanceMeters(latitude1: start.latitude, longitude1: start.longitude,
                                                    latitude2: place.latitude, longitude2: place.longitude)
            start = (place.latitude, place.longitude)
            anchor = start
            standing = nil
        }
        // The tangent plane decides whether the chord is complete (it is within 0.1 % of the geodesic over
        // 10 m); the geodesic is computed only for a chord that counts, one in three or four fixes at
        // running pace with 5 m chords (most fixes with the 1 m chords of clean fixes).
        let planar = scale.planarDistanceMeters(latitude1: start.latitude, longitude1: start.longitude,
                                                latitude2: point.latitude, longitude2: point.longitude)
        pendingMeters = planar
        guard planar >= minimumChordMeters * 0.99 else { return meters }
        let chordMeters = Ellipsoid.wgs84.distanceMeters(
            latitude1: start.latitude, longitude1: start.longitude, latitude2: point.latitude, longitude2: point.longitude)
        guard chordMeters >= minimumChordMeters else {
            pendingMeters = chordMeters
            return meters
        }
        anchor = (point.latitude, point.longitude)
        pendingMeters = 0
        return meters + chordMeters
    }

    /// What the smoothed points still in the smoother's window add, smoothed with every fix so far: the
    /// distance (with the open chord) and the moving time. A summary and a live figure add it to what the
    /// builder has counted, so they hold every fix so far.
    var smoothingTail: (distanceMeters: Double, movingSeconds: Double) {
        if let cachedTail, cachedTail.smootherRevision == smoother.revision, cachedTail.locationCount == route.locationCount {
            return (cachedTail.distanceMeters, cachedTail.movingSeconds)
        }
        return computedSmoothingTail
    }

    /// ``smoothingTail``, kept until the smoother or the route changes.
    @discardableResult
    private mutating func refreshSmoothingTail() -> (distanceMeters: Double, movingSeconds: Double) {
        if let cachedTail, cachedTail.smootherRevision == smoother.revision, cachedTail.locationCount == route.locationCount {
            return (cachedTail.distanceMeters, cachedTail.movingSeconds)
        }
        let tail = computedSmoothingTail
        cachedTail = (smoother.revision, route.locationCount, tail.distanceMeters, tail.movingSeconds)
        return tail
    }

    private var computedSmoothingTail: (distanceMeters: Double, movingSeconds: Double) {
        walkSmoothingTail { _, _, _ in }
    }

    /// Walks the smoothed points still in the smoother's window as ``takeSmoothed(_:)`` will (without
    /// changing anything), calling `visit` with each point's time, the metres the window adds up to it and
    /// the moving time of the step it ends (``movingStepSeconds(of:rules:)``).
    private func walkSmoothingTail(_ visit: (_ time: Double, _ metersSoFar: Double, _ movingStepSeconds: Double?) -> Void) -> (distanceMeters: Double, movingSeconds: Double) {
        guard options.filterMode == .default else { return (pendingChordMeters, 0) }
        let rules = options.effectiveRules
        var anchor = previousMeasuredPoint, pending = pendingChordMeters, standing = standingPlace
        var previous = previousSmoothedPoint
        var meters = 0.0, moving = 0.0
        // The tangent plane at the chord's anchor, computed again only when the anchor moves.
        var scaleLatitude = Double.nan, scale = LocalScale(latitude: 0)
        // The closure reads nothing of `self`: a method of the builder called in it copied the whole builder
        // for each point of the window (a live replay spent a fifth of its time so).
        let noiseLength = smoother.noiseLength, chordMeters = self.chordMeters, deviceSpeedDecides = smoother.fixesAreClean
        func moverShare(of point: PositionSmoother.Point) -> Double {
            noiseLength(speedMetersPerSecond: point.speedMetersPerSecond)
        }
        smoother.forEachPending { point in
            let movingStep = Self.movingStepSeconds(of: point, rules: rules)
            moving += movingStep ?? 0
            let isStanding = Self.isStanding(point, rules: rules, deviceSpeedDecides: deviceSpeedDecides)
            if let previous {
                PositionSmoother.forEachPointBetween(previous, point) { between in
                    let latitude = anchor?.latitude ?? between.latitude
                    if latitude != scaleLatitude { scaleLatitude = latitude; scale = LocalScale(latitude: latitude) }
                    meters += Self.advanceChord(anchor: &anchor, pendingMeters: &pending, standing: &standing, to: between,
                                                isStanding: isStanding, scale: scale, chordMeters: chordMeters) * moverShare(of: between)
                }
            }
            previous = point
            let latitude = anchor?.latitude ?? point.latitude
            if latitude != scaleLatitude { scaleLatitude = latitude; scale = LocalScale(latitude: latitude) }
            meters += Self.advanceChord(anchor: &anchor, pendingMeters: &pending, standing: &standing, to: point,
                                        isStanding: isStanding, scale: scale, chordMeters: chordMeters) * moverShare(of: point)
            visit(point.time, meters + pending, movingStep)
        }
        return (meters + pending, moving)
    }
}

extension WorkoutBuilder: TrackSampleSink {
    public mutating func trackActivity(named name: String) throws {
        if let activity = ActivityType(parsing: name) { adoptActivity(activity) }
    }

    /// The input carries the device's timer events: ``useDeviceTimer()``.
    public mutating func trackHasTimerEvents() throws {
        useDeviceTimer()
    }

    /// A reader's sample: ``addWithoutOutcome(_:)`` (never throws).
    public mutating func consume(_ sample: Sample) throws {
        addWithoutOutcome(sample)
    }
}

// MARK: - Reading results

extension WorkoutBuilder {
    /// Distance so far, metres: the route's (its segments plus the open chord of the default mode) and, in
    /// the default mode, the distance the device measured itself (``/WorkoutSamples/DistanceSample``) where
    /// the route had no fix: before its first fix, and over each stretch without a fix whose readings last
    /// longer than the activity's ``ActivityRules/gapPauseSeconds`` (in place of the straight line across);
    /// for a workout without any accepted fix, the device's distance.
    public var distanceMeters: Double {
        distanceMeters(tailMeters: smoothingTail.distanceMeters)
    }

    /// ``distanceMeters`` with `tailMeters` as what the smoothers' windows add.
    @inline(__always)
    private func distanceMeters(tailMeters: Double) -> Double {
        guard route.locationCount > 0 else { return deviceDistanceMeters }
        return routeDistanceMeters + tailMeters + (deviceBridgeIsOpen(at: nil) ? deviceSinceFix.meters : 0)
    }

    /// The distance the route has counted, with the device's where the route had no fix
    /// (``deviceMetersWithoutFixes``).
    private var routeDistanceMeters: Double {
        deviceMetersWithoutFixes + route.distanceMeters
    }


    /// Active energy so far, kilocalories: the sum of the input's `activeEnergy` increments when it has
    /// any, else the estimate of the model in ``WorkoutSnapshot/energyModel``, growing per sample;
    /// `nil` before any model applied.
    public var activeEnergyKilocalories: Double? { physiology.activeEnergyKilocalories }

    /// The latest sample's time, seconds.
    public var latestSampleTime: Double? { lastTime }

    /// The series behind the analysis (splits, laps, best efforts, curves, climbs), fed from each input's
    /// outcome, each fix's distance and altitude settled (``AnalysisSeries/distancesMeters`` and
    /// ``AnalysisSeries/altitudesMeters``: those still in the smoothers' windows as the track stands now);
    /// `nil` when
    /// ``WorkoutOptions/collectsAnalysis`` is off.
    /// - Complexity: O(n) for the copy, plus one walk over the smoother's window.
    public var analysisSeries: AnalysisSeries? {
        guard options.collectsAnalysis else { return nil }
        var series = analysis
        settlePending(in: &series)
        return series
    }

    /// The analysis series for a summary after which the builder is done (``finishingSummary``): settled
    /// in place instead of in a copy, and taken out of the builder (its series are left empty). At a
    /// million fixes the copy of the settled columns was 20 MB of the summary's peak memory.
    mutating func takeAnalysisSeries() -> AnalysisSeries? {
        guard options.collectsAnalysis else { return nil }
        var series = analysis
        analysis = AnalysisSeries(movingSpeedThresholdMetersPerSecond: series.movingSpeedThresholdMetersPerSecond,
                                  elevationHysteresisMeters: series.elevationHysteresisMeters)
        settlePending(in: &series)
        return series
    }

    /// Settles the fixes whose smoothed points are still in the smoothers' windows, as they stand now.
    private func settlePending(in series: inout AnalysisSeries) {
        let counted = routeDistanceMeters
        _ = walkSmoothingTail { time, meters, movingStep in
            series.settle(time: time, distanceMeters: counted + meters, movingStepSeconds: movingStep)
        }
        elevation.forEachPendingSmoothed { time, meters in series.settle(time: time, altitudeMeters: meters) }
    }

    /// Counts and figures gathered so far, without the route geometry (cheap to call often).
    public var snapshot: WorkoutSnapshot {
        let elevation = self.elevation.flushed
        let (gain, loss) = elevation.totals
        let timed = !timeIsUnusable
        let tail = smoothingTail
        let end = timed ? clock.endTime ?? lastTime : nil
        return WorkoutSnapshot(
            activity: options.activity,
            filterMode: options.filterMode,
            state: clock.state,
            startTime: timed ? firstTime : nil,
            endTime: end,
            elapsedSeconds: end.map { clock.elapsedSeconds(at: $0) },
            movingSeconds: firstTime == nil || !timed ? nil
                : movingSeconds + tail.movingSeconds + (deviceBridgeIsOpen(at: nil) ? deviceSinceFix.movingSeconds : 0),
            distanceMeters: distanceMeters(tailMeters: tail.distanceMeters),
            receivedLocationCount: receivedLocations,
            locationCount: route.locationCount,
            locationsWhilePaused: locationsWhilePaused,
            rejections: filter.rejections,
            rejectedReadings: rejectedReadings,
            segmentCount: route.segments.count,
            maximumSpeedMetersPerSecond: maximumSpeed ?? maximumStepSpeedFallback,
            latestSpeedMetersPerSecond: currentSpeedMetersPerSecond,
            elevationGainMeters: elevation.hasAltitude ? gain : nil,
            elevationLossMeters: elevation.hasAltitude ? loss : nil,
            minimumElevationMeters: elevation.minimumMeters,
            maximumElevationMeters: elevation.maximumMeters,
            heartRateAverage: heartRate.average,
            heartRateMinimum: heartRate.minimumValue,
            heartRateMaximum: heartRate.maximumValue,
            cadenceAverage: cadence.average,
            powerAverage: power.average,
            activeEnergyKilocalories: activeEnergyKilocalories,
            lapCount: lapCount,
            pauseCount: pauseCount,
            sampleCount: sampleCount,
            heartRateZones: physiology.heartRateLoad.zones,
            heartRateZoneMethod: physiology.heartRateLoad.bounds.method,
            trimp: physiology.heartRateLoad.hasDuration ? physiology.heartRateLoad.trimp : nil,
            energyModel: physiology.energyModel,
            energyModelSeconds: physiology.modelSeconds,
            profile: physiology.profile,
            warnings: timeWarnings + speedWarnings + timeOrderWarnings + deviceDistanceWarnings + rejectionWarnings
        )
    }
}
