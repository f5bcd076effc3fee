import Foundation
import Logging
import NIOCore
import PostgresNIO
import WorkoutEngine

/// The server store: PostgreSQL 15 + PostGIS 3 through postgres-nio's `PostgresClient` (a connection pool).
/// Routes are `geography(LineString, 4326)` with a GiST index, so `ST_DWithin` measures metres on the
/// WGS84 spheroid and uses the index. Migrations are versioned in `schema_migrations` and serialised
/// across nodes with a transaction-level advisory lock.
public final class PostgresWorkoutStore: WorkoutStore {
    let client: PostgresClient
    private let runTask: Task<Void, Never>
    let logger: Logger
    /// Where the server is, for messages.
    let endpoint: String
    /// How long one operation (a save, a query) may wait for the server before it fails.
    let operationTimeoutSeconds: Double
    /// How to open a connection of its own (a live node's liveness lock holds one).
    let connectionConfiguration: PostgresConnection.Configuration
    /// Fails an operation at once when its connection closes.
    let closeWatch = ConnectionCloseWatch()

    /// The advisory-lock key that serialises migrations (any constant; "WEst" in ASCII).
    static let migrationLockKey: Int64 = 0x5745_7374

    /// Connects to `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, TLS off: loopback or a
    /// private network) and runs the migrations the database has not seen.
    /// - Throws: `StoreError.badLocation`, `StoreError.database`.
    /// - Parameters:
    ///   - connectTimeoutSeconds: how long opening (connecting and migrating) may take: a server that is
    ///     down or unreachable is an error after this long, not a hang (the pool itself retries forever).
    ///     `nil`: the URL's `connect_timeout` parameter (libpq's name), else 30 s.
    ///   - operationTimeoutSeconds: the same for each later operation (a dropped connection that does not
    ///     come back).
    public init(
        url: String, maximumConnections: Int = 8, connectTimeoutSeconds: Double? = nil, operationTimeoutSeconds: Double = 120,
        logger: Logger = Logger(label: "workout-store", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty,
              let user = components.user, !user.isEmpty else {
            throw StoreError.badLocation(url)
        }
        let urlTimeout = components.queryItems?.first { $0.name == "connect_timeout" }?.value.flatMap(Double.init)
        let connectTimeout = connectTimeoutSeconds ?? urlTimeout ?? 30
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user.removingPercentEncoding ?? user,
            password: components.password?.removingPercentEncoding, database: database.isEmpty ? nil : database, tls: .disable)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = 0
        connectionConfiguration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: configuration.username, password: configuration.password,
            database: configuration.database, tls: .disable)
        self.logger = logger
        endpoint = "\(host):\(components.port ?? 5432)"
        self.operationTimeoutSeconds = operationTimeoutSeconds
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        runTask = Task { await client.run() }
        do {
            let endpoint = self.endpoint
            try await Self.withTimeout(connectTimeout, operation: "connect to \(endpoint) and migrate") { [self] in
                try await migrate()
            }
        } catch {
            runTask.cancel()
            await runTask.value
            throw error
        }
    }

    /// Migrations, in order; each runs in its own transaction.
    static var migrations: [(version: Int, name: String, statements: [String])] {
        func sqlType(_ kind: WorkoutColumns.Kind, _ name: String) -> String {
            if name == "start_time" || name == "end_time" { return "timestamptz" }
            switch kind {
            case .real: return "double precision"
            case .integer: return "bigint"
            case .text: return "text"
            }
        }
        let notNull: Set<String> = ["athlete", "activity", "content_hash", "source_name", "source_size_bytes", "distance_m", "filter_mode"]
        let columns = WorkoutColumns.inserted.map { column in
            "\(column.name) \(sqlType(column.kind, column.name))\(notNull.contains(column.name) ? " NOT NULL" : "")\(column.name == "content_hash" ? " UNIQUE" : "")"
        }
        let channelNames = WorkoutChannels().packedColumns.map(\.name)
        let channels = channelNames.map { "\($0) bytea NOT NULL" }
        return [
            (1, "workouts, routes (PostGIS geography), samples", [
                "CREATE EXTENSION IF NOT EXISTS postgis",
                """
                CREATE TABLE workouts (
                  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                  \(columns.joined(separator: ",\n  ")),
                  summary_json json NOT NULL,
                  imported_at timestamptz NOT NULL DEFAULT now()
                )
                """,
                "CREATE INDEX workouts_athlete_start ON workouts(athlete, start_time)",
                "CREATE INDEX workouts_activity_start ON workouts(activity, start_time)",
                "CREATE INDEX workouts_start ON workouts(start_time)",
                """
                CREATE TABLE routes (
                  workout_id bigint PRIMARY KEY REFERENCES workouts(id) ON DELETE CASCADE,
                  simplification_tolerance_m double precision NOT NULL,
                  point_count integer NOT NULL,
                  line geography(LineString, 4326) NOT NULL,
                  encoded_polyline text NOT NULL,
                  min_lat double precision NOT NULL, min_lon double precision NOT NULL,
                  max_lat double precision NOT NULL, max_lon double precision NOT NULL
                )
                """,
                "CREATE INDEX routes_line_gist ON routes USING gist (line)",
                """
                CREATE TABLE samples (
                  workout_id bigint PRIMARY KEY REFERENCES workouts(id) ON DELETE CASCADE,
                  point_count integer NOT NULL,
                  \(channels.joined(separator: ",\n  "))
                )
                """,
            ]),
            (2, "live_sessions (with their leases), live_journal", liveSchema),
            (3, "athlete tokens, privacy zones, server settings", AccountSchema.statements(dialect: .postgres)),
            // PostgreSQL compresses a value of more than about 2 kB before storing it (TOAST), with pglz unless the
            // column says otherwise: pglz took a fifth of the machine's CPU during an import of one-hour files
            // (`perf record -a`). lz4 (PostgreSQL 14 and later, built with it as Debian's packages are) is several
            // times faster at a similar ratio (the database 4 % larger); rows already stored keep theirs.
            // A server built without lz4 answers feature_not_supported: the columns then keep pglz.
            (4, "large columns compressed with lz4", ["""
                DO $$ BEGIN
                \((channelNames.map { ("samples", $0) } + [("workouts", "summary_json"), ("routes", "line"), ("routes", "encoded_polyline")])
                    .map { table, column in "  ALTER TABLE \(table) ALTER COLUMN \(column) SET COMPRESSION lz4;" }.joined(separator: "\n"))
                EXCEPTION WHEN feature_not_supported THEN NULL;
                END $$
                """]),
        ]
    }

    private func migrate() async throws {
        for migration in Self.migrations {
            try await transaction("migrate to version \(migration.version)") { connection, logger in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))", logger: logger)
                try await connection.query(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
                    logger: logger)
                let applied = try await connection.query("SELECT 1 FROM schema_migrations WHERE version = \(migration.version)", logger: logger)
                var seen = false
                for try await _ in applied { seen = true }
                if seen { return }
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))", logger: logger)
            }
        }
    }

    public func save(_ workout: ImportedWorkout) async throws -> SaveOutcome {
        try await transaction("save \(workout.sourceName)") { connection, logger in
            try await Self.insert(workout, on: connection, logger: logger)
        }
    }

    /// Inserts a workout, its route and its samples, inside the caller's transaction; nothing when its
    /// content hash is already stored.
    static func insert(_ workout: ImportedWorkout, on connection: PostgresConnection, logger: Logger) async throws -> SaveOutcome {
        let columns = WorkoutColumns.inserted
        var binds = PostgresBindings()
        var placeholders: [String] = []
        for column in columns {
            let placeholder = "$\(placeholders.count + 1)"
            switch column.value(workout) {
            case .real(let value):
                binds.append(value)
                placeholders.append(column.name == "start_time" || column.name == "end_time" ? "to_timestamp(\(placeholder))" : placeholder)
            case .integer(let value):
                binds.append(value.map { Int64($0) })
                placeholders.append(placeholder)
            case .text(let value):
                binds.append(value)
                placeholders.append(placeholder)
            }
        }
        binds.append(workout.summary.jsonText())
        placeholders.append("$\(placeholders.count + 1)::json")
        let insertWorkout = PostgresQuery(
            unsafeSQL: """
                INSERT INTO workouts (\(columns.map(\.name).joined(separator: ", ")), summary_json)
                VALUES (\(placeholders.joined(separator: ", "))) ON CONFLICT (content_hash) DO NOTHING RETURNING id
                """,
            binds: binds)
        let channels = workout.channels.packedColumns
        let routeText = Self.lineText(workout.simplifiedRoute)
        var newID: Int64?
        for try await id in try await connection.query(insertWorkout, logger: logger).decode(Int64.self) { newID = id }
        guard let id = newID else {
            var existing: Int64 = 0
            for try await id in try await connection.query("SELECT id FROM workouts WHERE content_hash = \(workout.contentHash)", logger: logger).decode(Int64.self) {
                existing = id
            }
            return .alreadyStored(id: existing)
        }
        if let bounds = workout.summary.route.bounds, let routeText {
            try await connection.query(
                """
                INSERT INTO routes (workout_id, simplification_tolerance_m, point_count, line, encoded_polyline, min_lat, min_lon, max_lat, max_lon)
                VALUES (\(id), \(workout.summary.route.simplificationToleranceMeters), \(workout.simplifiedRoute.count),
                        ST_GeogFromText(\(routeText)), \(workout.summary.route.encodedPolyline),
                        \(bounds.minLatitude), \(bounds.minLongitude), \(bounds.maxLatitude), \(bounds.maxLongitude))
                """,
                logger: logger)
        }
        var sampleBinds = PostgresBindings()
        sampleBinds.append(id)
        sampleBinds.append(Int32(clamping: workout.channels.count))
        for channel in channels { sampleBinds.append(ByteBuffer(bytes: channel.bytes)) }
        let samplePlaceholders = (1...(channels.count + 2)).map { "$\($0)" }.joined(separator: ", ")
        try await connection.query(
            PostgresQuery(
                unsafeSQL: "INSERT INTO samples (workout_id, point_count, \(channels.map(\.name).joined(separator: ", "))) VALUES (\(samplePlaceholders))",
                binds: sampleBinds),
            logger: logger)
        return .stored(id: id)
    }

    public func workout(id: Int64) async throws -> StoredWorkout? {
        var binds = PostgresBindings()
        binds.append(id)
        return try await select(where: "w.id = $1", binds: binds).first
    }

    public func workout(contentHash: String) async throws -> StoredWorkout? {
        var binds = PostgresBindings()
        binds.append(contentHash)
        return try await select(where: "w.content_hash = $1", binds: binds).first
    }

    public func channels(workoutID: Int64) async throws -> WorkoutChannels? {
        let names = WorkoutChannels().packedColumns.map(\.name)
        var binds = PostgresBindings()
        binds.append(workoutID)
        let query = PostgresQuery(unsafeSQL: "SELECT \(names.joined(separator: ", ")) FROM samples WHERE workout_id = $1", binds: binds)
        return try await withConnection("read samples of workout \(workoutID)") { connection, logger in
            var columns: [String: [UInt8]]?
            for try await row in try await connection.query(query, logger: logger) {
                var found: [String: [UInt8]] = [:]
                for (name, cell) in zip(names, row) {
                    var buffer = try cell.decode(ByteBuffer.self)
                    found[name] = buffer.readBytes(length: buffer.readableBytes) ?? []
                }
                columns = found
            }
            guard let columns else { return nil }
            return try WorkoutChannels(columns: columns)
        }
    }

    public func workouts(matching query: WorkoutQuery) async throws -> [StoredWorkout] {
        var conditions: [String] = []
        var binds = PostgresBindings()
        func next() -> String { "$\(binds.count + 1)" }
        if let athlete = query.athlete { conditions.append("w.athlete = \(next())"); binds.append(athlete) }
        if let activity = query.activity { conditions.append("w.activity = \(next())"); binds.append(activity) }
        if let from = query.startingAtOrAfter { conditions.append("w.start_time >= to_timestamp(\(next()))"); binds.append(from) }
        if let before = query.startingBefore { conditions.append("w.start_time < to_timestamp(\(next()))"); binds.append(before) }
        if let near = query.near {
            let lon = next(); binds.append(near.center.longitude)
            let lat = next(); binds.append(near.center.latitude)
            let radius = next(); binds.append(near.radiusMeters)
            conditions.append("ST_DWithin(r.line, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography, \(radius))")
        }
        if let box = query.boundingBox {
            var names: [String] = []
            for value in [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude] {
                names.append(next())
                binds.append(value)
            }
            conditions.append("ST_Intersects(r.line, ST_MakeEnvelope(\(names.joined(separator: ", ")), 4326)::geography)")
        }
        var suffix = ""
        if let limit = query.limit { suffix = " LIMIT \(max(0, limit))" }
        return try await select(where: conditions.isEmpty ? "TRUE" : conditions.joined(separator: " AND "), binds: binds, suffix: suffix)
    }

    public func count() async throws -> Int {
        try await withConnection("count") { connection, logger in
            var total = 0
            for try await n in try await connection.query("SELECT count(*) FROM workouts", logger: logger).decode(Int64.self) { total = Int(n) }
            return total
        }
    }

    public func close() async {
        runTask.cancel()
        await runTask.value
    }

    private func select(where condition: String, binds: PostgresBindings, suffix: String = "") async throws -> [StoredWorkout] {
        let list = StoredWorkout.selectList
            .replacingOccurrences(of: "%START%", with: "extract(epoch FROM w.start_time)::float8")
            .replacingOccurrences(of: "%END%", with: "extract(epoch FROM w.end_time)::float8")
            .replacingOccurrences(of: "%SUMMARY%", with: "w.summary_json::text")
        let sql = """
            SELECT \(list) FROM workouts w LEFT JOIN routes r ON r.workout_id = w.id
            WHERE \(condition) ORDER BY w.start_time IS NULL, w.start_time, w.id\(suffix)
            """
        return try await withConnection("query") { connection, logger in
            var found: [StoredWorkout] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger) {
                let cells = Array(row)
                func double(_ i: Int) throws -> Double? { try cells[i].decode(Double?.self) }
                func text(_ i: Int) throws -> String? { try cells[i].decode(String?.self) }
                var bounds: GeoBounds?
                if let minLat = try double(18), let minLon = try double(19), let maxLat = try double(20), let maxLon = try double(21) {
                    bounds = GeoBounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
                }
                found.append(StoredWorkout(
                    id: try cells[0].decode(Int64.self), athlete: try text(1) ?? "", activity: try text(2) ?? "",
                    sourceName: try text(3) ?? "", contentHash: try text(4) ?? "", startTime: try double(5), endTime: try double(6),
                    distanceMeters: try double(7) ?? 0, movingSeconds: try double(8), elapsedSeconds: try double(9),
                    elevationGainMeters: try double(10), averageSpeedMetersPerSecond: try double(11),
                    maxSpeedMetersPerSecond: try double(12), heartRateAverageBPM: try double(13),
                    deviceManufacturer: try text(14), deviceProduct: try text(15), encodedPolyline: try text(17) ?? "",
                    bounds: bounds, summaryJSON: try text(16) ?? "{}"))
            }
            return found
        }
    }

    /// Runs `body` in one transaction (BEGIN, COMMIT; ROLLBACK when it throws), bounded like
    /// ``withConnection(_:transaction:_:)``.
    func transaction<Result: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws -> Result {
        try await withConnection(operation, transaction: true, body)
    }

    /// Runs `body` on a connection of the pool (in one transaction when asked), with errors as `StoreError`
    /// naming `operation`. It never waits longer than the operation timeout, and fails at once when the
    /// server closes the connection under it (a restart, a failover, `pg_terminate_backend`): postgres-nio
    /// 1.33 would otherwise wait forever for a query sent on a connection that has just closed. The server
    /// rolls back a transaction whose connection closed before its commit.
    func withConnection<Result: Sendable>(
        _ operation: String, transaction: Bool = false, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws -> Result {
        let logger = self.logger
        let client = self.client
        let watch = closeWatch
        let lostMessage = "the connection to \(endpoint) closed during the operation (a server restart, a failover or a terminated backend); nothing was committed unless the commit had reached the server"
        let lost = StoreError.database(operation: operation, message: lostMessage)
        do {
            return try await OperationRace.run(seconds: operationTimeoutSeconds, timeout: Self.noAnswer(operation: "\(operation) on \(endpoint)", seconds: operationTimeoutSeconds)) { abort in
                try await client.withConnection { connection in
                    let token = watch.onClose(of: connection) { abort(lost) }
                    defer { watch.stop(token) }
                    if transaction {
                        return try await connection.withTransaction(logger: logger) { connection in try await body(connection, logger) }
                    }
                    return try await body(connection, logger)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError as? StoreError { throw inner }
            let cause = error.closureError ?? error.commitError ?? error.beginError ?? error
            if Self.isConnectionLoss(cause) { throw StoreError.database(operation: operation, message: "\(lostMessage) (\(Self.message(cause)))") }
            throw StoreError.database(operation: operation, message: Self.message(cause))
        } catch {
            if Self.isConnectionLoss(error) { throw StoreError.database(operation: operation, message: "\(lostMessage) (\(Self.message(error)))") }
            throw StoreError.database(operation: operation, message: Self.message(error))
        }
    }

    /// Whether `error` says the connection went away (closed by either side, reset, or the server shutting
    /// the session down: SQLSTATE class 57P, operator intervention, or 08, connection exception).
    static func isConnectionLoss(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        if error.code == .clientClosedConnection || error.code == .serverClosedConnection || error.code == .connectionError
            || error.code == .uncleanShutdown {
            return true
        }
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("57P") || state.hasPrefix("08")
    }

    /// Runs `body`, or fails with `StoreError.database` after `seconds` (without waiting for `body`).
    static func withTimeout<Result: Sendable>(
        _ seconds: Double, operation: String, _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await OperationRace.run(seconds: seconds, timeout: noAnswer(operation: operation, seconds: seconds)) { _ in try await body() }
    }

    /// The error of an operation that got no answer in time.
    static func noAnswer(operation: String, seconds: Double) -> StoreError {
        .database(operation: operation, message: "no answer within \(Int(seconds)) s (is the server running and reachable?)")
    }

    /// WKT of the route (`LINESTRING(lon lat, ...)`); a one-point route repeats its point, since a line
    /// needs two. `nil` for no route.
    static func lineText(_ route: [GeoCoordinate]) -> String? {
        guard let first = route.first else { return nil }
        var points = route.map { "\($0.longitude) \($0.latitude)" }
        if points.count == 1 { points.append("\(first.longitude) \(first.latitude)") }
        return "SRID=4326;LINESTRING(\(points.joined(separator: ", ")))"
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return "\(error.serverInfo?[.sqlState] ?? "") \(message)".trimmingCharacters(in: .whitespaces)
            }
            return String(reflecting: error)
        }
        return "\(error)"
    }
}
