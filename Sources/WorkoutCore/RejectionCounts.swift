import WorkoutSamples
import Geodesy

/// Counts of rejected fixes by reason, stored inline (no dictionary in the hot path).
public struct RejectionCounts: Sendable, Hashable {
    private var counts = [Int](repeating: 0, count: LocationRejectionReason.allCases.count)

    /// No rejections.
    public init() {}

    /// Fixes rejected so far for `reason`.
    public subscript(reason: LocationRejectionReason) -> Int {
        counts[Self.index(reason)]
    }

    /// All rejections.
    public var total: Int { counts.reduce(0, +) }

    /// The non-zero counts keyed by reason's raw value.
    public var nonZero: [(reason: LocationRejectionReason, count: Int)] {
        LocationRejectionReason.allCases.compactMap { reason in
            let count = self[reason]
            return count > 0 ? (reason, count) : nil
        }
    }

    mutating func add(_ reason: LocationRejectionReason, count: Int = 1) {
        counts[Self.index(reason)] += count
    }

    mutating func remove(_ reason: LocationRejectionReason, count: Int) {
        counts[Self.index(reason)] -= count
    }

    private static func index(_ reason: LocationRejectionReason) -> Int {
        switch reason {
        case .invalidCoordinate: 0
        case .noFix: 1
        case .poorAccuracy: 2
        case .nonIncreasingTime: 3
        case .implausibleSpeed: 4
        case .nullIsland: 5
        }
    }
}

extension RejectionCounts: Codable {
    /// Decodes `{"poorAccuracy":3,…}`: counts by ``LocationRejectionReason`` raw value, missing reasons
    /// zero. Keys that name no reason are ignored (a newer engine may count more reasons).
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        for key in container.allKeys {
            guard let reason = LocationRejectionReason(rawValue: key.stringValue) else { continue }
            add(reason, count: try container.decode(Int.self, forKey: key))
        }
    }

    /// Encodes the non-zero counts as one object keyed by reason, in ``LocationRejectionReason`` order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        for (reason, count) in nonZero { try container.encode(count, forKey: DynamicCodingKey(reason.rawValue)) }
    }
}
