public import Hummingbird
import Foundation
import WorkoutEngine

/// An error as the API answers it: a status and `{"error": code, "message": text}`, with the line and
/// column of a body that did not parse, and how many samples of the request a live session kept.
public struct APIError: HTTPResponseError, Sendable {
    /// The stable codes of the OpenAPI document's `Error` schema.
    public enum Code: String, Sendable {
        /// A query parameter, a path parameter or the request itself is wrong (400).
        case badRequest = "bad_request"
        /// The body did not parse (400); `line` and `column` say where.
        case malformedInput = "malformed_input"
        /// The body parsed but cannot be used (422): a zone out of range, a track with nothing to map.
        case unusableInput = "unusable_input"
        /// No bearer token, or an unknown one (401).
        case unauthorized
        /// No such resource for the caller (404), including another athlete's.
        case notFound = "not_found"
        /// The caller may read the resource but not change it (403: a shared session).
        case forbidden
        /// The resource's state refuses the call (409): an ended session, bytes another athlete stored, a
        /// session another node holds.
        case conflict
        /// The body is longer than `--max-body-bytes` (413).
        case contentTooLarge = "content_too_large"
        /// The body stopped arriving (408).
        case requestTimeout = "request_timeout"
        /// The route exists for other methods (405).
        case methodNotAllowed = "method_not_allowed"
        /// The store did not answer, or the server is shutting down (503).
        case unavailable
        /// Anything else (500); the details are in the server's log only.
        case internalError = "internal"
    }

    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The code.
    public var code: Code
    /// What went wrong and where.
    public var message: String
    /// Where a body did not parse.
    public var line: Int?
    /// The column on ``line``.
    public var column: Int?
    /// Samples of a live session's request that were kept before the error.
    public var acceptedSamples: Int?

    /// An error answering `status` with `code` and `message`.
    public init(_ status: HTTPResponse.Status, _ code: Code, _ message: String, line: Int? = nil, column: Int? = nil, acceptedSamples: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.acceptedSamples = acceptedSamples
    }

    /// A 400 for a body that did not parse, with the reader's `name:line:column: what`.
    public init(malformed error: TrackFormatError, acceptedSamples: Int? = nil) {
        let position = error.position
        self.init(.badRequest, .malformedInput, error.description,
                  line: position.byteOffset == nil && position.line > 0 ? position.line : nil,
                  column: position.byteOffset == nil && position.column > 0 ? position.column : nil,
                  acceptedSamples: acceptedSamples)
    }

    /// A 404 that says nothing about whether the resource exists for someone else.
    public static func notFound(_ what: String) -> APIError { APIError(.notFound, .notFound, "\(what) not found") }

    /// A 400 naming a bad query parameter.
    public static func badParameter(_ name: String, _ why: String) -> APIError {
        APIError(.badRequest, .badRequest, "query parameter \(name): \(why)")
    }

    /// The JSON body.
    public var jsonText: String {
        var json = JSONWriter()
        json.beginObject()
        json.string("error", code.rawValue)
        json.string("message", message)
        if let line { json.integer("line", line) }
        if let column { json.integer("column", column) }
        if let acceptedSamples { json.integer("acceptedSamples", acceptedSamples) }
        json.endObject()
        return json.text
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.text(jsonText, status: status)
    }
}
