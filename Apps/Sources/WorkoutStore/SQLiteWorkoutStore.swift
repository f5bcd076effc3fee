import Foundation
import GRDB
import WorkoutEngine

/// The embedded store: one SQLite file through GRDB's `DatabasePool` (WAL: readers never wait for the
/// writer), foreign keys on, a busy timeout so that several processes can share the file, and an R*Tree
/// on route bounds for the geometric queries (candidates by bounds, then an exact check in Swift with the
/// engine's geodesy).
public final class SQLiteWorkoutStore: WorkoutStore {
    let pool: DatabasePool
    /// The file.
    public let path: String

    /// The page size of a file this store creates, bytes.
    static let pageSizeBytes = 16_384

    /// Opens (creating when missing) the database at `path` and runs the migrations it has not seen.
    /// - Parameter busyTimeoutSeconds: how long a write waits for another process's write to finish.
    /// - Throws: `StoreError.database`.
    public init(path: String, busyTimeoutSeconds: Double = 30) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        configuration.foreignKeysEnabled = true
        // A new file's pages (the setting is fixed once the file has content, and is a no-op on an existing
        // one): each workout's packed channels are about 30 KB per channel, two 16 KiB pages instead of eight
        // of SQLite's default 4 KiB, so a save writes (twice: the WAL, then its checkpoint) a quarter as many
        // pages. 0.97x the CPU of an import (`farm-bench`, 300 one-hour files).
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(Self.pageSizeBytes)") }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            throw StoreError.database(operation: "open \(path)", message: Self.message(error))
        }
    }

    /// The schema, one migration per version (GRDB records them in `grdb_migrations`).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: workouts, routes, route_bounds, samples") { db in
            for statement in schemaV1 { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v2: live_sessions (with their leases), live_journal") { db in
            for statement in schemaV2 { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v3: athlete tokens, privacy zones, server settings") { db in
            for statement in AccountSchema.statements(dialect: .sqlite) { try db.execute(sql: statement) }
        }
        return migrator
    }

    /// Version 1 of the schema (README: "Store").
    static var schemaV1: [String] {
        func sqlType(_ kind: WorkoutColumns.Kind) -> String {
            switch kind {
            case .real: return "REAL"
            case .integer: return "INTEGER"
            case .text: return "TEXT"
            }
        }
        let notNull: Set<String> = ["athlete", "activity", "content_hash", "source_name", "source_size_bytes", "distance_m", "filter_mode"]
        let columns = WorkoutColumns.inserted.map { column in
            "\(column.name) \(sqlType(column.kind))\(notNull.contains(column.name) ? " NOT NULL" : "")\(column.name == "content_hash" ? " UNIQUE" : "")"
        }
        let channels = WorkoutChannels().packedColumns.map { "\($0.name) BLOB NOT NULL" }
        return [
            """
            CREATE TABLE workouts (
              id INTEGER PRIMARY KEY,
              \(columns.joined(separator: ",\n  ")),
              summary_json TEXT NOT NULL,
              imported_at REAL NOT NULL
            )
            """,
            "CREATE INDEX workouts_athlete_start ON workouts(athlete, start_time)",
            "CREATE INDEX workouts_activity_start ON workouts(activity, start_time)",
            "CREATE INDEX workouts_start ON workouts(start_time)",
            """
            CREATE TABLE routes (
              workout_id INTEGER PRIMARY KEY REFERENCES workouts(id) ON DELETE CASCADE,
              simplification_tolerance_m REAL NOT NULL,
              point_count INTEGER NOT NULL,
              line BLOB NOT NULL,
              encoded_polyline TEXT NOT NULL,
              min_lat REAL NOT NULL, min_lon REAL NOT NULL, max_lat REAL NOT NULL, max_lon REAL NOT NULL
            )
            """,
            "CREATE VIRTUAL TABLE route_bounds USING rtree(id, min_lon, max_lon, min_lat, max_lat)",
            """
            CREATE TABLE samples (
              workout_id INTEGER PRIMARY KEY REFERENCES workouts(id) ON DELETE CASCADE,
              point_count INTEGER NOT NULL,
              \(channels.joined(separator: ",\n  "))
            )
            """,
        ]
    }

    public func save(_ workout: ImportedWorkout) async throws -> SaveOutcome {
        try await write("save \(workout.sourceName)") { db in try Self.insert(workout, into: db) }
    }

    /// Inserts a workout, its route and its samples, inside the caller's transaction; nothing when its
    /// content hash is already stored.
    static func insert(_ workout: ImportedWorkout, into db: Database) throws -> SaveOutcome {
        if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM workouts WHERE content_hash = ?", arguments: [workout.contentHash]) {
            return .alreadyStored(id: existing)
        }
        let columns = WorkoutColumns.inserted
        var values: [DatabaseValue] = columns.map { column in
            switch column.value(workout) {
            case .real(let value): return value?.databaseValue ?? .null
            case .integer(let value): return value?.databaseValue ?? .null
            case .text(let value): return value?.databaseValue ?? .null
            }
        }
        values.append(workout.summary.jsonText().databaseValue)
        values.append(Date().timeIntervalSince1970.databaseValue)
        try db.execute(
            sql: "INSERT INTO workouts (\(columns.map(\.name).joined(separator: ", ")), summary_json, imported_at) VALUES (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))",
            arguments: StatementArguments(values))
        let id = db.lastInsertedRowID
        let routeLine = lineValues(workout.simplifiedRoute)
        if let bounds = workout.summary.route.bounds, !routeLine.isEmpty {
            try db.execute(
                sql: """
                    INSERT INTO routes (workout_id, simplification_tolerance_m, point_count, line, encoded_polyline, min_lat, min_lon, max_lat, max_lon)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [id, workout.summary.route.simplificationToleranceMeters, workout.simplifiedRoute.count,
                            Data(WorkoutChannels.pack(routeLine)), workout.summary.route.encodedPolyline,
                            bounds.minLatitude, bounds.minLongitude, bounds.maxLatitude, bounds.maxLongitude])
            try db.execute(
                sql: "INSERT INTO route_bounds (id, min_lon, max_lon, min_lat, max_lat) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, bounds.minLongitude, bounds.maxLongitude, bounds.minLatitude, bounds.maxLatitude])
        }
        let channels = workout.channels.packedColumns
        var sampleValues: [DatabaseValue] = [id.databaseValue, workout.channels.count.databaseValue]
        sampleValues += channels.map { Data($0.bytes).databaseValue }
        try db.execute(
            sql: "INSERT INTO samples (workout_id, point_count, \(channels.map(\.name).joined(separator: ", "))) VALUES (?, ?\(String(repeating: ", ?", count: channels.count)))",
            arguments: StatementArguments(sampleValues))
        return .stored(id: id)
    }

    public func workout(id: Int64) async throws -> StoredWorkout? {
        try await selectRows(where: "w.id = ?", arguments: [id.databaseValue]).first?.workout
    }

    public func workout(contentHash: String) async throws -> StoredWorkout? {
        try await selectRows(where: "w.content_hash = ?", arguments: [contentHash.databaseValue]).first?.workout
    }

    public func channels(workoutID: Int64) async throws -> WorkoutChannels? {
        let names = WorkoutChannels().packedColumns.map(\.name)
        do {
            // The columns as bytes inside the read (a `Row` is not `Sendable`): GRDB's asynchronous read, off
            // the cooperative threads.
            let columns = try await pool.read { db -> [String: [UInt8]]? in
                guard let row = try Row.fetchOne(db, sql: "SELECT \(names.joined(separator: ", ")) FROM samples WHERE workout_id = ?",
                                                 arguments: [workoutID]) else { return nil }
                var columns: [String: [UInt8]] = [:]
                for (index, name) in names.enumerated() {
                    let data: Data = row[index] ?? Data()
                    columns[name] = [UInt8](data)
                }
                return columns
            }
            guard let columns else { return nil }
            return try WorkoutChannels(columns: columns)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database(operation: "read samples of workout \(workoutID)", message: Self.message(error))
        }
    }

    public func workouts(matching query: WorkoutQuery) async throws -> [StoredWorkout] {
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        if let athlete = query.athlete { conditions.append("w.athlete = ?"); arguments.append(athlete.databaseValue) }
        if let activity = query.activity { conditions.append("w.activity = ?"); arguments.append(activity.databaseValue) }
        if let from = query.startingAtOrAfter { conditions.append("w.start_time >= ?"); arguments.append(from.databaseValue) }
        if let before = query.startingBefore { conditions.append("w.start_time < ?"); arguments.append(before.databaseValue) }
        var boxes: [GeoBounds] = []
        if let near = query.near { boxes.append(RouteGeometryCheck.searchBox(around: near.center, radiusMeters: near.radiusMeters)) }
        if let box = query.boundingBox { boxes.append(box) }
        for box in boxes {
            conditions.append("w.id IN (SELECT id FROM route_bounds WHERE max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ?)")
            arguments += [box.minLongitude, box.maxLongitude, box.minLatitude, box.maxLatitude].map(\.databaseValue)
        }
        let geometric = !boxes.isEmpty
        var limit = ""
        if let count = query.limit, !geometric { limit = " LIMIT \(max(0, count))" }
        var found = try await selectRows(where: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments: arguments,
                                     suffix: limit, withLine: geometric)
        if geometric {
            found = found.filter { workout, line in
                if let near = query.near, !RouteGeometryCheck.passesWithin(line, of: near.center, radiusMeters: near.radiusMeters) { return false }
                if let box = query.boundingBox, !RouteGeometryCheck.intersects(line, box: box) { return false }
                return true
            }
            if let count = query.limit { found = Array(found.prefix(max(0, count))) }
        }
        return found.map(\.workout)
    }

    public func count() async throws -> Int {
        do {
            return try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM workouts") ?? 0 }
        } catch {
            throw StoreError.database(operation: "count", message: Self.message(error))
        }
    }

    public func close() async {
        try? pool.close()
    }

    /// Rows with, when asked, the route's line (longitude, latitude pairs).
    private func selectRows(where condition: String, arguments: [DatabaseValue], suffix: String = "", withLine: Bool = false) async throws -> [(workout: StoredWorkout, line: [Double])] {
        let list = StoredWorkout.selectList
            .replacingOccurrences(of: "%START%", with: "w.start_time")
            .replacingOccurrences(of: "%END%", with: "w.end_time")
            .replacingOccurrences(of: "%SUMMARY%", with: "w.summary_json")
        let sql = """
            SELECT \(list)\(withLine ? ", r.line" : "") FROM workouts w LEFT JOIN routes r ON r.workout_id = w.id
            WHERE \(condition) ORDER BY w.start_time IS NULL, w.start_time, w.id\(suffix)
            """
        do {
            // Rows become values inside the read (a `Row` is not `Sendable`): GRDB's asynchronous read, off the
            // cooperative threads.
            return try await pool.read { db in
                try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { try Self.selected($0, withLine: withLine) }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database(operation: "query", message: Self.message(error))
        }
    }

    /// A row of ``selectRows(where:arguments:suffix:withLine:)`` as its workout and, when asked, its line.
    private static func selected(_ row: Row, withLine: Bool) throws -> (workout: StoredWorkout, line: [Double]) {
        var bounds: GeoBounds?
        if let minLat: Double = row[18], let minLon: Double = row[19], let maxLat: Double = row[20], let maxLon: Double = row[21] {
            bounds = GeoBounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        }
        let workout = StoredWorkout(
            id: row[0], athlete: row[1], activity: row[2], sourceName: row[3], contentHash: row[4], startTime: row[5],
            endTime: row[6], distanceMeters: row[7], movingSeconds: row[8], elapsedSeconds: row[9],
            elevationGainMeters: row[10], averageSpeedMetersPerSecond: row[11], maxSpeedMetersPerSecond: row[12],
            heartRateAverageBPM: row[13], deviceManufacturer: row[14], deviceProduct: row[15], encodedPolyline: row[17] ?? "",
            bounds: bounds, summaryJSON: row[16])
        var line: [Double] = []
        if withLine, let data: Data = row[22] {
            line = try WorkoutChannels.unpackDoubles([UInt8](data), channel: "routes.line")
        }
        return (workout, line)
    }

    /// Longitude, latitude pairs (x, y, as PostGIS orders them).
    static func lineValues(_ route: [GeoCoordinate]) -> [Double] {
        var values: [Double] = []
        values.reserveCapacity(route.count * 2)
        for point in route {
            values.append(point.longitude)
            values.append(point.latitude)
        }
        return values
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return "\(error.resultCode): \(error.message ?? "\(error)")"
        }
        return "\(error)"
    }
}
