// The errors of the modules that do without Foundation (WorkoutSamples, TrackFormats, Geodesy,
// SessionSupport) are made `LocalizedError`s here, in the umbrella, so that `error.localizedDescription`
// is their `description` (`run.gpx:3:32: trkpt: attribute lat: "abc" is not a number`) rather than
// Foundation's "The operation could not be completed. (… error 1.)". The modules that import Foundation
// declare the conformance beside their error types.

public import Foundation
public import Geodesy
public import SessionSupport
public import TrackFormats
public import WorkoutSamples

extension TrackFormatError: LocalizedError {
    /// The same text as ``WorkoutSamples/TrackFormatError/description``: `<file>:<line>:<column>: <message>`.
    public var errorDescription: String? { description }
}

extension TrackInputError: LocalizedError {
    /// The same text as ``TrackFormats/TrackInputError/description``: `<path>: cannot open: <reason>`, …
    public var errorDescription: String? { description }
}

extension GeodesyError: LocalizedError {
    /// The same text as ``Geodesy/GeodesyError/description``.
    public var errorDescription: String? { description }
}

extension FileSystemError: LocalizedError {
    /// The same text as ``SessionSupport/FileSystemError/description``: `<operation> <path>: <reason> (errno <n>)`.
    public var errorDescription: String? { description }
}
