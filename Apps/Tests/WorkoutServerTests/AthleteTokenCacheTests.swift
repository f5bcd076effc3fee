import Testing
@testable import WorkoutServer

/// The middleware's memory of tokens the store named: trusted for a minute, then read again; unknown
/// tokens never remembered.
@Suite struct AthleteTokenCacheTests {
    @Test func aRememberedTokenStandsForItsLifetimeOnly() {
        let cache = AthleteTokenCache()
        let start = ContinuousClock.now
        #expect(cache.athlete(tokenHash: "h1", now: start) == nil)
        cache.remember(athlete: "ana", tokenHash: "h1", now: start)
        #expect(cache.athlete(tokenHash: "h1", now: start + .seconds(59)) == "ana")
        #expect(cache.athlete(tokenHash: "h2", now: start + .seconds(1)) == nil)
        #expect(cache.athlete(tokenHash: "h1", now: start + .seconds(AthleteTokenCache.lifetimeSeconds)) == nil)
        // Expired means read again: the entry is gone even for an earlier clock.
        #expect(cache.athlete(tokenHash: "h1", now: start) == nil)
    }

    @Test func theCacheStartsAgainWhenFull() {
        let cache = AthleteTokenCache()
        let now = ContinuousClock.now
        for i in 0..<AthleteTokenCache.maximumEntries { cache.remember(athlete: "a\(i)", tokenHash: "h\(i)", now: now) }
        #expect(cache.athlete(tokenHash: "h0", now: now) == "a0")
        cache.remember(athlete: "ben", tokenHash: "new", now: now)
        #expect(cache.athlete(tokenHash: "h0", now: now) == nil)
        #expect(cache.athlete(tokenHash: "new", now: now) == "ben")
    }
}
