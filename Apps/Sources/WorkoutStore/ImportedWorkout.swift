public import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// A track file run through the engine, ready to store: its figures, its simplified route, its accepted
/// fixes as compact channels, and the SHA-256 of its bytes (what makes a second import a no-op).
public struct ImportedWorkout: Sendable {
    /// Who recorded it (the importer's `--athlete`).
    public var athlete: String
    /// The file as given (for messages and the `source_name` column).
    public var sourceName: String
    /// SHA-256 of the source bytes, 64 lowercase hexadecimal digits.
    public var contentHash: String
    public var sourceSizeBytes: Int
    /// The engine's summary (figures, route polyline and bounds).
    public var summary: WorkoutSummary
    /// What the device states about the recording (FIT, TCX), when the file says.
    public var device: DeviceRecord?
    /// The simplified route, segments joined in order (what the polyline encodes), as (latitude, longitude).
    public var simplifiedRoute: [GeoCoordinate]
    /// The accepted fixes.
    public var channels: WorkoutChannels

    public init(
        athlete: String, sourceName: String, contentHash: String, sourceSizeBytes: Int, summary: WorkoutSummary,
        device: DeviceRecord?, simplifiedRoute: [GeoCoordinate], channels: WorkoutChannels
    ) {
        self.athlete = athlete
        self.sourceName = sourceName
        self.contentHash = contentHash
        self.sourceSizeBytes = sourceSizeBytes
        self.summary = summary
        self.device = device
        self.simplifiedRoute = simplifiedRoute
        self.channels = channels
    }

    /// Runs `bytes` (a whole track file) through the engine in one read: the reader feeds an
    /// `ExportRecorder`, whose builder gives the summary and whose track gives the fixes.
    ///
    /// - Parameter name: the path as the user gave it; errors say `name:line:column: what`.
    /// - Throws: `TrackFormatError` (malformed), `StoreError.unusable` (the engine cannot summarise it).
    public init(bytes: [UInt8], name: String, athlete: String, options: WorkoutOptions = WorkoutOptions()) throws {
        var recorder = ExportRecorder(options: options)
        let report = try TrackReader.read(TrackInput(bytes: bytes, name: name), into: &recorder)
        var summary: WorkoutSummary
        do {
            summary = try recorder.builder.summary(skippedUnknownRecords: report.skippedUnknownRecords)
        } catch {
            throw StoreError.unusable(path: name, message: "\(error)")
        }
        summary.skippedFields = report.skippedFields
        let track = recorder.track()
        var route: [GeoCoordinate] = []
        if track.pointCount > 0 {
            do {
                route = try track.encodedPolyline(toleranceMeters: summary.route.simplificationToleranceMeters).coordinates
            } catch {
                throw StoreError.unusable(path: name, message: "route: \(error)")
            }
        }
        self.init(
            athlete: athlete, sourceName: name, contentHash: SHA256.hexDigest(of: bytes), sourceSizeBytes: bytes.count,
            summary: summary, device: report.device, simplifiedRoute: route, channels: WorkoutChannels(track: track))
    }

    /// Reads the file at `path` whole (its hash needs every byte) and runs it through the engine.
    /// - Throws: `StoreError.unreadable`, `TrackFormatError`, `StoreError.unusable`.
    public init(contentsOf path: String, athlete: String, options: WorkoutOptions = WorkoutOptions()) throws {
        try self.init(bytes: try Self.readFile(path), name: path, athlete: athlete, options: options)
    }

    /// The bytes of the file at `path`.
    static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError.unreadable(path: path, message: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw StoreError.unreadable(path: path, message: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
