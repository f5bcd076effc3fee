import Foundation
import Testing
import TestSupport

/// PROJ, GEOS and libxml2 are opened at run time (README, "Performance": start-up): a command opens them only
/// when it needs them, and says so, exit 69, when they cannot be opened.
@Suite struct SystemLibraryCommandTests {
    static let track = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path

    /// The libraries whose initialisers the dynamic loader ran, from its own trace (`LD_DEBUG=libs`, glibc):
    /// what the process opened, seen from outside it.
    static func librariesInitialised(_ arguments: [String]) throws -> (status: Int32, libraries: [String]) {
        let result = try CLI.run(arguments, environment: ["LD_DEBUG": "libs"])
        let libraries = result.standardError.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...].split(separator: "/").last ?? "")
        }
        return (result.status, libraries)
    }

    @Test("--version and --help open neither PROJ nor GEOS")
    func aCommandWithoutFiguresOpensNeither() throws {
        for arguments in [["--version"], ["summary", "--help"], ["export", Self.track, "--help"]] {
            let (status, libraries) = try Self.librariesInitialised(arguments)
            #expect(status == 0, "\(arguments)")
            // The trace itself is the check that the loader reports: the C library is initialised in every process.
            #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(arguments): \(libraries)")
            #expect(!libraries.contains { $0.hasPrefix("libproj") || $0.hasPrefix("libgeos") }, "\(arguments): \(libraries)")
        }
    }

    @Test("a summary opens PROJ and GEOS, and its figures are those of the library")
    func aSummaryOpensBoth() throws {
        let (status, libraries) = try Self.librariesInitialised(["summary", Self.track])
        #expect(status == 0)
        #expect(libraries.contains { $0.hasPrefix("libproj.so") }, "\(libraries)")
        #expect(libraries.contains { $0.hasPrefix("libgeos_c.so") }, "\(libraries)")
    }

    @Test("a command that needs a library that cannot be opened says why and exits 69", arguments: [
        ("WORKOUTENGINE_PROJ_LIBRARY", "PROJ could not be opened", ["summary", "export"]),
        ("WORKOUTENGINE_GEOS_LIBRARY", "GEOS could not be opened", ["summary"]),
    ])
    func aMissingLibraryIsSaid(variable: String, message: String, commands: [String]) throws {
        let missing = try TestPaths.temporaryDirectory("no-library").appendingPathComponent("libmissing.so").path
        for command in commands {
            let arguments = [command, Self.track] + (command == "export" ? ["--to", "geojson"] : [])
            let result = try CLI.run(arguments, environment: [variable: missing])
            #expect(result.status == 69, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            // The dynamic loader's own reason, with the path it was given.
            #expect(result.standardError.contains("\(missing): cannot open shared object file"), "\(result.standardError)")
        }
    }

    /// libxml2 is needed for a TCX file and for a GPX file the readers' own scanner leaves to it (one in
    /// Latin-1, here): without it they exit 69 with the loader's reason. A FIT file, an NDJSON file and a
    /// plain GPX file never ask for it: the same output as with it.
    @Test("only a file that needs libxml2 needs it, and says so when it cannot be opened")
    func libxml2IsOpenedForTheFilesThatNeedIt() throws {
        let directory = try TestPaths.temporaryDirectory("no-libxml2")
        let missing = directory.appendingPathComponent("libmissing.so").path
        let environment = ["WORKOUTENGINE_LIBXML2_LIBRARY": missing]
        let plainText = try String(contentsOfFile: Self.track, encoding: .utf8)
        // Latin-1 (the file is ASCII, so it reads the same): an encoding the scanner leaves to libxml2.
        let latin1 = directory.appendingPathComponent("latin1.gpx")
        let body = plainText.hasPrefix("<?xml") ? String(plainText[(plainText.firstIndex(of: ">").map(plainText.index(after:)) ?? plainText.startIndex)...]) : plainText
        try ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + body).write(to: latin1, atomically: true, encoding: .utf8)
        for path in [TestPaths.sampleTrack("ride-garmin-edge500-hr.tcx").path, latin1.path] {
            let result = try CLI.run(["summary", path], environment: environment)
            #expect(result.status == 69, "\(path): \(result.standardError)")
            #expect(result.standardError.contains("libxml2 could not be opened"), "\(path): \(result.standardError)")
            #expect(result.standardError.contains("\(missing): cannot open shared object file"), "\(result.standardError)")
            #expect(try CLI.run(["summary", path]).status == 0, "\(path)")
        }
        let fit = TestPaths.sampleTrack("ride-garmin-edge530-hr-cad-power.fit").path
        for arguments in [["summary", Self.track], ["convert", fit, "--to", "gpx"], ["summary", fit]] {
            let plain = try CLI.run(arguments)
            let without = try CLI.run(arguments, environment: environment)
            #expect(without.status == 0, "\(arguments): \(without.standardError)")
            #expect(without.standardOutput == plain.standardOutput, "\(arguments)")
        }
    }

    @Test("a batch whose files needed a missing library exits 69, not 65")
    func aBatchWithoutALibraryExits69() throws {
        let missing = try TestPaths.temporaryDirectory("no-library").appendingPathComponent("libmissing.so").path
        let other = TestPaths.sampleTrack("hike-garmin-gpsmap64s-2seg-elevation.gpx").path
        let result = try CLI.run(["summary", Self.track, other], environment: ["WORKOUTENGINE_GEOS_LIBRARY": missing])
        #expect(result.status == 69, "\(result.standardError)")
        #expect(result.standardError.contains("GEOS could not be opened"), "\(result.standardError)")
    }

    @Test("an empty library variable is as if it were unset")
    func anEmptyVariableIsUnset() throws {
        let plain = try CLI.run(["summary", Self.track])
        let empty = try CLI.run(["summary", Self.track], environment: ["WORKOUTENGINE_PROJ_LIBRARY": "", "WORKOUTENGINE_GEOS_LIBRARY": ""])
        #expect(empty.status == 0, "\(empty.standardError)")
        #expect(empty.standardOutput == plain.standardOutput)
    }

    @Test("an export that draws no geometry needs no GEOS")
    func anExportWithoutGeometryRunsWithoutGEOS() throws {
        let missing = try TestPaths.temporaryDirectory("no-library").appendingPathComponent("libmissing.so").path
        let arguments = ["export", Self.track, "--to", "geojson"]
        let plain = try CLI.run(arguments)
        let withoutGEOS = try CLI.run(arguments, environment: ["WORKOUTENGINE_GEOS_LIBRARY": missing])
        #expect(withoutGEOS.status == 0, "\(withoutGEOS.standardError)")
        #expect(withoutGEOS.standardOutput == plain.standardOutput)
    }

    @Test("a library named by the environment is the one opened")
    func theEnvironmentNamesTheLibrary() throws {
        let system = try #require(["/usr/lib/x86_64-linux-gnu/libproj.so.25", "/usr/lib/aarch64-linux-gnu/libproj.so.25"]
            .first { FileManager.default.fileExists(atPath: $0) }, "Debian's libproj25 is not installed")
        let plain = try CLI.run(["summary", Self.track])
        let named = try CLI.run(["summary", Self.track], environment: ["WORKOUTENGINE_PROJ_LIBRARY": system])
        #expect(named.status == 0, "\(named.standardError)")
        #expect(named.standardOutput == plain.standardOutput)
    }
}
