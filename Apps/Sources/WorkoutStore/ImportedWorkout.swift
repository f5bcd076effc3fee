import Foundation
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

    /// Runs `bytes` (a whole track file held in memory) through the engine.
    ///
    /// - Parameter name: the path as the user gave it; errors say `name:line:column: what`.
    /// - Throws: `TrackFormatError` (malformed), `StoreError.unusable` (the engine cannot summarise it).
    public init(bytes: [UInt8], name: String, athlete: String, options: WorkoutOptions = WorkoutOptions()) throws {
        try self.init(input: TrackInput(bytes: bytes, name: name), contentHash: SHA256.hexDigest(of: bytes),
                      sizeBytes: bytes.count, athlete: athlete, options: options)
    }

    /// Streams the file at `path` once through the engine in 64 KiB blocks, hashing each block as it is first
    /// read (``/TrackFormats/TrackInput/observeBytes(_:)``; what the reader leaves unread is read for the hash
    /// after it), so memory follows the route, never the file's size.
    /// - Parameters:
    ///   - format: the format, or `nil` to detect it from the extension, then the first bytes.
    ///   - readOptions: how the reader treats optional fields that do not parse and damaged binary input.
    /// - Throws: `StoreError.unreadable`, `TrackFormatError`, `StoreError.unusable`.
    public init(
        contentsOf path: String, athlete: String, options: WorkoutOptions = WorkoutOptions(), format: TrackFormat? = nil,
        readOptions: TrackReadOptions = TrackReadOptions()
    ) throws {
        let input: TrackInput
        do {
            input = try TrackInput(path: path)
        } catch {
            throw Self.unreadable(error, path: path)
        }
        let digest = StreamDigest()
        input.observeBytes { digest.update($0) }
        try self.init(input: input, athlete: athlete, options: options, format: format, readOptions: readOptions) {
            do {
                try input.readToEnd()
            } catch {
                throw Self.unreadable(error, path: path)
            }
            return digest.finish()
        }
    }

    /// The error for a file that could not be read, saying what went wrong once after its path (a
    /// `TrackInputError`'s own text starts with the path).
    private static func unreadable(_ error: any Error, path: String) -> StoreError {
        switch error as? TrackInputError {
        case .cannotOpen(_, let reason): .unreadable(path: path, message: "cannot open: \(reason)")
        case .readFailed(_, let reason): .unreadable(path: path, message: "read failed: \(reason)")
        case nil: .unreadable(path: path, message: "\(error)")
        }
    }

    /// One read through the engine: the reader feeds an `ExportRecorder`, whose builder gives the summary
    /// and whose track gives the fixes.
    init(input: TrackInput, contentHash: String, sizeBytes: Int, athlete: String, options: WorkoutOptions) throws {
        try self.init(input: input, athlete: athlete, options: options) { (contentHash, sizeBytes) }
    }

    /// One read through the engine, then the content hash and size from `identity` (called once the reader
    /// is done with the input).
    private init(
        input: TrackInput, athlete: String, options: WorkoutOptions, format: TrackFormat? = nil,
        readOptions: TrackReadOptions = TrackReadOptions(), identity: () throws -> (hash: String, size: Int)
    ) throws {
        let name = input.name
        var recorder = ExportRecorder(options: options)
        let report: TrackReadReport
        do {
            report = try TrackReader.read(input, format: format, options: readOptions, into: &recorder)
        } catch let error as TrackInputError {
            throw Self.unreadable(error, path: name)
        }
        let (contentHash, sizeBytes) = try identity()
        try self.init(
            recorder: recorder, name: name, contentHash: contentHash, sizeBytes: sizeBytes, athlete: athlete, report: report)
    }

    /// Reads a track that arrives as chunks (an HTTP request body), parsing each chunk as it arrives
    /// (``/TrackFormats/TrackReader/read(chunks:name:format:options:expectedSizeBytes:into:)``, on a thread of its own) and
    /// hashing the same bytes on the way (a body of stated size up to 16 MiB is held while it is read, see
    /// `expectedSizeBytes`; any other is never held whole).
    ///
    /// ```swift
    /// let workout = try await ImportedWorkout.streamed(chunks: request.body.map { $0.readableBytesView }, name: "upload.gpx", athlete: "ana")
    /// ```
    /// - Parameters:
    ///   - chunks: the bytes, in order; an error the sequence throws (a size limit, a dropped
    ///     connection) is rethrown as it is.
    ///   - name: the name in error messages (`name:line:column: what`) and for detecting the format.
    ///   - format: the format, or `nil` to detect it from `name`'s extension, then the first bytes.
    ///   - expectedSizeBytes: the body's stated size (`Content-Length`), when known: a GPX body of at most
    ///     16 MiB is then kept as it arrives and takes the fast parse path.
    /// - Throws: `TrackFormatError` (malformed), `StoreError.unusable`, or what `chunks` throws.
    public static func streamed<Chunks: AsyncSequence>(
        chunks: Chunks, name: String, format: TrackFormat? = nil, athlete: String, options: WorkoutOptions = WorkoutOptions(),
        expectedSizeBytes: Int? = nil
    ) async throws -> ImportedWorkout where Chunks.Element: Sequence<UInt8> & SendableMetatype {
        let digest = StreamDigest()
        let hashed = chunks.map { chunk -> [UInt8] in
            let bytes = Array(chunk)
            digest.update(bytes)
            return bytes
        }
        let (report, recorder) = try await TrackReader.read(
            chunks: hashed, name: name, format: format, expectedSizeBytes: expectedSizeBytes, into: ExportRecorder(options: options))
        let (hash, size) = digest.finish()
        return try ImportedWorkout(
            recorder: recorder, name: name, contentHash: hash, sizeBytes: size, athlete: athlete, report: report)
    }

    /// A live session's journal (its header and framed records, as a store keeps them) replayed through the
    /// engine: every record is given to an `ExportRecorder` as the session first gave it to its builder
    /// (`ExportRecorder.apply(_:)`), so the workout is the session exactly as journaled. Its content hash is
    /// the SHA-256 of the journal's bytes, so storing the same session twice stores it once.
    ///
    /// - Parameters:
    ///   - journal: the journal's bytes; replay stops at the first damaged record, as recovery does.
    ///   - name: the `source_name` of the workout (`live:<session id>`).
    /// - Throws: `StoreError.corrupt` (an unreadable header), `StoreError.unusable` (no workout to make).
    public init(journal: [UInt8], name: String, athlete: String) throws {
        let header: JournalHeader
        do {
            header = try journal.withUnsafeBytes { try JournalHeader.decode($0) }
        } catch {
            throw StoreError.corrupt("\(name): journal: \(error)")
        }
        var recorder = ExportRecorder(options: header.options)
        // The header decoded, so the scan cannot throw.
        _ = try? journal.withUnsafeBytes { bytes in
            try JournalReader.scan(bytes) { record in recorder.apply(record.input) }
        }
        try self.init(
            recorder: recorder, name: name, contentHash: SHA256.hexDigest(of: journal), sizeBytes: journal.count, athlete: athlete,
            report: nil)
    }

    /// What an `ExportRecorder` that has taken a whole workout holds: the summary and its simplified route
    /// from its builder (one simplification), the fixes from the recorder; with what the reader reported
    /// (`report`, `nil` for a journal) taken into the summary as `summary(reading:)` does: skipped records
    /// and fields, the device's totals and laps, damage.
    init(recorder: ExportRecorder, name: String, contentHash: String, sizeBytes: Int, athlete: String, report: TrackReadReport?) throws {
        var summary: WorkoutSummary
        let route: [GeoCoordinate]
        do {
            (summary, route) = try recorder.builder.summaryWithSimplifiedRoute()
        } catch {
            throw StoreError.unusable(path: name, message: "\(error)")
        }
        if let report { summary.include(report) }
        self.init(
            athlete: athlete, sourceName: name, contentHash: contentHash, sourceSizeBytes: sizeBytes,
            summary: summary, device: report?.device, simplifiedRoute: route, channels: WorkoutChannels(recorder: recorder))
    }

    /// A live session's workout: what its export recorder kept, with a content hash of the caller's
    /// choosing (a live session's is derived from its id, so ending it again stores nothing twice).
    /// - Throws: `StoreError.unusable` when the engine cannot summarise it.
    public init(recorder: ExportRecorder, name: String, contentHash: String, athlete: String) throws {
        try self.init(
            recorder: recorder, name: name, contentHash: contentHash, sizeBytes: 0, athlete: athlete, report: nil)
    }
}

/// SHA-256 and byte count of a stream, updated by the one task or reader that goes through it.
final class StreamDigest: @unchecked Sendable {
    private let lock = NSLock()
    private var hash = SHA256()
    private var size = 0

    func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        lock.withLock {
            size += bytes.count
            hash.update(buffer: bytes)
        }
    }

    func finish() -> (hash: String, size: Int) {
        lock.withLock { (SHA256.hex(hash.finalize()), size) }
    }
}
