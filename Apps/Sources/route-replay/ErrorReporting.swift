import WorkoutEngine
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

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
    } catch let error as TrackReplayError {
        // Continuing a session with another track than the one it journaled: the caller's mistake.
        printError("\(error)")
        throw ExitCode(ExitStatus.usage)
    } catch let error as FileOutputError {
        printError("\(error)")
        throw ExitCode(error.stage == .create ? ExitStatus.cannotCreate : ExitStatus.ioError)
    } catch let error as FileSystemError where error.code == EWOULDBLOCK {
        printError("\(error.path): another process is writing this session")
        throw ExitCode(ExitStatus.temporaryFailure)
    } catch let error as ExitCode {
        throw error
    } catch {
        printError("\(error)")
        throw ExitCode(ExitStatus.unexpectedError)
    }
}

/// Writes `text` to standard output; a failed write (a full disk, a closed descriptor) is reported and ends
/// the process with 74, never a silent success.
func writeStandardOutput(_ text: String) throws {
    let out = FileTextOutput.standardOutput()
    out.write(text)
    do {
        try out.close()
    } catch {
        printError("\(error)")
        throw ExitCode(ExitStatus.ioError)
    }
}

func printError(_ message: String) {
    var stream = StandardError()
    print("route-replay: error: \(message)", to: &stream)
}

/// What reading a track left out, on standard error (``readingWarnings(path:_:damage:engine:)``).
func printReadingWarnings(path: String, _ fields: [String: SkippedField], damage: TrackDamage? = nil, engine: [String] = []) {
    var stream = StandardError()
    for line in readingWarnings(path: path, fields, damage: damage, engine: engine) { print(line, to: &stream) }
}

/// What reading a track left out, a line each: the damage a binary file was read up to (`route-replay:
/// warning: <path>:byte <offset>: <reason>; what came before it is kept`), then, by field name, each
/// optional field the reader dropped because it did not parse, with where it was first seen
/// (`route-replay: warning: <path>:<line>:<column>: speed: "n/a" did not parse; dropped from 1 sample (the
/// samples are kept)`; without `<line>:<column>` when the reader could not say where), then the engine's
/// own warnings about the track (the summary's `warnings`: times it reads as untimed, a file with nothing to measure), as `route-replay: warning: <path>: <warning>`.
func readingWarnings(path: String, _ fields: [String: SkippedField], damage: TrackDamage? = nil, engine: [String] = []) -> [String] {
    let damaged = damage.map { ["route-replay: warning: \(path):byte \($0.byteOffset): \($0.reason); what came before it is kept"] } ?? []
    return damaged + fields.keys.sorted().compactMap { name in
        guard let field = fields[name] else { return nil }
        let value = field.firstValue.map { " \"\($0)\"" } ?? ""
        let samples = field.count == 1 ? "1 sample" : "\(field.count) samples"
        // A position of 0:0 is unknown (times a reader's clock watch took off: `ClockJumpWatch`).
        let known = field.firstPosition.byteOffset != nil || field.firstPosition.line > 0
        let place = known ? "\(path):\(field.firstPosition)" : path
        return "route-replay: warning: \(place): \(name):\(value) did not parse; dropped from \(samples) (the samples are kept)"
    } + engine.map { "route-replay: warning: \(path): \($0)" }
}
