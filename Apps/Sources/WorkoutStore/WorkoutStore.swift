import WorkoutEngine

/// Where workouts are kept: SQLite (``SQLiteWorkoutStore``, the embedded default) or PostgreSQL + PostGIS
/// (``PostgresWorkoutStore``). Both pass the same test suite.
///
/// ```swift
/// let store = try await WorkoutStores.open("sqlite:/var/lib/workouts.sqlite")
/// let outcome = try await store.save(try ImportedWorkout(contentsOf: "run.gpx", athlete: "ana"))
/// let nearby = try await store.workouts(matching: WorkoutQuery(near: .init(center: point, radiusMeters: 100)))
/// await store.close()
/// ```
public protocol WorkoutStore: Sendable {
    /// Saves a workout, its route and its samples in one transaction; a workout whose content hash is
    /// already stored is left as it is (``SaveOutcome/alreadyStored(id:)``). Safe to call from many tasks
    /// and processes at once.
    func save(_ workout: ImportedWorkout) async throws -> SaveOutcome
    /// The workout with this id, if any.
    func workout(id: Int64) async throws -> StoredWorkout?
    /// The workout with this content hash, if any.
    func workout(contentHash: String) async throws -> StoredWorkout?
    /// A workout's accepted fixes, if it is stored.
    func channels(workoutID: Int64) async throws -> WorkoutChannels?
    /// The workouts `query` selects, in start order.
    func workouts(matching query: WorkoutQuery) async throws -> [StoredWorkout]
    /// How many workouts are stored.
    func count() async throws -> Int
    /// Closes the database (the pool's connections); the store is unusable afterwards.
    func close() async
}

extension WorkoutStore {
    /// Longest, fastest and most climbing among the workouts `query` selects.
    public func personalRecords(matching query: WorkoutQuery = WorkoutQuery(), minimumDistanceForFastestMeters: Double = 1000) async throws -> PersonalRecords {
        var query = query
        query.limit = nil
        return PersonalRecords(workouts: try await workouts(matching: query), minimumDistanceForFastestMeters: minimumDistanceForFastestMeters)
    }

    /// Totals by ISO week (Monday 00:00 UTC) of the workouts `query` selects.
    public func weeklyTotals(matching query: WorkoutQuery = WorkoutQuery()) async throws -> [WeeklyTotal] {
        var query = query
        query.limit = nil
        return WeeklyTotal.totals(of: try await workouts(matching: query))
    }
}

/// Opens a store from a `--store` value.
public enum WorkoutStores {
    /// `sqlite:PATH` (the file is created when missing) or `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
    /// (`postgresql://` too). Runs the migrations the database has not seen yet.
    /// - Throws: `StoreError.badLocation`, `StoreError.database`.
    public static func open(_ location: String) async throws -> any WorkoutStore {
        if location.hasPrefix("sqlite:") {
            let path = String(location.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw StoreError.badLocation(location) }
            return try SQLiteWorkoutStore(path: path)
        }
        if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") {
            return try await PostgresWorkoutStore(url: location)
        }
        throw StoreError.badLocation(location)
    }
}
