import Foundation
import Testing
import TestSupport
import WorkoutStore

/// The two real databases the same tests run against. PostgreSQL comes from `scripts/with-postgres.sh`
/// (which `scripts/test.sh` uses): it exports `WORKOUT_STORE_POSTGRES_URL`; without it the PostgreSQL
/// suite is skipped, saying so.
enum StoreBackend: String, Sendable, CustomStringConvertible {
    case sqlite, postgres

    var description: String { rawValue }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["WORKOUT_STORE_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A `--store` value for a new, empty database: a temporary SQLite file, or a new PostgreSQL database
    /// in the throwaway cluster.
    func freshLocation(_ label: String) throws -> String {
        switch self {
        case .sqlite:
            return "sqlite:" + (try TestPaths.temporaryDirectory("store-\(label)").appendingPathComponent("workouts.sqlite").path)
        case .postgres:
            guard let url = Self.postgresURL, var components = URLComponents(string: url) else {
                throw StoreTestError.postgresUnavailable
            }
            let name = "t_\(label.lowercased().filter { $0.isLetter || $0.isNumber })_\(UInt32.random(in: 0...UInt32.max))"
            let result = try runProcess("/usr/bin/psql", [url, "-v", "ON_ERROR_STOP=1", "-q", "-c", "CREATE DATABASE \(name)"])
            guard result.status == 0 else { throw StoreTestError.psql(result.standardError) }
            components.path = "/" + name
            return components.string ?? url
        }
    }

    /// A new empty store.
    func freshStore(_ label: String) async throws -> (store: any WorkoutStore, location: String) {
        let location = try freshLocation(label)
        return (try await WorkoutStores.open(location), location)
    }
}

enum StoreTestError: Error, CustomStringConvertible {
    case postgresUnavailable
    case psql(String)

    var description: String {
        switch self {
        case .postgresUnavailable: return "WORKOUT_STORE_POSTGRES_URL is not set (run the tests through scripts/with-postgres.sh)"
        case .psql(let message): return "psql: \(message)"
        }
    }
}
