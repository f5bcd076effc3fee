import WorkoutEngine

/// The `workouts` table's columns that come from an imported workout, in one list both stores use, so
/// the SQLite and PostgreSQL schemas and inserts cannot drift apart. Every summary figure is a column
/// (SI units, NULL where unknown); the whole summary is also kept as JSON.
enum WorkoutColumns {
    /// A column's SQL type family.
    enum Kind {
        case real, integer, text
    }

    /// One value to bind.
    enum Value {
        case real(Double?)
        case integer(Int?)
        case text(String?)
    }

    struct Column {
        let name: String
        let kind: Kind
        let value: @Sendable (ImportedWorkout) -> Value
    }

    /// Figures of the summary, in table order (after id, athlete, activity, start/end, device, hash).
    static let figures: [Column] = [
        Column(name: "filter_mode", kind: .text) { .text($0.summary.metrics.filterMode.rawValue) },
        Column(name: "elapsed_s", kind: .real) { .real($0.summary.metrics.elapsedSeconds) },
        Column(name: "total_s", kind: .real) { .real($0.summary.metrics.totalSeconds) },
        Column(name: "moving_s", kind: .real) { .real($0.summary.metrics.movingSeconds) },
        Column(name: "distance_m", kind: .real) { .real($0.summary.metrics.distanceMeters) },
        Column(name: "location_count", kind: .integer) { .integer($0.summary.metrics.locationCount) },
        Column(name: "received_location_count", kind: .integer) { .integer($0.summary.metrics.receivedLocationCount) },
        Column(name: "locations_while_paused", kind: .integer) { .integer($0.summary.metrics.locationsWhilePaused) },
        Column(name: "rejected_location_count", kind: .integer) { .integer($0.summary.metrics.rejections.total) },
        Column(name: "segment_count", kind: .integer) { .integer($0.summary.metrics.segmentCount) },
        Column(name: "pause_count", kind: .integer) { .integer($0.summary.metrics.pauseCount) },
        Column(name: "lap_count", kind: .integer) { .integer($0.summary.metrics.lapCount) },
        Column(name: "average_speed_mps", kind: .real) { .real($0.summary.metrics.averageSpeedMetersPerSecond) },
        Column(name: "max_speed_mps", kind: .real) { .real($0.summary.metrics.maximumSpeedMetersPerSecond) },
        Column(name: "average_pace_s_per_km", kind: .real) { .real($0.summary.metrics.averagePaceSecondsPerKilometer) },
        Column(name: "elevation_gain_m", kind: .real) { .real($0.summary.metrics.elevationGainMeters) },
        Column(name: "elevation_loss_m", kind: .real) { .real($0.summary.metrics.elevationLossMeters) },
        Column(name: "min_elevation_m", kind: .real) { .real($0.summary.metrics.minimumElevationMeters) },
        Column(name: "max_elevation_m", kind: .real) { .real($0.summary.metrics.maximumElevationMeters) },
        Column(name: "heart_rate_average_bpm", kind: .real) { .real($0.summary.metrics.heartRateAverage) },
        Column(name: "heart_rate_min_bpm", kind: .real) { .real($0.summary.metrics.heartRateMinimum) },
        Column(name: "heart_rate_max_bpm", kind: .real) { .real($0.summary.metrics.heartRateMaximum) },
        Column(name: "trimp", kind: .real) { .real($0.summary.metrics.trimp) },
        Column(name: "average_cadence", kind: .real) { .real($0.summary.metrics.cadenceAverage) },
        Column(name: "average_power_w", kind: .real) { .real($0.summary.metrics.powerAverage) },
        Column(name: "active_energy_kcal", kind: .real) { .real($0.summary.metrics.activeEnergyKilocalories) },
        Column(name: "energy_model", kind: .text) { .text($0.summary.metrics.energyModel?.rawValue) },
        Column(name: "skipped_unknown_records", kind: .integer) { .integer($0.summary.skippedUnknownRecords) },
    ]

    /// Device columns (FIT/TCX; NULL for formats that carry none).
    static let device: [Column] = [
        Column(name: "device_manufacturer", kind: .text) { .text($0.device?.manufacturer) },
        Column(name: "device_product", kind: .text) { .text($0.device?.product) },
        Column(name: "device_sport", kind: .text) { .text($0.device?.sport) },
        Column(name: "device_distance_m", kind: .real) { .real($0.device?.distanceMeters) },
        Column(name: "device_timer_s", kind: .real) { .real($0.device?.timerSeconds) },
        Column(name: "device_kcal", kind: .real) { .real($0.device?.kilocalories) },
    ]

    /// The leading columns of an inserted row (then `device`, then `figures`, then `summary_json`).
    static let identity: [Column] = [
        Column(name: "athlete", kind: .text) { .text($0.athlete) },
        Column(name: "activity", kind: .text) { .text($0.summary.metrics.activity.rawValue) },
        Column(name: "start_time", kind: .real) { .real($0.summary.metrics.startTime) },
        Column(name: "end_time", kind: .real) { .real($0.summary.metrics.endTime) },
        Column(name: "content_hash", kind: .text) { .text($0.contentHash) },
        Column(name: "source_name", kind: .text) { .text($0.sourceName) },
        Column(name: "source_size_bytes", kind: .integer) { .integer($0.sourceSizeBytes) },
    ]

    /// Every inserted column but `id` and `summary_json`, in order.
    static var inserted: [Column] { identity + device + figures }
}
