import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// Standard error as a `TextOutputStream` (unbuffered writes to descriptor 2).
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var output = DescriptorOutput(descriptor: 2)
        output.write(string)
    }
}

/// A file descriptor as a `TextOutputStream`: each write goes out at once, whole (short writes are
/// continued), or is dropped when the descriptor refuses it.
struct DescriptorOutput: TextOutputStream {
    let descriptor: Int32

    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
