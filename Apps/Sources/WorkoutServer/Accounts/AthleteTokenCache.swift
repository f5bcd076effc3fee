import Synchronization

/// The athletes of bearer tokens seen lately (by their hashes), so that the requests of a live session (a
/// sample a second, each with its token) do not each read the store: a known token is trusted for
/// ``lifetimeSeconds`` after the store named its athlete; an unknown one is looked up every time, so a token
/// just created works at once. With 1 000 live sessions on one node, the store's lookup was the largest
/// part of an ingest request's latency.
final class AthleteTokenCache: Sendable {
    /// How long the store's answer for a token stands, seconds.
    static let lifetimeSeconds = 60.0
    /// The most tokens held; past it the cache starts again empty.
    static let maximumEntries = 10_000

    private let entries = Mutex<[String: (athlete: String, readAt: ContinuousClock.Instant)]>([:])

    /// The athlete of `tokenHash` when the store named it less than ``lifetimeSeconds`` before `now`.
    func athlete(tokenHash: String, now: ContinuousClock.Instant = .now) -> String? {
        entries.withLock { entries in
            guard let entry = entries[tokenHash] else { return nil }
            guard now - entry.readAt < .seconds(Self.lifetimeSeconds) else {
                entries[tokenHash] = nil
                return nil
            }
            return entry.athlete
        }
    }

    /// Keeps what the store answered for `tokenHash` at `now`.
    func remember(athlete: String, tokenHash: String, now: ContinuousClock.Instant = .now) {
        entries.withLock { entries in
            if entries.count >= Self.maximumEntries { entries.removeAll(keepingCapacity: true) }
            entries[tokenHash] = (athlete, now)
        }
    }
}
