import ArgumentParser
import Foundation
import Logging
import WorkoutEngine

extension RouteReplay {
    /// `route-replay recover DIR`: finds interrupted sessions in a journal directory and prints each one's
    /// summary, or why it was discarded.
    struct Recover: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recover",
            abstract: "Recovers interrupted sessions from a journal directory and prints their summaries.",
            discussion: """
            Each session journal (<id>.wejournal) is replayed up to its last valid record; a torn or corrupt \
            tail is cut and its size reported. A session last active longer ago than --max-age, or with an \
            unreadable header or unknown format version, is reported as discarded. Nothing is changed on disk.
            Exit codes: 0 the directory was read (even when it holds no session), 66 it does not exist or \
            cannot be read.
            """)

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
            case json, text
        }

        @Argument(help: "The journal directory.", completion: .directory)
        var directory: String

        @Option(name: .long, help: "Output format.")
        var format: OutputFormat = .json

        @Option(name: .long, help: "Discard sessions last active more than this many seconds ago (default 21600, 6 hours).")
        var maxAge: Double = SessionRecovery.defaultMaximumAgeSeconds

        @Option(name: .customLong("continue"), help: "Continue the recovered session's replay with this track (the one it was replaying): frames as NDJSON, journaled into DIR.", completion: .file())
        var continueTrack: String?

        @Option(name: .long, help: "With --continue: the session to continue, when DIR holds several.")
        var session: String?

        @Option(name: .long, help: "With --continue: pace at this many times real time (default: as fast as possible).")
        var speed: Double?

        @Option(name: .long, help: "With --continue: frames per second, 1 to 120.")
        var fps: Int = 30

        func validate() throws {
            guard maxAge.isFinite, maxAge >= 0 else { throw ValidationError("--max-age must be a number of seconds, 0 or more.") }
            if let speed, !TrackReplayConfiguration.supportedSpeeds.contains(speed) {
                throw ValidationError("--speed must be between \(TrackReplayConfiguration.supportedSpeeds.lowerBound) and \(Int(TrackReplayConfiguration.supportedSpeeds.upperBound)) times real time, got \(speed).")
            }
            if !FrameSchedule.supportedFramesPerSecond.contains(fps) { throw ValidationError("--fps must be between 1 and 120, got \(fps).") }
        }

        func run() throws {
            let fileSystem = POSIXFileSystem()
            guard fileSystem.isDirectory(directory) else {
                printError("\(directory): no such directory")
                throw ExitCode(ExitStatus.inputUnavailable)
            }
            var logger = Logger(label: "route-replay.recover")
            logger.logLevel = .error
            let outcomes: [RecoveryOutcome]
            do {
                outcomes = try SessionRecovery.recover(
                    directory: directory, now: Date().timeIntervalSince1970, maxAge: maxAge,
                    fileSystem: fileSystem, logger: logger)
            } catch {
                printError("\(error)")
                throw ExitCode(ExitStatus.inputUnavailable)
            }
            if let continueTrack {
                try continueReplay(of: outcomes, track: continueTrack)
                return
            }
            try writeStandardOutput(format == .json ? Self.json(outcomes) + "\n" : Self.text(outcomes))
        }

        /// Continues the one recovered session (or `--session`) with its track, journaling into the same
        /// directory; on success the journal is closed out like any finished replay.
        private func continueReplay(of outcomes: [RecoveryOutcome], track: String) throws {
            let recovered = outcomes.compactMap { outcome -> RecoveredSession? in
                if case .recovered(let session) = outcome { return session }
                return nil
            }
            let chosen = session.map { id in recovered.filter { $0.sessionID.uuidString.lowercased() == id.lowercased() } } ?? recovered
            guard chosen.count == 1, let target = chosen.first else {
                let which = session.map { "session \($0)" } ?? "sessions"
                printError("\(directory): \(chosen.isEmpty ? "no recoverable" : "\(chosen.count) recoverable") \(which) to continue\(chosen.count > 1 ? "; choose one with --session" : "")")
                throw ExitCode(chosen.isEmpty ? ExitStatus.inputUnavailable : ExitStatus.usage)
            }
            try reportingErrors {
                let runner = ReplayRunner(
                    trackPath: track, inputFormat: nil, format: .ndjson,
                    configuration: TrackReplayConfiguration(
                        options: target.builder.options, framesPerSecond: fps, speed: speed, journalDirectory: directory,
                        logger: ReplayRunner.journalLogger))
                try runner.run(continuing: target, samplesToSkip: target.journaledSampleCount)
            }
        }

        /// `{"sessions":[…]}`: per session its file, id, status (`recovered` or `discarded`), dropped tail
        /// bytes, and the summary object or the discard reason.
        static func json(_ outcomes: [RecoveryOutcome]) -> String {
            var json = JSONWriter()
            json.beginObject()
            json.beginArray("sessions")
            for outcome in outcomes {
                json.beginObject()
                switch outcome {
                case .recovered(let session):
                    json.string("file", session.journalPath)
                    json.string("sessionID", session.sessionID.uuidString)
                    json.string("status", "recovered")
                    json.integer("journaledSampleCount", session.journaledSampleCount)
                    json.integer("droppedTailBytes", session.droppedTailBytes)
                    json.string("damage", session.damage?.rawValue)
                    if let summary = session.summary {
                        summary.write(to: &json, key: "summary")
                    } else {
                        json.null("summary")
                    }
                case .discarded(let discarded):
                    json.string("file", discarded.file)
                    json.string("sessionID", discarded.sessionID?.uuidString)
                    json.string("status", "discarded")
                    json.string("reason", discarded.reason.description)
                    json.integer("droppedTailBytes", discarded.droppedTailBytes)
                }
                json.endObject()
            }
            json.endArray()
            json.endObject()
            return json.text
        }

        static func text(_ outcomes: [RecoveryOutcome]) -> String {
            guard !outcomes.isEmpty else { return "No interrupted session.\n" }
            var text = ""
            for outcome in outcomes {
                switch outcome {
                case .recovered(let session):
                    text += "Session \(session.sessionID.uuidString): recovered, \(session.journaledSampleCount) samples"
                    if session.droppedTailBytes > 0 {
                        text += ", \(session.droppedTailBytes) damaged bytes dropped (\(session.damage.map { "\($0)" } ?? "damaged tail"))"
                    }
                    text += "\n"
                    text += session.summary?.text() ?? "(no summary: the route could not be summarised)\n"
                case .discarded(let discarded):
                    text += "Session \(discarded.sessionID?.uuidString ?? discarded.file): discarded, \(discarded.reason)"
                    if discarded.droppedTailBytes > 0 { text += ", \(discarded.droppedTailBytes) damaged bytes dropped" }
                    text += "\n"
                }
                text += "\n"
            }
            return text
        }
    }
}
