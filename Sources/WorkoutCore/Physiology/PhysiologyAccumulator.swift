import SessionSupport
import WorkoutSamples

/// Energy, heart-rate zones and TRIMP, accumulated per sample inside ``WorkoutBuilder`` in running time
/// (paused time never counts). O(1) and no allocation per sample.
///
/// Energy is integrated over running time with each input holding until it is replaced, for at most its
/// hold limit (heart rate and power: the sensor hold limit; speed: the activity's unrecorded-gap limit,
/// as fixes may be sparse). Over each stretch the best model whose input is current is used, in this
/// order: power (cycling) → heart rate (Keytel) → ACSM (walking, running, hiking) → Compendium MET
/// (cycling). When the input carries `activeEnergy` samples, their sum replaces the estimate.
struct PhysiologyAccumulator: Sendable {
    let profile: ResolvedAthleteProfile
    let activity: ActivityType
    let sensorHoldLimitSeconds: Double
    let movementHoldLimitSeconds: Double
    let movingSpeedThreshold: Double

    private(set) var heartRateLoad: HeartRateLoadAccumulator
    private(set) var estimatedKilocalories = 0.0
    private(set) var modelSeconds = EnergyModelSeconds()
    private(set) var deviceKilocalories: Double?

    private var lastElapsed: Double?
    private var heartRate: (bpm: Double, since: Double)?
    private var power: (watts: Double, since: Double)?
    private var movement: (speed: Double, grade: Double, since: Double)?
    private var grade = GradeEstimator()

    init(profile: ResolvedAthleteProfile, activity: ActivityType, sensorHoldLimitSeconds: Double, rules: ActivityRules) {
        self.profile = profile
        self.activity = activity
        self.sensorHoldLimitSeconds = sensorHoldLimitSeconds
        self.movementHoldLimitSeconds = rules.gapPauseSeconds
        self.movingSpeedThreshold = rules.movingSpeedThresholdMetersPerSecond
        self.heartRateLoad = HeartRateLoadAccumulator(bounds: HeartRateZoneBounds(profile: profile), sex: profile.sex, holdLimitSeconds: sensorHoldLimitSeconds)
    }

    /// Active energy so far: the device's sum when it sent any, else the estimate; `nil` before any
    /// model applied.
    var activeEnergyKilocalories: Double? {
        if let deviceKilocalories { return deviceKilocalories }
        return modelSeconds.primary == nil ? nil : estimatedKilocalories
    }

    /// The model behind ``activeEnergyKilocalories``.
    var energyModel: EnergyModel? {
        deviceKilocalories != nil ? .device : modelSeconds.primary
    }

    // MARK: Inputs

    /// Integrates energy up to `elapsed` running seconds with the inputs held so far. Call before
    /// applying a new reading taken at `elapsed`.
    mutating func advance(toElapsed elapsed: Double) {
        guard elapsed.isFinite else { return }
        guard let last = lastElapsed else {
            lastElapsed = elapsed
            return
        }
        guard elapsed > last else { return }
        var t = last
        // Each pass ends at `elapsed` or at the expiry of the chosen model's input, after which that
        // model no longer qualifies: at most one pass per model.
        while t < elapsed {
            let model: EnergyModel
            let until: Double
            let rate: Double
            if activity == .cycling, let power, t < power.since + sensorHoldLimitSeconds {
                model = .power
                until = power.since + sensorHoldLimitSeconds
                rate = EnergyFormulas.powerKilocaloriesPerMinute(watts: power.watts, massKilograms: profile.massKilograms)
            } else if let heartRate, t < heartRate.since + sensorHoldLimitSeconds {
                model = .heartRate
                until = heartRate.since + sensorHoldLimitSeconds
                rate = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: heartRate.bpm, massKilograms: profile.massKilograms, ageYears: profile.ageYears, sex: profile.sex)
            } else if let movement, t < movement.since + movementHoldLimitSeconds {
                until = movement.since + movementHoldLimitSeconds
                switch activity {
                case .cycling:
                    model = .compendiumCycling
                    rate = movement.speed >= movingSpeedThreshold
                        ? EnergyFormulas.metKilocaloriesPerMinute(met: EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: movement.speed), massKilograms: profile.massKilograms)
                        : 0
                case .running, .walking, .hiking:
                    let running = activity == .running
                    model = running ? .acsmRunning : .acsmWalking
                    rate = EnergyFormulas.acsmKilocaloriesPerMinute(running: running, speedMetersPerSecond: movement.speed, grade: movement.grade, massKilograms: profile.massKilograms)
                }
            } else {
                break
            }
            let end = min(elapsed, until)
            estimatedKilocalories += rate * (end - t) / 60
            modelSeconds[model] += end - t
            t = end
        }
        lastElapsed = elapsed
    }

    mutating func addHeartRate(_ bpm: Double, elapsedSeconds: Double?) {
        heartRateLoad.add(bpm, elapsedSeconds: elapsedSeconds)
        guard bpm.isFinite, bpm > 0, let elapsedSeconds else { return }
        heartRate = (bpm, elapsedSeconds)
    }

    mutating func addPower(_ watts: Double, elapsedSeconds: Double?) {
        guard watts.isFinite, watts >= 0, let elapsedSeconds else { return }
        power = (watts, elapsedSeconds)
    }

    mutating func addDeviceEnergy(_ kilocalories: Double) {
        guard kilocalories.isFinite else { return }
        deviceKilocalories = (deviceKilocalories ?? 0) + kilocalories
    }

    /// An accepted, timed fix: `speed` is the speed of the step that ended at it (`nil` for the first fix
    /// of a segment), the altitude feeds the grade.
    mutating func addFix(time: Double, elapsedSeconds: Double, altitudeMeters: Double?, verticalAccuracyMeters: Double?, speedMetersPerSecond speed: Double?) {
        let climb = grade.add(altitudeMeters: altitudeMeters, time: time, accuracyMeters: verticalAccuracyMeters)
        guard let speed, speed.isFinite, speed >= 0 else { return }
        let slope = (speed > 0 && climb.seconds > 0) ? climb.meters / (speed * climb.seconds) : 0
        movement = (speed, slope, elapsedSeconds)
    }

    /// A segment boundary: the speed and the altitude smoothing restart.
    mutating func resetMovement() {
        movement = nil
        grade.reset()
    }
}
