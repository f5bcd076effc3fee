import WorkoutSamples

/// Readings dropped as implausible, by kind, stored inline.
public struct RejectedReadingCounts: Sendable, Hashable {
    private var counts = [Int](repeating: 0, count: ReadingKind.allCases.count)

    /// No rejections.
    public init() {}

    /// Readings of `kind` rejected so far.
    public subscript(kind: ReadingKind) -> Int {
        counts[Self.index(kind)]
    }

    /// All dropped readings.
    public var total: Int { counts.reduce(0, +) }

    /// The non-zero counts, in ``ReadingKind`` order.
    public var nonZero: [(kind: ReadingKind, count: Int)] {
        ReadingKind.allCases.compactMap { kind in self[kind] > 0 ? (kind, self[kind]) : nil }
    }

    mutating func add(_ kind: ReadingKind) {
        counts[Self.index(kind)] += 1
    }

    /// Withdraws `count` rejections of `kind` (readings held back that turned out to be good).
    mutating func remove(_ kind: ReadingKind, count: Int) {
        counts[Self.index(kind)] -= min(count, counts[Self.index(kind)])
    }

    private static func index(_ kind: ReadingKind) -> Int {
        switch kind {
        case .altitude: 0
        case .speed: 1
        case .heartRate: 2
        case .cadence: 3
        case .power: 4
        case .activeEnergy: 5
        case .distance: 6
        }
    }
}

extension RejectedReadingCounts: Codable {
    /// Decodes `{"altitude":2,…}`: counts by ``ReadingKind`` raw value, missing kinds zero. Keys that name
    /// no kind are ignored.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        for key in container.allKeys {
            guard let kind = ReadingKind(rawValue: key.stringValue) else { continue }
            counts[Self.index(kind)] += try container.decode(Int.self, forKey: key)
        }
    }

    /// Encodes the non-zero counts as one object keyed by kind, in ``ReadingKind`` order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        for (kind, count) in nonZero { try container.encode(count, forKey: DynamicCodingKey(kind.rawValue)) }
    }
}
