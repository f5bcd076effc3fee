/// Strava's climb category, from the score length (m) × average grade (%).
public enum ClimbCategory: String, Sendable, Hashable, CaseIterable {
    /// Category 4: score above 8 000.
    case category4 = "4"
    /// Category 3: score above 16 000.
    case category3 = "3"
    /// Category 2: score above 32 000.
    case category2 = "2"
    /// Category 1: score above 64 000.
    case category1 = "1"
    /// Hors catégorie (HC): score above 80 000.
    case hors = "HC"

    /// The category of a score: Cat 4 above 8 000, Cat 3 above 16 000, Cat 2 above 32 000, Cat 1 above
    /// 64 000, HC above 80 000; `nil` (uncategorised) at 8 000 or less.
    public init?(score: Double) {
        switch score {
        case let s where s > 80_000: self = .hors
        case let s where s > 64_000: self = .category1
        case let s where s > 32_000: self = .category2
        case let s where s > 16_000: self = .category3
        case let s where s > 8_000: self = .category4
        default: return nil
        }
    }
}
