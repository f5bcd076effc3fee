import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// An error the library throws says what went wrong through `localizedDescription` too, as a backend that
/// logs `error.localizedDescription` reads it (not Foundation's "The operation could not be completed.").
struct LocalizedErrorTests {
    @Test func aParseErrorsLocalizedDescriptionNamesTheFileLineAndColumn() throws {
        let gpx = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n<trkpt lat=\"abc\" lon=\"8\"/>\n</trkseg></trk></gpx>"
        let thrown: any Error
        do {
            _ = try WorkoutSummary(trackBytes: Array(gpx.utf8), name: "badlat.gpx")
            Issue.record("no error")
            return
        } catch {
            thrown = error
        }
        let error = try #require(thrown as? TrackFormatError)
        #expect(error.position.line == 2)
        #expect(error.position.column > 0)
        #expect(thrown.localizedDescription == "badlat.gpx:2:\(error.position.column): \(error.message)")
        #expect(thrown.localizedDescription == "\(thrown)")
        #expect(thrown.localizedDescription.contains("is not a number"))
    }

    @Test func aMissingFilesLocalizedDescriptionNamesIt() throws {
        let path = "/nonexistent/\(UUID().uuidString).gpx"
        let thrown: any Error
        do {
            _ = try WorkoutSummary(contentsOfTrack: path)
            Issue.record("no error")
            return
        } catch {
            thrown = error
        }
        #expect(thrown is TrackInputError)
        #expect(thrown.localizedDescription == "\(thrown)")
        #expect(thrown.localizedDescription.hasPrefix("\(path): cannot open: "))
    }

    /// Every public error type of the engine's modules: `localizedDescription` is its `description`.
    @Test func everyEngineErrorDescribesItselfLocalized() {
        let errors: [any Error & CustomStringConvertible] = [
            TrackFormatError(file: "a.fit", position: SourcePosition(byteOffset: 12), message: "truncated"),
            TrackInputError.readFailed(path: "a.gpx", reason: "EIO"),
            GeodesyError.invalidCoordinate(latitude: 91, longitude: 0),
            RouteGeometryError.mismatchedCounts(segment: 0, latitudes: 2, longitudes: 3),
            EncodedPolylineError.truncated(offset: 4),
            FileSystemError(operation: "opendir", path: "/var/lib/workouts", code: EACCES),
            ExportError.emptyRoute,
            FileOutputError(path: "out.gpx", reason: "disk full"),
            TrackReplayError.trackShorterThanJournal(trackSamples: 1, journaledSamples: 2),
            AthleteProfileError.cannotRead(file: "athlete.json", reason: "missing"),
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description, "\(type(of: error))")
        }
    }
}
