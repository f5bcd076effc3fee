public import Hummingbird
import NIOCore

/// Responses with a body of text: JSON, GeoJSON, GPX, SVG, CSV.
public enum JSONResponse {
    /// `text` as `application/json` (or `contentType`) with `status`.
    public static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String = "application/json") -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
