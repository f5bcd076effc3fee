import Foundation
import Metrics

/// The server's own metrics (Prometheus names), beside Hummingbird's HTTP metrics.
enum ServerMetrics {
    /// Uploads by result (`stored`, `already_stored`, `failed`).
    static func upload(_ result: String) {
        Counter(label: "workout_uploads_total", dimensions: [("result", result)]).increment()
    }

    /// Samples taken into live sessions.
    static func samplesIngested(_ count: Int) {
        guard count > 0 else { return }
        Counter(label: "workout_samples_ingested_total").increment(by: count)
    }

    /// Live sessions held by this node.
    static func liveSessions(_ count: Int) {
        Gauge(label: "workout_live_sessions").record(count)
    }

    /// How late a frame was written against when it was due, seconds.
    static func frameLateness(seconds: Double) {
        Metrics.Timer(label: "workout_frame_lateness_seconds").recordNanoseconds(Int64(max(0, seconds) * 1e9))
    }

    /// Times one store operation under `operation`.
    static func timeStore<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            Metrics.Timer(label: "workout_store_operation_seconds", dimensions: [("operation", operation)])
                .recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        }
        return try await body()
    }
}
