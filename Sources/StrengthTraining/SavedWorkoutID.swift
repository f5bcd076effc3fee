import SessionSupport
public import Logging
public import SessionSupport

/// Just enough of a saved state to know whose it is.
struct SavedWorkoutID: Decodable {
    struct Workout: Decodable { var id: String }
    var workout: Workout
}
