import Foundation
public import Hummingbird
import NIOCore
import WorkoutEngine
public import WorkoutStore

/// Stored workouts: uploads (parsed as they stream in), queries, the summary with its analysis, and
/// exports; every route-bearing output leaves out the owner's privacy zones.
public struct WorkoutController: Sendable {
    let store: any WorkoutStore
    let accounts: any AccountStore
    let privacy: PrivacyPolicy
    let maxBodyBytes: Int

    /// A controller over `store`, answering with `accounts`' privacy zones.
    public init(store: any WorkoutStore, accounts: any AccountStore, privacy: PrivacyPolicy, maxBodyBytes: Int) {
        self.store = store
        self.accounts = accounts
        self.privacy = privacy
        self.maxBodyBytes = maxBodyBytes
    }

    /// Adds the `/v1/workouts` routes to `group`.
    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post(use: upload)
        group.get(use: list)
        group.get(":id", use: show)
        group.get(":id/analysis", use: analysis)
        group.get(":id/route.geojson", use: geoJSON)
        group.get(":id/route.gpx", use: gpx)
        group.get(":id/map.svg", use: map)
        group.get(":id/samples.csv", use: csv)
    }

    // MARK: Upload

    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        let athlete = try context.requireAthlete()
        let query = request.uri.queryParameters
        let format = UploadFormat.format(contentType: request.headers[.contentType])
        let name = UploadFormat.name(given: query["name"].map(String.init), format: format)
        var options = WorkoutOptions()
        if let text = query["activity"] {
            guard let activity = ActivityType(rawValue: String(text)) else {
                throw APIError.badParameter("activity", "expected running, walking, hiking or cycling")
            }
            options = WorkoutOptions(activity: activity, activityIsExplicit: true)
        }
        let body = LimitedBody(base: request.body, maximumBytes: maxBodyBytes).map { $0.readableBytesView }
        let workout: ImportedWorkout
        do {
            workout = try await ImportedWorkout.streamed(
                chunks: body, name: name, format: format, athlete: athlete, options: options,
                expectedSizeBytes: request.headers[.contentLength].flatMap { Int($0) })
        } catch let error as TrackFormatError {
            ServerMetrics.upload("failed")
            throw APIError(malformed: error)
        } catch let error as StoreError {
            ServerMetrics.upload("failed")
            throw APIError(.unprocessableContent, .unusableInput, error.description)
        } catch let error as TrackInputError {
            ServerMetrics.upload("failed")
            throw APIError(.badRequest, .malformedInput, "\(name): \(error)")
        } catch {
            ServerMetrics.upload("failed")
            throw error
        }
        let outcome = try await ServerMetrics.timeStore("save") { try await store.save(workout) }
        let id: Int64
        let created: Bool
        switch outcome {
        case .stored(let newID): id = newID; created = true
        case .alreadyStored(let existing): id = existing; created = false
        }
        guard let stored = try await ServerMetrics.timeStore("get", { try await store.workout(id: id) }) else {
            throw APIError(.serviceUnavailable, .unavailable, "workout \(id) was stored but cannot be read back")
        }
        guard stored.athlete == athlete else {
            ServerMetrics.upload("failed")
            throw APIError(.conflict, .conflict, "these bytes are already stored for another athlete")
        }
        ServerMetrics.upload(created ? "stored" : "already_stored")
        var json = JSONWriter()
        json.beginObject()
        json.integer("id", Int(id))
        json.bool("created", created)
        // A workout stored just now has the summary in hand: no need to decode the stored copy of it.
        try await writeWorkout(stored, summary: created ? workout.summary : nil, to: &json, key: "workout", detailed: true)
        json.endObject()
        return JSONResponse.text(json.text, status: created ? .created : .ok)
    }

    // MARK: Queries

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let athlete = try context.requireAthlete()
        let parameters = request.uri.queryParameters
        var query = WorkoutQuery(athlete: athlete)
        if let text = parameters["activity"] {
            guard ActivityType(rawValue: String(text)) != nil else {
                throw APIError.badParameter("activity", "expected running, walking, hiking or cycling")
            }
            query.activity = String(text)
        }
        for (name, keyPath) in [("from", \WorkoutQuery.startingAtOrAfter), ("to", \WorkoutQuery.startingBefore)] {
            guard let text = parameters[Substring(name)].map(String.init) else { continue }
            guard let seconds = WorkoutQuery.parseTime(text) ?? Double(text) else {
                throw APIError.badParameter(name, "\(text) is not an ISO 8601 date or date-time, nor seconds since 1970")
            }
            query[keyPath: keyPath] = seconds
        }
        switch (parameters["near"].map(String.init), parameters["within"].map(String.init)) {
        case (nil, nil): break
        case (let near?, let within?):
            guard let metres = Double(within), let circle = WorkoutQuery.parseNear(near, withinMeters: metres) else {
                throw APIError.badParameter("near", "expected LATITUDE,LONGITUDE (-90...90, -180...180) and within in metres >= 0")
            }
            query.near = circle
        default:
            throw APIError.badParameter("near", "near and within go together")
        }
        if let text = parameters["bbox"].map(String.init) {
            guard let box = WorkoutQuery.parseBoundingBox(text) else {
                throw APIError.badParameter("bbox", "expected MINLON,MINLAT,MAXLON,MAXLAT")
            }
            query.boundingBox = box
        }
        if let text = parameters["limit"].map(String.init) {
            guard let limit = Int(text), (0...10_000).contains(limit) else { throw APIError.badParameter("limit", "expected 0...10000") }
            query.limit = limit
        }
        let found = try await ServerMetrics.timeStore("query") { try await store.workouts(matching: query) }
        let zones = try await athleteZones(athlete)
        var json = JSONWriter()
        json.beginObject()
        json.beginArray("workouts")
        for workout in found {
            try writeWorkout(workout, zones: privacy.zones(zones, forWorkout: workout.id), to: &json, key: nil, detailed: false)
        }
        json.endArray()
        json.endObject()
        return JSONResponse.text(json.text)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let workout = try await ownWorkout(request, context)
        var json = JSONWriter()
        try await writeWorkout(workout, to: &json, key: nil, detailed: true)
        return JSONResponse.text(json.text)
    }

    @Sendable func analysis(_ request: Request, context: AppRequestContext) async throws -> Response {
        let workout = try await ownWorkout(request, context)
        guard let object = try? JSONSerialization.jsonObject(with: Data(workout.summaryJSON.utf8)) as? [String: Any] else {
            throw APIError(.internalServerError, .internalError, "the stored summary of workout \(workout.id) does not parse")
        }
        var analysis: [String: Any] = [:]
        for key in ["splits", "laps", "bestEfforts", "meanMaximal", "trainingLoad", "climbs"] {
            analysis[key] = object[key] ?? NSNull()
        }
        let data = try JSONSerialization.data(withJSONObject: analysis, options: [.sortedKeys])
        return JSONResponse.text(String(decoding: data, as: UTF8.self))
    }

    // MARK: Exports

    @Sendable func geoJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let track = try await sharedTrack(request, context)
        var tolerance: Double?
        if let text = request.uri.queryParameters["simplify"] {
            guard let value = Double(String(text)), value.isFinite, value >= 0 else { throw APIError.badParameter("simplify", "expected metres >= 0") }
            tolerance = value
        }
        return JSONResponse.text(try track.geoJSON(toleranceMeters: tolerance), contentType: "application/geo+json")
    }

    @Sendable func gpx(_ request: Request, context: AppRequestContext) async throws -> Response {
        let track = try await sharedTrack(request, context)
        return JSONResponse.text(track.writeGPX(to: ""), contentType: "application/gpx+xml")
    }

    @Sendable func csv(_ request: Request, context: AppRequestContext) async throws -> Response {
        let track = try await sharedTrack(request, context)
        return JSONResponse.text(track.writeCSV(to: ""), contentType: "text/csv; charset=utf-8")
    }

    @Sendable func map(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = request.uri.queryParameters
        var options = RouteMapOptions()
        if let text = parameters["width"] {
            guard let width = Int(String(text)), (200...4000).contains(width) else { throw APIError.badParameter("width", "expected 200...4000") }
            options.width = width
        }
        if let text = parameters["color-by"] {
            guard let coloring = RouteColoring(rawValue: String(text)) else {
                throw APIError.badParameter("color-by", "expected none, pace, heartRate or elevation")
            }
            options.coloring = coloring
        }
        if let text = parameters["units"] {
            guard let units = DisplayUnits(rawValue: String(text)) else { throw APIError.badParameter("units", "expected metric or imperial") }
            options.units = units
        }
        let track = try await sharedTrack(request, context)
        do {
            return JSONResponse.text(try RouteMapRenderer.svg(for: track, options: options).text, contentType: "image/svg+xml")
        } catch {
            throw APIError(.unprocessableContent, .unusableInput, "no map: \(error)")
        }
    }

    // MARK: Helpers

    /// The caller's workout named by the `id` parameter, or 404 (also for another athlete's).
    func ownWorkout(_ request: Request, _ context: AppRequestContext) async throws -> StoredWorkout {
        let athlete = try context.requireAthlete()
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
            throw APIError(.badRequest, .badRequest, "a workout id is a positive integer")
        }
        guard let workout = try await ServerMetrics.timeStore("get", { try await store.workout(id: id) }), workout.athlete == athlete else {
            throw APIError.notFound("workout \(id)")
        }
        return workout
    }

    /// The caller's workout as an export track with the privacy zones left out.
    func sharedTrack(_ request: Request, _ context: AppRequestContext) async throws -> ExportTrack {
        let workout = try await ownWorkout(request, context)
        guard let channels = try await ServerMetrics.timeStore("samples", { try await store.channels(workoutID: workout.id) }) else {
            throw APIError.notFound("samples of workout \(workout.id)")
        }
        let summary = try decodeSummary(workout)
        let zones = privacy.zones(try await athleteZones(workout.athlete), forWorkout: workout.id)
        return try channels.exportTrack(summary: summary).outside(zones)
    }

    func athleteZones(_ athlete: String) async throws -> [PrivacyZone] {
        try await ServerMetrics.timeStore("zones") { try await accounts.privacyZones(athlete: athlete) }
    }

    func decodeSummary(_ workout: StoredWorkout) throws -> WorkoutSummary {
        do {
            return try JSONDecoder().decode(WorkoutSummary.self, from: Data(workout.summaryJSON.utf8))
        } catch {
            throw APIError(.internalServerError, .internalError, "the stored summary of workout \(workout.id) does not decode: \(error)")
        }
    }

    /// Writes a workout with its owner's zones.
    func writeWorkout(
        _ workout: StoredWorkout, summary: WorkoutSummary? = nil, to json: inout JSONWriter, key: String?, detailed: Bool
    ) async throws {
        let zones = privacy.zones(try await athleteZones(workout.athlete), forWorkout: workout.id)
        try writeWorkout(workout, summary: summary, zones: zones, to: &json, key: key, detailed: detailed)
    }

    /// The `WorkoutItem` object (and with `detailed`, the `Workout` object's summary), the route shared.
    /// - Parameter summary: the workout's summary when the caller holds it (what was stored), else the
    ///   stored JSON is decoded.
    func writeWorkout(
        _ workout: StoredWorkout, summary given: WorkoutSummary? = nil, zones: [PrivacyZone], to json: inout JSONWriter,
        key: String?, detailed: Bool
    ) throws {
        let route = try SharedRoute(polyline: workout.encodedPolyline, zones: zones)
        json.beginObject(key)
        json.integer("id", Int(workout.id))
        json.string("athlete", workout.athlete)
        json.string("activity", workout.activity)
        json.string("source", workout.sourceName)
        json.string("contentHash", workout.contentHash)
        json.string("startDate", workout.startTime.flatMap { ISO8601Text.string(secondsSince1970: $0) })
        json.string("endDate", workout.endTime.flatMap { ISO8601Text.string(secondsSince1970: $0) })
        json.number("distanceMeters", workout.distanceMeters)
        json.number("elapsedSeconds", workout.elapsedSeconds)
        json.number("movingSeconds", workout.movingSeconds)
        json.number("elevationGainMeters", workout.elevationGainMeters)
        json.number("averageSpeedMetersPerSecond", workout.averageSpeedMetersPerSecond)
        json.number("heartRateAverageBPM", workout.heartRateAverageBPM)
        try route.write(to: &json, key: "route")
        if detailed {
            var summary = try given ?? decodeSummary(workout)
            summary.route.encodedPolyline = route.encodedPolyline
            summary.route.bounds = route.bounds
            summary.route.simplifiedPointCount = route.pointCount
            json.raw("summary", summary.jsonText())
        }
        json.endObject()
    }
}
