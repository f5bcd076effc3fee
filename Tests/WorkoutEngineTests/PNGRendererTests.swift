import Foundation
import Testing
import TestSupport
import WorkoutExports

/// The PNG renderer's exchange with its child process, with the real `rsvg-convert` and with small shell
/// scripts standing in for a renderer that fails in the ways a real one can.
struct PNGRendererTests {
    /// A script in a temporary directory, executable.
    static func script(_ body: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("renderer.sh").path
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// An SVG of `width` × `height` pixels with `padding` bytes of comment (larger than a pipe's buffer
    /// when the test needs the writer to block).
    static func svg(width: Int = 40, height: Int = 20, padding: Int = 0) -> RenderedSVG {
        let comment = padding > 0 ? "<!--" + String(repeating: "x", count: padding) + "-->" : ""
        return RenderedSVG(
            text: #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)">\#(comment)<rect width="10" height="10" fill="red"/></svg>"#,
            width: width, height: height)
    }

    /// The width and height a PNG's IHDR chunk states (PNG specification, 11.2.2: big-endian at byte 16).
    static func size(ofPNG bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24 else { return nil }
        func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20))
    }

    /// The tool, status and message of a renderer failure, or `nil` for any other error.
    static func failure(_ error: any Error) -> (tool: String, status: Int32, message: String)? {
        guard case ExportError.rendererFailed(let tool, let status, let message) = error else { return nil }
        return (tool, status, message)
    }

    @Test func rsvgConvertWritesAPNGOfTheZoomedSize() throws {
        let tool = try #require(PNGRenderer.locateTool(), "rsvg-convert is installed by scripts/install-system-deps.sh")
        let directory = try TestPaths.temporaryDirectory("png-renderer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.png").path
        try PNGRenderer.render(Self.svg(), to: path, zoom: 2, tool: tool)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(Self.size(ofPNG: bytes).map { [$0.width, $0.height] } == [80, 40])
    }

    /// The tool exits without reading a 1 MiB SVG: the write meets a closed pipe. Without SIGPIPE blocked
    /// this test process would be killed by the signal.
    @Test func aRendererThatExitsEarlyIsAnErrorNotASignal() throws {
        let directory = try TestPaths.temporaryDirectory("png-renderer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = try Self.script("echo 'cannot render' >&2; exit 3", in: directory)
        let path = directory.appendingPathComponent("map.png").path
        #expect {
            try PNGRenderer.render(Self.svg(padding: 1 << 20), to: path, tool: tool)
        } throws: { error in
            Self.failure(error).map { $0.tool == "rsvg-convert" && $0.status == 3 && $0.message == "cannot render" } == true
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["renderer.sh"], "no temporary file left")
    }

    /// 256 KiB on standard error before the tool reads its input (a pipe holds 64 KiB): read as it comes,
    /// it cannot stall the exchange; the message is cut to 4 KiB.
    @Test func aTalkativeRendererDoesNotStall() throws {
        let directory = try TestPaths.temporaryDirectory("png-renderer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = try Self.script("yes w | head -c 262144 >&2; cat >/dev/null; exit 1", in: directory)
        let path = directory.appendingPathComponent("map.png").path
        #expect {
            try PNGRenderer.render(Self.svg(padding: 1 << 18), to: path, tool: tool)
        } throws: { error in
            Self.failure(error).map { $0.status == 1 && $0.message.hasPrefix("w\nw\n") && $0.message.count == 4097 } == true
        }
    }

    /// Status 0 but nothing, or something that is not a PNG, on standard output: an error, and the target
    /// keeps what it had.
    @Test func aRendererThatWritesNoPNGFails() throws {
        let directory = try TestPaths.temporaryDirectory("png-renderer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        for (body, expected) in [("cat >/dev/null", "it wrote no PNG"), ("cat", "that are not a PNG")] {
            let tool = try Self.script(body, in: directory)
            #expect {
                try PNGRenderer.render(Self.svg(), to: path, tool: tool)
            } throws: { error in
                Self.failure(error).map { $0.status == 0 && $0.message.contains(expected) } == true
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }
}
