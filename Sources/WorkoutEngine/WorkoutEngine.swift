// WorkoutEngine: the whole library behind one import.
//
// `import WorkoutEngine` brings every stage of the data flow: the sample types (WorkoutSamples), the readers
// (TrackFormats), geodesy and route geometry, the builder and its summaries (WorkoutCore), the live pipeline
// (WorkoutLive), persistence (WorkoutPersistence) and exports (WorkoutExports). This module adds only what
// joins two stages: reading a track file straight into a summary or an export.

@_exported import Geodesy
@_exported import RouteGeometry
@_exported import SessionSupport
@_exported import TrackFormats
@_exported import WorkoutCore
@_exported import WorkoutExports
@_exported import WorkoutLive
@_exported import WorkoutPersistence
@_exported import WorkoutSamples
