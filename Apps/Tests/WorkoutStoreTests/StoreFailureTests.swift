import Foundation
import Testing
import TestSupport
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// Stores that cannot be opened fail with a message naming what and where, never a hang.
@Suite struct StoreFailureTests {
    /// A loopback port nobody listens on: bound, then closed.
    static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func unreachablePostgresIsAnErrorNotAHang() async throws {
        let url = "postgres://workout@127.0.0.1:\(Self.closedPort())/workouts"
        do {
            _ = try await PostgresWorkoutStore(url: url, connectTimeoutSeconds: 2)
            Issue.record("opened a store on a closed port")
        } catch let error as StoreError {
            #expect("\(error)".contains("127.0.0.1:"), "\(error)")
            #expect("\(error)".contains("no answer within 2 s"), "\(error)")
        }
    }

    @Test func badLocationsAreRefused() async throws {
        for location in ["mysql://x", "sqlite:", "postgres://", "workouts.sqlite"] {
            await #expect(throws: StoreError.self, "\(location)") { _ = try await WorkoutStores.open(location) }
        }
    }

    @Test func unwritableSQLitePathNamesTheFile() async throws {
        do {
            _ = try SQLiteWorkoutStore(path: "/nonexistent-directory/workouts.sqlite")
            Issue.record("opened a store in a missing directory")
        } catch let error as StoreError {
            #expect("\(error)".contains("/nonexistent-directory/workouts.sqlite"), "\(error)")
        }
    }
}
