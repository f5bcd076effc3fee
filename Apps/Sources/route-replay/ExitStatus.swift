import ArgumentParser
import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// The exit codes of `route-replay`, from BSD's sysexits.h.
enum ExitStatus {
    static let usage: Int32 = 64
    static let malformedInput: Int32 = 65
    static let inputUnavailable: Int32 = 66
    /// A service the command needs is missing (`rsvg-convert` for PNG exports, PROJ, GEOS or libxml2).
    static let serviceUnavailable: Int32 = 69
    static let software: Int32 = 70

    /// For an error nothing else explains: 69 when PROJ, GEOS or libxml2 was needed and could not be opened
    /// (the error follows from that), else 70.
    static var unexpectedError: Int32 {
        PROJLibrary.failureAfterUse != nil || GEOSLibrary.failureAfterUse != nil || XMLLibrary.failureAfterUse != nil
            ? serviceUnavailable : software
    }
    /// The output file cannot be created.
    static let cannotCreate: Int32 = 73
    /// Writing the output failed (standard output closed or full, a disk full under `-o`).
    static let ioError: Int32 = 74
    /// Another process holds the session (its journal's lock): try again later.
    static let temporaryFailure: Int32 = 75
}
