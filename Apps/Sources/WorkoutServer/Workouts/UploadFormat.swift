import Foundation
import WorkoutEngine

/// The format of an upload from its content type, else from its name's extension (else the reader
/// sniffs the first bytes).
enum UploadFormat {
    /// The format a content type names, or `nil` for a generic one (`application/octet-stream`,
    /// `text/plain`, none).
    static func format(contentType: String?) -> TrackFormat? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch mediaType {
        case "application/gpx+xml", "application/gpx": return .gpx
        case "application/vnd.garmin.tcx+xml", "application/tcx+xml": return .tcx
        case "application/vnd.ant.fit", "application/fit", "image/vnd.fit": return .fit
        case "application/json": return .json
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines": return .ndjson
        default: return nil
        }
    }

    /// The name errors use: the caller's (its last path component, at most 255 characters), else
    /// `upload` with the format's extension.
    static func name(given: String?, format: TrackFormat?) -> String {
        if let given {
            let last = given.split(separator: "/").last.map(String.init) ?? ""
            let cleaned = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(255).map(Character.init))
            if !cleaned.isEmpty { return cleaned }
        }
        guard let format else { return "upload" }
        return "upload.\(format.rawValue)"
    }
}
