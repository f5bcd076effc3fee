import ArgumentParser
import Foundation
import WorkoutEngine
import WorkoutStore

extension RouteReplay {
    /// `route-replay list`: queries a workout store and prints JSON (the queries are the store's).
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Lists stored workouts as JSON, or their personal records or weekly totals.")

        enum Report: String, ExpressibleByArgument, CaseIterable {
            case workouts, records, weekly
        }

        @Option(name: .long, help: "sqlite:PATH or postgres://USER@HOST:PORT/DATABASE.")
        var store: String

        @Option(name: .long, help: "What to print: workouts (an array), records (longest, fastest, most climbing) or weekly (totals by ISO week).")
        var report: Report = .workouts

        @Option(name: .long, help: "Only this athlete's workouts.")
        var athlete: String?

        @Option(name: .long, help: "Only this activity (running, cycling, ...).")
        var activity: String?

        @Option(name: .long, help: "Workouts starting at or after this time (ISO 8601; a date alone is midnight UTC).")
        var from: String?

        @Option(name: .long, help: "Workouts starting before this time (ISO 8601).")
        var to: String?

        @Option(name: .long, help: "LAT,LON: workouts whose route passes within --within metres of this point.")
        var near: String?

        @Option(name: .long, help: "Metres, with --near.")
        var within: Double = 100

        @Option(name: .long, help: "MINLON,MINLAT,MAXLON,MAXLAT: workouts whose route intersects this box.")
        var bbox: String?

        @Option(name: .long, help: "At most this many workouts.")
        var limit: Int?

        func run() async throws {
            var query = WorkoutQuery(athlete: athlete, activity: activity, limit: limit)
            query.startingAtOrAfter = try from.map { try Self.time($0, option: "--from") }
            query.startingBefore = try to.map { try Self.time($0, option: "--to") }
            if let near {
                guard let circle = WorkoutQuery.parseNear(near, withinMeters: within) else {
                    throw ValidationError("--near \(near) --within \(within): latitude -90...90, longitude -180...180, metres >= 0")
                }
                query.near = circle
            }
            if let bbox {
                guard let box = WorkoutQuery.parseBoundingBox(bbox) else { throw ValidationError("--bbox \(bbox): expected MINLON,MINLAT,MAXLON,MAXLAT") }
                query.boundingBox = box
            }
            let opened: any WorkoutStore
            do {
                opened = try await WorkoutStores.open(store)
            } catch let error as StoreError {
                printError("\(error)")
                if case .badLocation = error { throw ExitCode(ExitStatus.usage) }
                throw ExitCode(ExitStatus.serviceUnavailable)
            }
            let text: String
            do {
                switch report {
                case .workouts:
                    var json = JSONWriter()
                    json.beginArray()
                    for workout in try await opened.workouts(matching: query) { workout.write(to: &json) }
                    json.endArray()
                    text = json.text
                case .records:
                    text = try await opened.personalRecords(matching: query).jsonText()
                case .weekly:
                    text = WeeklyTotal.jsonText(try await opened.weeklyTotals(matching: query))
                }
            } catch {
                await opened.close()
                printError("\(error)")
                throw ExitCode(ExitStatus.serviceUnavailable)
            }
            await opened.close()
            try writeStandardOutput(text + "\n")
        }

        static func time(_ text: String, option: String) throws -> Double {
            guard let seconds = WorkoutQuery.parseTime(text) else {
                throw ValidationError("\(option) \(text): expected an ISO 8601 date or date-time")
            }
            return seconds
        }
    }
}
