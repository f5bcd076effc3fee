import Foundation
import NIOCore
import PostgresNIO
public import WorkoutEngine

extension PostgresWorkoutStore: AccountStore {
    public func addToken(hash: String, athlete: String) async throws {
        try await transaction("store a token for \(athlete)") { connection, logger in
            _ = try await connection.query(
                "INSERT INTO athlete_tokens (token_hash, athlete) VALUES (\(hash), \(athlete)) ON CONFLICT DO NOTHING", logger: logger)
        }
    }

    public func athlete(tokenHash: String) async throws -> String? {
        try await transaction("look up a token") { connection, logger in
            var found: String?
            for try await athlete in try await connection.query(
                "SELECT athlete FROM athlete_tokens WHERE token_hash = \(tokenHash)", logger: logger).decode(String.self) {
                found = athlete
            }
            return found
        }
    }

    public func privacyZones(athlete: String) async throws -> [PrivacyZone] {
        try await transaction("read the privacy zones of \(athlete)") { connection, logger in
            var zones: [PrivacyZone] = []
            for try await (latitude, longitude, radius) in try await connection.query(
                "SELECT latitude, longitude, radius_m FROM privacy_zones WHERE athlete = \(athlete) ORDER BY position",
                logger: logger).decode((Double, Double, Double).self) {
                zones.append(PrivacyZone(center: GeoCoordinate(latitude: latitude, longitude: longitude), radiusMeters: radius))
            }
            return zones
        }
    }

    public func setPrivacyZones(_ zones: [PrivacyZone], athlete: String) async throws {
        try await transaction("set the privacy zones of \(athlete)") { connection, logger in
            try await connection.query("DELETE FROM privacy_zones WHERE athlete = \(athlete)", logger: logger)
            for (position, zone) in zones.enumerated() {
                let index = Int32(clamping: position)
                try await connection.query(
                    """
                    INSERT INTO privacy_zones (athlete, position, latitude, longitude, radius_m)
                    VALUES (\(athlete), \(index), \(zone.center.latitude), \(zone.center.longitude), \(zone.radiusMeters))
                    """,
                    logger: logger)
            }
        }
    }

    public func serverSecret() async throws -> [UInt8] {
        let candidate = ByteBuffer(bytes: AccountSchema.randomSecret())
        return try await transaction("read the server secret") { connection, logger in
            try await connection.query(
                "INSERT INTO server_settings (name, value) VALUES ('secret', \(candidate)) ON CONFLICT DO NOTHING", logger: logger)
            var secret: [UInt8] = []
            for try await value in try await connection.query(
                "SELECT value FROM server_settings WHERE name = 'secret'", logger: logger).decode(ByteBuffer.self) {
                var value = value
                secret = value.readBytes(length: value.readableBytes) ?? []
            }
            return secret
        }
    }
}
