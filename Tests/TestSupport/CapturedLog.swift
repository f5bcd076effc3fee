import Foundation
public import Logging

/// Log lines a test can inspect: what a library wrote through the `Logger` the test injected.
public final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, message: String, metadata: Logger.Metadata)] = []

    public init() {}

    /// A logger whose every line (at any level) lands in this log.
    public func logger(label: String) -> Logger {
        Logger(label: label, factory: { _ in CapturingLogHandler(log: self) })
    }

    func append(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata) {
        lock.withLock { entries.append((level, message, metadata)) }
    }

    public var messages: [String] { lock.withLock { entries.map(\.message) } }

    /// Lines at `level` or more severe.
    public func count(atLeast level: Logger.Level) -> Int { lock.withLock { entries.filter { $0.level >= level }.count } }

    /// The metadata of the latest line with this message.
    public func metadata(of message: String) -> Logger.Metadata? {
        lock.withLock { entries.last { $0.message == message }?.metadata }
    }
}

/// A `LogHandler` writing into a ``CapturedLog``.
public struct CapturingLogHandler: LogHandler {
    public let log: CapturedLog
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public init(log: CapturedLog) { self.log = log }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        log.append(event.level, "\(event.message)", metadata.merging(event.metadata ?? [:]) { $1 })
    }
}
