import ArgumentParser
import TrackFormats
import WorkoutSamples
#if canImport(Glibc)
import Glibc
#endif

/// The exit codes of `route-replay`, from BSD's sysexits.h.
enum ExitStatus {
    static let usage: Int32 = 64
    static let malformedInput: Int32 = 65
    static let inputUnavailable: Int32 = 66
    /// A service the command needs is missing (`rsvg-convert` for PNG exports).
    static let serviceUnavailable: Int32 = 69
    static let software: Int32 = 70
    /// The output file cannot be created.
    static let cannotCreate: Int32 = 73
}

/// Runs `body`; a malformed or unreadable input is reported on standard error as
/// `route-replay: error: <path>:<line>:<column>: <what>` and ends the process with 65 or 66.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as TrackFormatError {
        printError("\(error)")
        throw ExitCode(ExitStatus.malformedInput)
    } catch let error as TrackInputError {
        printError("\(error)")
        throw ExitCode(ExitStatus.inputUnavailable)
    } catch let error as ExitCode {
        throw error
    } catch {
        printError("\(error)")
        throw ExitCode(ExitStatus.software)
    }
}

func printError(_ message: String) {
    var stream = StandardError()
    print("route-replay: error: \(message)", to: &stream)
}

/// Standard error as a `TextOutputStream` (unbuffered writes to descriptor 2).
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, base + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
