import Foundation
import Testing
import TestSupport

/// `workout-server` opens PROJ, GEOS and libxml2 when it starts, not at its first workout: a machine without
/// them finds out at once, from the exit status and the dynamic loader's reason.
@Suite struct SystemLibraryServerTests {
    @Test("without GEOS, PROJ or libxml2 the server does not start: exit 69 and the reason", arguments: [
        ("WORKOUTENGINE_PROJ_LIBRARY", "PROJ could not be opened"),
        ("WORKOUTENGINE_GEOS_LIBRARY", "GEOS could not be opened"),
        ("WORKOUTENGINE_LIBXML2_LIBRARY", "libxml2 could not be opened"),
    ])
    func aMissingLibraryStopsTheStart(variable: String, message: String) throws {
        let binary = try #require(BuiltProduct.path(named: "workout-server"), "workout-server is built with the tests")
        let directory = try TestPaths.temporaryDirectory("server-no-library")
        let missing = directory.appendingPathComponent("libmissing.so").path
        let result = try runProcess(binary, ["--store", "sqlite:\(directory.path)/workouts.sqlite", "--port", "0", "--no-auth"],
                                    environment: [variable: missing])
        #expect(result.status == 69, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("\(missing): cannot open shared object file"), "\(result.standardError)")
        // It stopped before it opened the store.
        #expect(!FileManager.default.fileExists(atPath: "\(directory.path)/workouts.sqlite"))
    }
}
