public import WorkoutSamples
import Geodesy

/// Decides which fixes enter the route. One pass, in input order, constant memory.
///
/// Rules, in the order they are checked (the first that fails names the rejection):
/// 1. invalid coordinates (every mode);
/// 2. no fix; 3. accuracy worse than the limit (default 50 m);
/// 4. a time not later than the previous accepted fix (untimed fixes skip this rule and rule 5);
/// 5. an implied speed above the activity's plausible maximum, measured from the previous accepted fix
///    of the same segment. When ``relocationRunLength`` consecutive fixes fail only this rule and are
///    plausible among themselves, the earlier anchor was the bad one (or the device was moved while off):
///    they are accepted as the start of a new segment and their rejections are withdrawn;
/// 6. a fix at (0, 0) far from the previous accepted fix.
public struct LocationFilter: Sendable {
    /// The filter's thresholds.
    public struct Configuration: Sendable, Hashable {
        /// Which rules apply: all of them (`.default`) or only the coordinate check (`.none`).
        public var mode: LocationFilterMode
        /// Fixes whose horizontal accuracy is worse (larger) than this are rejected. 50 m: a phone in a
        /// street canyon reports 20–40 m; beyond 50 m the fix is usually from cell towers or Wi-Fi.
        public var maximumHorizontalAccuracyMeters: Double
        /// The speed limit of rule 5.
        public var maximumPlausibleSpeedMetersPerSecond: Double

        /// The thresholds for `activity` (its plausible-speed limit) in `mode`, rejecting fixes less accurate than
        /// `maximumHorizontalAccuracyMeters`.
        public init(mode: LocationFilterMode = .default, activity: ActivityType, maximumHorizontalAccuracyMeters: Double = 50) {
            self.mode = mode
            self.maximumHorizontalAccuracyMeters = maximumHorizontalAccuracyMeters
            self.maximumPlausibleSpeedMetersPerSecond = activity.rules.maximumPlausibleSpeedMetersPerSecond
        }
    }

    /// What the filter decided for one submitted fix.
    public enum Verdict: Sendable, Hashable {
        /// Accepted, continuing the current segment.
        case accepted
        /// Accepted together with the held fixes returned by ``takeRelocatedRun()``, which start a new
        /// segment (see rule 5).
        case acceptedAsRelocation
        /// Held back: it failed rule 5 but may turn out to start a relocation.
        case held
        /// Rejected for this reason.
        case rejected(LocationRejectionReason)
    }

    /// Fixes within this distance of (0, 0) make a (0, 0) fix plausible.
    public static let nullIslandNeighbourhoodMeters = 1_000.0
    /// How many consecutive, mutually plausible speed rejections make a relocation.
    public static let relocationRunLength = 3

    /// The thresholds this filter applies.
    public let configuration: Configuration
    /// Rejections so far, by reason.
    public private(set) var rejections = RejectionCounts()
    private var anchor: LocationSample?
    private var lastAcceptedTime: Double?
    private var heldRun: [(fix: LocationSample, index: Int)] = []
    private var scaleCache = LocalScaleCache()

    /// A filter that has seen no fix yet.
    public init(configuration: Configuration) {
        self.configuration = configuration
        heldRun.reserveCapacity(Self.relocationRunLength)
    }

    /// Judges one fix. `index` is a number the caller gives the fix (its position in the input); the fixes
    /// of a relocated run come back with theirs from ``takeRelocatedRun()``.
    /// - Complexity: O(1); one geodesic distance at most.
    public mutating func judge(_ fix: LocationSample, index: Int = 0) -> Verdict {
        guard fix.latitude.isFinite, fix.longitude.isFinite, abs(fix.latitude) <= 90, abs(fix.longitude) <= 180 else {
            return reject(.invalidCoordinate)
        }
        guard configuration.mode == .default else {
            accept(fix)
            return .accepted
        }
        if !fix.hasFix { return reject(.noFix) }
        if let accuracy = fix.horizontalAccuracyMeters, !(accuracy <= configuration.maximumHorizontalAccuracyMeters) {
            return reject(.poorAccuracy)
        }
        if let time = fix.time, let last = lastAcceptedTime, !(time > last) {
            return reject(.nonIncreasingTime)
        }
        if abs(fix.latitude) < 1e-6, abs(fix.longitude) < 1e-6 {
            let nearAnchor = anchor.map { Self.distance($0, fix) <= Self.nullIslandNeighbourhoodMeters } ?? false
            if !nearAnchor { return reject(.nullIsland) }
        }
        if let current = anchor, !isPlausibleStep(from: current, to: fix) {
            if let lastHeld = heldRun.last, !isPlausibleStep(from: lastHeld.fix, to: fix) {
                // The run is broken: its fixes stay rejected, this one starts a new candidate run.
                heldRun.removeAll(keepingCapacity: true)
            }
            heldRun.append((fix, index))
            rejections.add(.implausibleSpeed)
            if heldRun.count >= Self.relocationRunLength {
                rejections.remove(.implausibleSpeed, count: heldRun.count)
                anchor = fix
                if let time = fix.time { lastAcceptedTime = time }
                return .acceptedAsRelocation
            }
            return .held
        }
        accept(fix)
        return .accepted
    }

    /// After ``Verdict/acceptedAsRelocation``: the fixes of the relocated run in order, with the indices
    /// they were judged with, the judged fix last.
    public mutating func takeRelocatedRun() -> [(fix: LocationSample, index: Int)] {
        defer { heldRun.removeAll(keepingCapacity: true) }
        return heldRun
    }

    /// Starts a new segment (a pause, a GPX segment, a long gap): the next fix is not compared for speed
    /// with the fixes before it.
    public mutating func beginSegment() {
        anchor = nil
        heldRun.removeAll(keepingCapacity: true)
    }

    private mutating func accept(_ fix: LocationSample) {
        anchor = fix
        if let time = fix.time { lastAcceptedTime = time }
        heldRun.removeAll(keepingCapacity: true)
    }

    private mutating func reject(_ reason: LocationRejectionReason) -> Verdict {
        rejections.add(reason)
        return .rejected(reason)
    }

    private mutating func isPlausibleStep(from a: LocationSample, to b: LocationSample) -> Bool {
        guard let t0 = a.time, let t1 = b.time else { return true }
        let seconds = t1 - t0
        guard seconds > 0 else { return false }
        let limitMeters = configuration.maximumPlausibleSpeedMetersPerSecond * seconds
        // The tangent-plane distance is within 0.1 % of the geodesic for steps under 10 km: decide with it
        // unless the step is that close to the limit or that long (one geodesic then, not one per fix).
        let approximate = scaleCache.approximateDistanceMeters(from: a, to: b)
        if approximate < 10_000, abs(approximate - limitMeters) > 0.002 * limitMeters {
            return approximate <= limitMeters
        }
        return Self.distance(a, b) <= limitMeters
    }

    private static func distance(_ a: LocationSample, _ b: LocationSample) -> Double {
        Ellipsoid.wgs84.distanceMeters(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
    }
}
