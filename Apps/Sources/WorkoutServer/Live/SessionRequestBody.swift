import Foundation
import HTTPTypes
import WorkoutEngine

/// The body of `POST /v1/sessions` (the OpenAPI document's `SessionRequest`): every key optional,
/// unknown keys refused.
enum SessionRequestBody {
    private struct Body: Decodable {
        var activity: ActivityType?
        var units: DisplayUnits?
        var autoPause: LiveSessionDescriptor.AutoPause?
        var shared: Bool?
        var profile: AthleteProfile?
    }

    static let keys: Set<String> = ["activity", "units", "autoPause", "shared", "profile"]

    /// Sets what `data` names on `descriptor`.
    /// - Throws: ``APIError`` 400 naming the key that is unknown or of the wrong type.
    static func apply(_ data: Data, to descriptor: inout LiveSessionDescriptor) throws {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw APIError(.badRequest, .malformedInput, "the body must be a JSON object (SessionRequest)")
        }
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw APIError(.badRequest, .malformedInput, "unknown key \"\(unknown)\"; expected \(keys.sorted().joined(separator: ", "))")
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: data)
        } catch let DecodingError.dataCorrupted(context), let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError(.badRequest, .malformedInput, "\(key.isEmpty ? "body" : key): \(context.debugDescription)")
        } catch {
            throw APIError(.badRequest, .malformedInput, "\(error)")
        }
        if let activity = body.activity { descriptor.activity = activity }
        if let units = body.units { descriptor.units = units }
        if let autoPause = body.autoPause { descriptor.autoPause = autoPause }
        if let shared = body.shared { descriptor.shared = shared }
        if let profile = body.profile { descriptor.profile = profile }
    }
}
