import Foundation
import GRDB
public import WorkoutEngine

extension SQLiteWorkoutStore: AccountStore {
    public func addToken(hash: String, athlete: String) async throws {
        try await write("store a token for \(athlete)") { db in
            try db.execute(
                sql: "INSERT INTO athlete_tokens (token_hash, athlete, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [hash, athlete, Date().timeIntervalSince1970])
        }
    }

    public func athlete(tokenHash: String) async throws -> String? {
        try await read("look up a token") { db in
            try String.fetchOne(db, sql: "SELECT athlete FROM athlete_tokens WHERE token_hash = ?", arguments: [tokenHash])
        }
    }

    public func privacyZones(athlete: String) async throws -> [PrivacyZone] {
        try await read("read the privacy zones of \(athlete)") { db in
            try Row.fetchAll(db, sql: "SELECT latitude, longitude, radius_m FROM privacy_zones WHERE athlete = ? ORDER BY position",
                             arguments: [athlete])
                .map { PrivacyZone(center: GeoCoordinate(latitude: $0[0], longitude: $0[1]), radiusMeters: $0[2]) }
        }
    }

    public func setPrivacyZones(_ zones: [PrivacyZone], athlete: String) async throws {
        try await write("set the privacy zones of \(athlete)") { db in
            try db.execute(sql: "DELETE FROM privacy_zones WHERE athlete = ?", arguments: [athlete])
            for (position, zone) in zones.enumerated() {
                try db.execute(
                    sql: "INSERT INTO privacy_zones (athlete, position, latitude, longitude, radius_m) VALUES (?, ?, ?, ?, ?)",
                    arguments: [athlete, position, zone.center.latitude, zone.center.longitude, zone.radiusMeters])
            }
        }
    }

    public func serverSecret() async throws -> [UInt8] {
        let candidate = AccountSchema.randomSecret()
        return try await write("read the server secret") { db in
            try db.execute(sql: "INSERT INTO server_settings (name, value) VALUES ('secret', ?) ON CONFLICT DO NOTHING",
                           arguments: [Data(candidate)])
            let stored = try Data.fetchOne(db, sql: "SELECT value FROM server_settings WHERE name = 'secret'") ?? Data(candidate)
            return [UInt8](stored)
        }
    }

    /// One read, errors as `StoreError.database` naming `operation`.
    private func read<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw StoreError.database(operation: operation, message: Self.message(error))
        }
    }
}
