public import Logging

extension Logger {
    /// A logger that writes nothing: the default of every API that takes one, so a caller that does not
    /// care about the engine's status lines need not make a logger (swift-log's own no-op handler).
    public static var quiet: Logger {
        Logger(label: "WorkoutEngine", factory: { _ in SwiftLogNoOpLogHandler() })
    }
}
