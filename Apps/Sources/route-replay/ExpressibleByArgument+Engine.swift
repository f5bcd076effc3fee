import ArgumentParser
import WorkoutEngine

extension ActivityType: @retroactive ExpressibleByArgument {}

extension LocationFilterMode: @retroactive ExpressibleByArgument {}

extension TrackFormat: @retroactive ExpressibleByArgument {}
