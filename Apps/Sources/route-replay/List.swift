import ArgumentParser
import Foundation
import WorkoutEngine
import WorkoutStore

extension RouteReplay {
    /// `route-replay list`: queries a workout store and prints JSON (the queries are the store's).
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
                let values = try Self.numbers(near, count: 2, option: "--near")
                guard abs(values[0]) <= 90, abs(values[1]) <= 180, within >= 0, within.isFinite else {
                    throw ValidationError("--near \(near) --within \(within): latitude -90...90, longitude -180...180, metres >= 0")
                }
                query.near = .init(center: GeoCoordinate(latitude: values[0], longitude: values[1]), radiusMeters: within)
            }
            if let bbox {
                let v = try Self.numbers(bbox, count: 4, option: "--bbox")
                guard v[0] <= v[2], v[1] <= v[3] else { throw ValidationError("--bbox \(bbox): expected MINLON,MINLAT,MAXLON,MAXLAT") }
                query.boundingBox = GeoBounds(minLatitude: v[1], minLongitude: v[0], maxLatitude: v[3], maxLongitude: v[2])
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
            let full = text.count == 10 ? text + "T00:00:00Z" : text
            guard let seconds = ISO8601Time.secondsSince1970(full) else {
                throw ValidationError("\(option) \(text): expected an ISO 8601 date or date-time")
            }
            return seconds
        }

        static func numbers(_ text: String, count: Int, option: String) throws -> [Double] {
            let values = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == count, values.allSatisfy(\.isFinite) else {
                throw ValidationError("\(option) \(text): expected \(count) comma-separated numbers")
            }
            return values
        }
    }
}
