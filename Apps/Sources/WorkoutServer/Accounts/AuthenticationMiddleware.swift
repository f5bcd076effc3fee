public import Hummingbird
import WorkoutStore

/// Sets the request's athlete from `Authorization: Bearer TOKEN` (the token's SHA-256 looked up in the
/// store, and remembered for a minute: ``AthleteTokenCache``), or answers 401; with authentication off
/// (`--no-auth`), every request acts as the local athlete.
public struct AuthenticationMiddleware: RouterMiddleware {
    /// The request context.
    public typealias Context = AppRequestContext
    let accounts: any AccountStore
    let requiresAuthentication: Bool
    let localAthlete: String
    /// Shared by every copy of the middleware (the router's groups each hold one).
    let cache = AthleteTokenCache()

    /// A middleware that looks tokens up in `accounts`.
    public init(accounts: any AccountStore, requiresAuthentication: Bool, localAthlete: String) {
        self.accounts = accounts
        self.requiresAuthentication = requiresAuthentication
        self.localAthlete = localAthlete
    }

    /// Authenticates the request, then runs the rest of the chain as its athlete.
    public func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        var context = context
        guard requiresAuthentication else {
            context.athlete = localAthlete
            return try await next(request, context)
        }
        guard let header = request.headers[.authorization] else {
            throw APIError(.unauthorized, .unauthorized, "missing Authorization: Bearer TOKEN")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw APIError(.unauthorized, .unauthorized, "Authorization must be Bearer TOKEN")
        }
        let tokenHash = BearerTokens.hash(String(parts[1]))
        if let athlete = cache.athlete(tokenHash: tokenHash) {
            context.athlete = athlete
        } else {
            guard let athlete = try await ServerMetrics.timeStore("token", { try await accounts.athlete(tokenHash: tokenHash) }) else {
                throw APIError(.unauthorized, .unauthorized, "unknown token")
            }
            cache.remember(athlete: athlete, tokenHash: tokenHash)
            context.athlete = athlete
        }
        return try await next(request, context)
    }
}
