import ArgumentParser
import TrackFormats
import WorkoutEngine
import WorkoutSamples

extension ActivityType: ExpressibleByArgument {}

extension LocationFilterMode: ExpressibleByArgument {}

extension TrackFormat: ExpressibleByArgument {}
