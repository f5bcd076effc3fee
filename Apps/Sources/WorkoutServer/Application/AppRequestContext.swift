public import Hummingbird

/// The context of every request: Hummingbird's core storage plus the athlete the request acts for, set by
/// ``AuthenticationMiddleware`` (`nil` before it ran, and on routes that need no token).
public struct AppRequestContext: RequestContext, Sendable {
    public var coreContext: CoreRequestContextStorage
    /// The authenticated athlete.
    public var athlete: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        athlete = nil
    }

    /// Bodies are streamed and limited by the handlers themselves (`--max-body-bytes`); this applies only
    /// to the small JSON bodies decoded whole (session options, privacy zones).
    public var maxUploadSize: Int { 1 << 20 }

    /// The authenticated athlete, or 401.
    public func requireAthlete() throws -> String {
        guard let athlete else { throw APIError(.unauthorized, .unauthorized, "this route needs a bearer token") }
        return athlete
    }
}
