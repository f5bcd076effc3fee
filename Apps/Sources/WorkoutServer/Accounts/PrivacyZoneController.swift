import Foundation
public import Hummingbird
import WorkoutEngine
public import WorkoutStore

/// The caller's privacy zones: `GET` and `PUT /v1/privacy-zones`.
public struct PrivacyZoneController: Sendable {
    let accounts: any AccountStore
    /// At most this many zones per athlete.
    public static let maximumZones = 32
    /// The radius range accepted, metres.
    public static let radiusRange = 50.0...5000.0

    /// A controller over `accounts`.
    public init(accounts: any AccountStore) {
        self.accounts = accounts
    }

    /// Adds the routes to `group` (`/v1/privacy-zones`).
    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(use: show)
        group.put(use: replace)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let athlete = try context.requireAthlete()
        return JSONResponse.text(Self.json(try await ServerMetrics.timeStore("zones") { try await accounts.privacyZones(athlete: athlete) }))
    }

    @Sendable func replace(_ request: Request, context: AppRequestContext) async throws -> Response {
        let athlete = try context.requireAthlete()
        var request = request
        let body = try await request.collectBody(upTo: 64 * 1024)
        struct Zone: Decodable { var latitude: Double; var longitude: Double; var radiusMeters: Double }
        struct Body: Decodable { var zones: [Zone] }
        let decoded: Body
        do {
            decoded = try JSONDecoder().decode(Body.self, from: Data(body.readableBytesView))
        } catch {
            throw APIError(.badRequest, .malformedInput, "expected {\"zones\": [{\"latitude\", \"longitude\", \"radiusMeters\"}]}: \(error)")
        }
        guard decoded.zones.count <= Self.maximumZones else {
            throw APIError(.unprocessableContent, .unusableInput, "at most \(Self.maximumZones) zones")
        }
        var zones: [PrivacyZone] = []
        for (index, zone) in decoded.zones.enumerated() {
            guard abs(zone.latitude) <= 90, abs(zone.longitude) <= 180, Self.radiusRange.contains(zone.radiusMeters) else {
                throw APIError(.unprocessableContent, .unusableInput,
                               "zones[\(index)]: latitude -90...90, longitude -180...180, radiusMeters \(Int(Self.radiusRange.lowerBound))...\(Int(Self.radiusRange.upperBound))")
            }
            zones.append(PrivacyZone(center: GeoCoordinate(latitude: zone.latitude, longitude: zone.longitude), radiusMeters: zone.radiusMeters))
        }
        try await ServerMetrics.timeStore("zones") { try await accounts.setPrivacyZones(zones, athlete: athlete) }
        return JSONResponse.text(Self.json(zones))
    }

    static func json(_ zones: [PrivacyZone]) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.beginArray("zones")
        for zone in zones {
            json.beginObject()
            json.number("latitude", zone.center.latitude)
            json.number("longitude", zone.center.longitude)
            json.number("radiusMeters", zone.radiusMeters)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }
}
