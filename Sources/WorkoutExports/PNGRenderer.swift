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
    /// - Throws: ``ExportError/rendererMissing(tool:hint:)`` when `rsvg-convert` is not installed,
    ///   ``ExportError/rendererFailed(tool:status:message:)`` when it fails (its standard error).
    /// - Complexity: one child process; the SVG is written to its standard input.
    public static func render(_ svg: RenderedSVG, to path: String, zoom: Double = 1) throws {
        guard let executable = locateTool() else {
            throw ExportError.rendererMissing(tool: tool, hint: "install the Debian package librsvg2-bin (scripts/install-system-deps.sh does) or set RSVG_CONVERT to its path")
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
            throw ExportError.rendererFailed(tool: tool, status: -1, message: "\(error)")
        }
        // rsvg-convert reads all of its input before it writes anything, so writing first cannot block on a
        // full output pipe; its standard error is a line or two, which the pipe holds while the picture is
        // read to its end.
        let data = Data(svg.text.utf8)
        do {
            try input.fileHandleForWriting.write(contentsOf: data)
        } catch {
            // The child exited early; its status and message say why.
        }
        try? input.fileHandleForWriting.close()
        let png = picture.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExportError.rendererFailed(tool: tool, status: process.terminationStatus,
                                             message: String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        output.write(bytes: png)
        try output.close()
    }
}
