import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// Standard output with a 64 KiB buffer of our own (one write(2) per buffer, not per line).
struct BufferedStandardOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(STDOUT_FILENO, base + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
