public import WorkoutEngine

/// What a server keeps about athletes beside their workouts, in the same database: bearer tokens (only
/// their SHA-256 is stored), privacy zones, and a secret shared by every node (from which each
/// workout's privacy offset is drawn, so all nodes clip a route the same way).
///
/// ```swift
/// let accounts = store as! any AccountStore            // both stores are account stores
/// try await accounts.addToken(hash: SHA256.hexDigest(of: Array(token.utf8)), athlete: "ana")
/// let who = try await accounts.athlete(tokenHash: SHA256.hexDigest(of: Array(presented.utf8)))
/// ```
public protocol AccountStore: Sendable {
    /// Stores a token's hash for `athlete` (a hash already stored is left as it is).
    func addToken(hash: String, athlete: String) async throws
    /// The athlete a token's hash belongs to, if any.
    func athlete(tokenHash: String) async throws -> String?
    /// The athlete's privacy zones, in the order they were set.
    func privacyZones(athlete: String) async throws -> [PrivacyZone]
    /// Replaces the athlete's privacy zones (in one transaction).
    func setPrivacyZones(_ zones: [PrivacyZone], athlete: String) async throws
    /// The server's secret, 32 random bytes made by the first node that asks and the same for every
    /// node afterwards.
    func serverSecret() async throws -> [UInt8]
}

/// The account tables (schema version 2), for both databases.
enum AccountSchema {
    enum Dialect { case sqlite, postgres }

    static func statements(dialect: Dialect) -> [String] {
        let real = dialect == .sqlite ? "REAL" : "double precision"
        let time = dialect == .sqlite ? "REAL NOT NULL" : "timestamptz NOT NULL DEFAULT now()"
        let blob = dialect == .sqlite ? "BLOB" : "bytea"
        return [
            """
            CREATE TABLE athlete_tokens (
              token_hash text PRIMARY KEY,
              athlete text NOT NULL,
              created_at \(time)
            )
            """,
            "CREATE INDEX athlete_tokens_athlete ON athlete_tokens(athlete)",
            """
            CREATE TABLE privacy_zones (
              athlete text NOT NULL,
              position integer NOT NULL,
              latitude \(real) NOT NULL,
              longitude \(real) NOT NULL,
              radius_m \(real) NOT NULL,
              PRIMARY KEY (athlete, position)
            )
            """,
            "CREATE TABLE server_settings (name text PRIMARY KEY, value \(blob) NOT NULL)",
        ]
    }

    /// 32 bytes from the system's cryptographic generator (`getrandom` on Linux).
    static func randomSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
