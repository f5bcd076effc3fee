#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's file calls under names that do not clash with ``SessionFileSystem``'s methods (inside a
/// type that has an `open` method, a bare `open(...)` means the method). One place for every platform:
/// the calls here are unqualified, so whichever C library the file imports answers them.
package enum SystemCalls {
    /// Repeats `call` while it fails with `EINTR`.
    package static func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    package static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
    package static func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
    package static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }
    package static func closeFile(_ descriptor: Int32) -> Int32 { close(descriptor) }
    package static func renameFile(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
}
