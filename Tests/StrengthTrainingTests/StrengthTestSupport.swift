import Foundation
import Logging
import StrengthTraining
import TestSupport
import SessionSupport

/// The shared capturing log under the name these tests use.
typealias LogRecord = CapturedLog

/// Seconds since 1970 at which the manual clocks of the tests start.
let epoch: Double = 1_700_000_000

func makeLogger() -> (Logger, LogRecord) {
    let record = LogRecord()
    return (record.logger(label: "strength-tests"), record)
}

/// Squat 4 x 5 @ 100 kg (rest 90 s), bench 3 x 8 @ 60 kg (default rest), plank 2 x 1.
func sampleWorkout(id: String = "w1") -> StrengthWorkout {
    StrengthWorkout(id: id, name: "Day A", exercises: [
        Exercise(id: "squat", name: "Back Squat", muscleGroup: .quadriceps, equipment: .barbell, restSeconds: 90,
                 sets: Array(repeating: ExerciseSet(targetReps: 5, targetLoadKg: 100), count: 4)),
        Exercise(id: "bench", name: "Barbell Bench Press", muscleGroup: .chest, equipment: .barbell,
                 sets: Array(repeating: ExerciseSet(targetReps: 8, targetLoadKg: 60), count: 3)),
        Exercise(id: "plank", name: "Plank", muscleGroup: .core, equipment: .bodyweight,
                 sets: Array(repeating: ExerciseSet(targetReps: 1), count: 2)),
    ])
}

/// An active state started at `epoch`.
func activeState(_ workout: StrengthWorkout = sampleWorkout()) throws -> StrengthSessionState {
    var state = try StrengthSessionState(workout: workout, createdAt: epoch)
    state.start(at: epoch)
    return state
}

/// A temporary directory, a fault-injecting file layer over it and a store.
struct StoreFixture {
    let directory: URL
    let fileSystem = FaultInjectingFileSystem()
    var path: String { directory.appendingPathComponent("strength-resume.json").path }

    init() throws { directory = try TestPaths.temporaryDirectory("strength") }

    func store(maximumAge: Double = ResumeStore.defaultMaximumAgeSeconds, keyStyle: JSONKeyStyle = .camelCase) -> ResumeStore {
        ResumeStore(path: path, fileSystem: fileSystem, maximumAgeSeconds: maximumAge, keyStyle: keyStyle)
    }

    func fileBytes() -> [UInt8]? { try? POSIXFileSystem().readFile(path) }
    func write(_ text: String) throws { try POSIXFileSystem().writeAtomically(Array(text.utf8), to: path) }
}

/// Lets the other tasks run until `condition` holds (or gives up after many turns).
func yieldUntil(_ condition: () async -> Bool) async {
    for _ in 0..<10_000 {
        if await condition() { return }
        await Task.yield()
    }
}

/// Something a test opens to let an in-flight action finish.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if opened { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
    var waiterCount: Int { lock.withLock { waiters.count } }
    func open() {
        let pending: [CheckedContinuation<Void, Never>] = lock.withLock {
            opened = true
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in pending { waiter.resume() }
    }
}
