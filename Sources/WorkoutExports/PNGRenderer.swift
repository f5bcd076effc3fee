import WorkoutSamples
import WorkoutCore
import Foundation

/// Renders SVG to PNG with librsvg's `rsvg-convert` (Debian package `librsvg2-bin`, installed by
/// `scripts/install-system-deps.sh`).
///
/// The tool is looked up in `$RSVG_CONVERT` (a path), then on `$PATH`. The SVG is piped to its
/// standard input; the PNG it writes to its standard output goes to the given file (or device) at `zoom` times
/// the SVG's pixel size.
public enum PNGRenderer {
    /// The tool's name.
    public static let tool = "rsvg-convert"

    /// The path of `rsvg-convert`, or `nil` when it is not installed.
    public static func locateTool(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["RSVG_CONVERT"], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Writes `svg` as a PNG of `zoom` × its size to `path`.
    /// - Parameters:
    ///   - svg: the picture.
    ///   - path: the PNG's path: a file (replaced once complete), a device or a pipe.
    ///   - zoom: the PNG's size over the SVG's pixel size (a value that is not positive and finite is 1).
    ///   - tool: the renderer's path; default ``locateTool(environment:)``.
    /// - Throws: ``ExportError/rendererMissing(tool:hint:)`` when `rsvg-convert` is not installed,
    ///   ``ExportError/rendererFailed(tool:status:message:)`` when it fails (its standard error) or writes
    ///   no PNG; ``FileOutputError`` when `path` cannot be written (the target is then untouched).
    /// - Complexity: one child process; the SVG is written to its standard input while its standard output
    ///   and standard error are read on other threads, so no amount of either can stall the exchange.
    public static func render(_ svg: RenderedSVG, to path: String, zoom: Double = 1, tool: String? = locateTool()) throws {
        guard let executable = tool else {
            throw ExportError.rendererMissing(tool: Self.tool, hint: "install the Debian package librsvg2-bin (scripts/install-system-deps.sh does) or set RSVG_CONVERT to its path")
        }
        // The picture comes back on the tool's standard output and is written through a `FileTextOutput`:
        // a file goes to a temporary file next to the target, renamed over it once complete, so a failure
        // never leaves a cut file, and a directory that cannot take it is found before rendering; a device or
        // a pipe (`/dev/null`) is written in place, which rsvg-convert's own `--output` refuses ("not a
        // regular file").
        let output = try FileTextOutput(replacingFileAt: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let z = zoom.isFinite && zoom > 0 ? zoom : 1
        process.arguments = ["--format", "png", "--zoom", String(z), "--background-color", "white"]
        let input = Pipe(), picture = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = picture
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw ExportError.rendererFailed(tool: Self.tool, status: -1, message: "\(error)")
        }
        let pictureReader = PipeDrain(picture.fileHandleForReading)
        let errorsReader = PipeDrain(errors.fileHandleForReading)
        // A tool that exits before reading all of the SVG closes the pipe: the write fails with EPIPE (its
        // status and message then say why) instead of raising SIGPIPE, which would end this process.
        _ = writeWithoutSIGPIPE(Array(svg.text.utf8), to: input.fileHandleForWriting.fileDescriptor)
        try? input.fileHandleForWriting.close()
        let png = pictureReader.wait()
        let message = errorsReader.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExportError.rendererFailed(tool: Self.tool, status: process.terminationStatus, message: Self.message(message))
        }
        guard png.starts(with: pngSignature) else {
            throw ExportError.rendererFailed(
                tool: Self.tool, status: 0,
                message: png.isEmpty ? "it wrote no PNG" : "it wrote \(png.count) bytes that are not a PNG\(message.isEmpty ? "" : ": " + Self.message(message))")
        }
        output.write(bytes: png)
        try output.close()
    }

    /// The eight bytes every PNG file begins with (PNG specification, section 5.2).
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The tool's standard error for an error message: trimmed, and cut to its first 4 KiB.
    private static func message(_ bytes: [UInt8]) -> String {
        let cut = bytes.count > 4096 ? String(decoding: bytes.prefix(4096), as: UTF8.self) + "…" : String(decoding: bytes, as: UTF8.self)
        return cut.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `bytes` to `descriptor` with SIGPIPE blocked on this thread; returns `false` when the reader
    /// has gone (EPIPE) or another error stopped the write. A SIGPIPE the write raised is taken from the
    /// thread's pending signals before the mask is restored, so it is never delivered.
    static func writeWithoutSIGPIPE(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            if !wasPending {
                sigpending(&pending)
                if sigismember(&pending, SIGPIPE) == 1 {
                    var zero = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&pipeSignal, nil, &zero)
                }
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var offset = 0
        return bytes.withUnsafeBytes { buffer in
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// Reads a pipe to its end on a thread of its own; ``wait()`` returns what it read.
private final class PipeDrain: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let descriptor = handle.fileDescriptor
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the end of the pipe and returns its bytes.
    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}
