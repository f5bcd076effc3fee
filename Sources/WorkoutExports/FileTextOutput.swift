import WorkoutSamples
import WorkoutCore
import Foundation

/// A `TextOutputStream` writing UTF-8 to a file descriptor through a 64 KiB buffer: exports stream
/// into it instead of building one large string. Write errors are kept and reported by ``close()``.
public struct FileTextOutput: TextOutputStream {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    /// The first write error (`errno`), if any.
    public private(set) var failure: Int32?
    /// The path or `-`, for messages.
    public let name: String

    /// Standard output.
    public static func standardOutput() -> FileTextOutput {
        FileTextOutput(descriptor: 1, ownsDescriptor: false, name: "-")
    }

    private init(descriptor: Int32, ownsDescriptor: Bool, name: String) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.name = name
        buffer.reserveCapacity(1 << 16)
    }

    /// Creates or truncates `path` for writing.
    /// - Throws: ``FileOutputError`` with the system's reason.
    public init(creatingFileAt path: String) throws(FileOutputError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileOutputError(path: path, reason: String(cString: strerror(errno))) }
        self.init(descriptor: fd, ownsDescriptor: true, name: path)
    }

    public mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered.
    public mutating func flush() {
        guard failure == nil else { buffer.removeAll(keepingCapacity: true); return }
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes the file (not standard output) and reports the first write error.
    public mutating func close() throws(FileOutputError) {
        flush()
        if ownsDescriptor { _ = Foundation.close(descriptor) }
        if let failure { throw FileOutputError(path: name, reason: String(cString: strerror(failure))) }
    }
}
