public import Hummingbird
import Logging
import NIOCore
import WorkoutEngine
import WorkoutStore

/// Turns every error into the API's JSON: ``APIError`` as it is, Hummingbird's own errors (no such
/// route, a bad parameter, a body over the limit) with their status, a store that does not answer as 503,
/// anything else as a logged 500 whose details stay in the log.
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A middleware; errors are logged through each request's logger.
    public init() {}

    /// Runs the rest of the chain and translates what it throws.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as TrackFormatError {
            throw APIError(malformed: error)
        } catch let error as StoreError {
            context.logger.error("store failed", metadata: ["error": "\(error)"])
            throw APIError(.serviceUnavailable, .unavailable, "the store did not answer; try again")
        } catch let error as any HTTPResponseError {
            throw Self.translate(error.status, message: (error as? HTTPError)?.body)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, .contentTooLarge, "the body is longer than this server accepts")
        } catch is CancellationError {
            throw APIError(.serviceUnavailable, .unavailable, "the request was cancelled (the server is shutting down)")
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            throw APIError(.internalServerError, .internalError, "internal error")
        }
    }

    /// An ``APIError`` for one of Hummingbird's statuses.
    static func translate(_ status: HTTPResponse.Status, message: String?) -> APIError {
        switch status {
        case .notFound: return APIError(status, .notFound, message ?? "no such route")
        case .methodNotAllowed: return APIError(status, .methodNotAllowed, message ?? "method not allowed")
        case .unauthorized: return APIError(status, .unauthorized, message ?? "unauthorized")
        case .contentTooLarge: return APIError(status, .contentTooLarge, message ?? "the body is longer than this server accepts")
        case .requestTimeout: return APIError(status, .requestTimeout, message ?? "the body stopped arriving")
        case .badRequest: return APIError(status, .badRequest, message ?? "bad request")
        case .unprocessableContent: return APIError(status, .unusableInput, message ?? "unusable input")
        default:
            if status.code >= 500 { return APIError(status, .internalError, message ?? "internal error") }
            return APIError(status, .badRequest, message ?? status.reasonPhrase)
        }
    }
}
