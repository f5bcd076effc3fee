import SessionSupport
import Logging

/// Just enough of a saved state to know whose it is.
struct SavedWorkoutID: Decodable {
    struct Workout: Decodable { var id: String }
    var workout: Workout
}
