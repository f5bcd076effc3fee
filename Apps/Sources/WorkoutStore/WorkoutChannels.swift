public import WorkoutEngine

/// A workout's accepted fixes, stored compactly: one row per workout, each channel one packed array
/// (little-endian Float64, NaN where a fix has no value; segments as little-endian Int32), so a 20 000-point
/// ride is one row, not 20 000 per channel.
public struct WorkoutChannels: Sendable, Hashable {
    /// Seconds since 1970 of each fix (NaN when untimed).
    public var timeSeconds: [Double] = []
    public var latitudes: [Double] = []
    public var longitudes: [Double] = []
    /// Metres above the ellipsoid or sea level as the file gave them (NaN when absent).
    public var altitudesMeters: [Double] = []
    /// The workout's cumulative distance at each fix, metres (the engine's measure).
    public var distancesMeters: [Double] = []
    /// The engine's speed at each fix, m/s (NaN at a segment's first fix).
    public var speedsMetersPerSecond: [Double] = []
    public var heartRatesBPM: [Double] = []
    public var cadencesPerMinute: [Double] = []
    /// The segment index of each fix.
    public var segments: [Int32] = []

    /// Number of fixes.
    public var count: Int { latitudes.count }

    public init() {}

    /// The accepted fixes of an engine export, in route order.
    public init(track: ExportTrack) {
        reserveCapacity(track.pointCount)
        for (segmentIndex, segment) in track.segments.enumerated() {
            for point in segment { append(point, segment: segmentIndex) }
        }
    }

    /// The accepted fixes a recorder holds, in route order: what ``init(track:)`` keeps of the recorder's
    /// track, without making the track.
    public init(recorder: ExportRecorder) {
        reserveCapacity(recorder.pointCount)
        recorder.forEachPoint { point, segment in append(point, segment: segment) }
    }

    private mutating func reserveCapacity(_ count: Int) {
        for keyPath in [\Self.timeSeconds, \.latitudes, \.longitudes, \.altitudesMeters, \.distancesMeters,
                        \.speedsMetersPerSecond, \.heartRatesBPM, \.cadencesPerMinute] {
            self[keyPath: keyPath].reserveCapacity(count)
        }
        segments.reserveCapacity(count)
    }

    private mutating func append(_ point: ExportPoint, segment: Int) {
        timeSeconds.append(point.location.time ?? .nan)
        latitudes.append(point.location.latitude)
        longitudes.append(point.location.longitude)
        altitudesMeters.append(point.location.altitudeMeters ?? .nan)
        distancesMeters.append(point.distanceMeters)
        speedsMetersPerSecond.append(point.speedMetersPerSecond ?? .nan)
        heartRatesBPM.append(point.heartRate ?? .nan)
        cadencesPerMinute.append(point.cadence ?? .nan)
        segments.append(Int32(clamping: segment))
    }

    /// Packs Float64 values little-endian (their IEEE 754 bit patterns).
    public static func pack(_ values: [Double]) -> [UInt8] {
        #if _endian(little)
        return values.withUnsafeBytes { Array($0) }
        #else
        return packLittleEndian(values.map(\.bitPattern))
        #endif
    }

    /// Packs Int32 values little-endian.
    public static func pack(_ values: [Int32]) -> [UInt8] { packLittleEndian(values) }

    /// Unpacks little-endian Float64 values.
    /// - Throws: `StoreError.corrupt` when the length is not a multiple of 8.
    public static func unpackDoubles(_ bytes: [UInt8], channel: String) throws -> [Double] {
        try unpackLittleEndian(bytes, as: UInt64.self, channel: channel, typeName: "Float64").map(Double.init(bitPattern:))
    }

    /// Unpacks little-endian Int32 values.
    /// - Throws: `StoreError.corrupt` when the length is not a multiple of 4.
    public static func unpackInt32s(_ bytes: [UInt8], channel: String) throws -> [Int32] {
        try unpackLittleEndian(bytes, as: Int32.self, channel: channel, typeName: "Int32")
    }

    /// The one packing of fixed-width integers: each value's bytes, least significant first. On a
    /// little-endian machine that is the array's memory, copied at once.
    private static func packLittleEndian<Value: FixedWidthInteger>(_ values: [Value]) -> [UInt8] {
        #if _endian(little)
        return values.withUnsafeBytes { Array($0) }
        #else
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * MemoryLayout<Value>.size)
        for value in values {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
        #endif
    }

    /// The one unpacking of fixed-width integers written by ``packLittleEndian(_:)``.
    /// - Throws: `StoreError.corrupt` when the length is not a whole number of values.
    private static func unpackLittleEndian<Value: FixedWidthInteger>(
        _ bytes: [UInt8], as _: Value.Type, channel: String, typeName: String
    ) throws -> [Value] {
        let size = MemoryLayout<Value>.size
        guard bytes.count % size == 0 else {
            throw StoreError.corrupt("samples.\(channel): \(bytes.count) bytes is not a whole number of \(typeName)")
        }
        var values: [Value] = []
        values.reserveCapacity(bytes.count / size)
        var index = 0
        while index < bytes.count {
            var bits: Value = 0
            for j in 0..<size { bits |= Value(truncatingIfNeeded: bytes[index + j]) << (8 * j) }
            values.append(bits)
            index += size
        }
        return values
    }

    /// The channels as stored, by column name.
    var packedColumns: [(name: String, bytes: [UInt8])] {
        [
            ("time_s", Self.pack(timeSeconds)), ("latitude", Self.pack(latitudes)), ("longitude", Self.pack(longitudes)),
            ("altitude_m", Self.pack(altitudesMeters)), ("distance_m", Self.pack(distancesMeters)),
            ("speed_mps", Self.pack(speedsMetersPerSecond)), ("heart_rate_bpm", Self.pack(heartRatesBPM)),
            ("cadence_per_min", Self.pack(cadencesPerMinute)), ("segment", Self.pack(segments)),
        ]
    }

    /// Rebuilds channels from stored columns (`packedColumns`' names).
    init(columns: [String: [UInt8]]) throws {
        func doubles(_ name: String) throws -> [Double] { try Self.unpackDoubles(columns[name] ?? [], channel: name) }
        timeSeconds = try doubles("time_s")
        latitudes = try doubles("latitude")
        longitudes = try doubles("longitude")
        altitudesMeters = try doubles("altitude_m")
        distancesMeters = try doubles("distance_m")
        speedsMetersPerSecond = try doubles("speed_mps")
        heartRatesBPM = try doubles("heart_rate_bpm")
        cadencesPerMinute = try doubles("cadence_per_min")
        segments = try Self.unpackInt32s(columns["segment"] ?? [], channel: "segment")
        let n = latitudes.count
        for (name, count) in [("time_s", timeSeconds.count), ("longitude", longitudes.count), ("segment", segments.count)] where count != n {
            throw StoreError.corrupt("samples.\(name): \(count) values for \(n) fixes")
        }
    }
}
