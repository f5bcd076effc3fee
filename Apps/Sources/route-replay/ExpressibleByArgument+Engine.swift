import ArgumentParser
import WorkoutEngine

extension ActivityType: ExpressibleByArgument {}

extension LocationFilterMode: ExpressibleByArgument {}

extension TrackFormat: ExpressibleByArgument {}
