// WorkoutEngine: being written.
