import Testing

/// The store tests on SQLite (a temporary file).
@Suite struct SQLiteStoreTests {
    @Test func importsEverySampleTrack() async throws { try await StoreConformance.importsEverySampleTrack(.sqlite) }
    @Test func badFileAmongGood() async throws { try await StoreConformance.badFileAmongGood(.sqlite) }
    @Test func queries() async throws { try await StoreConformance.queries(.sqlite) }
    @Test func recordsAndWeeklyTotals() async throws { try await StoreConformance.recordsAndWeeklyTotals(.sqlite) }
    @Test func concurrentWriters() async throws { try await StoreConformance.concurrentWriters(.sqlite) }
    @Test func killedImportLeavesNoHalfWrittenWorkout() async throws { try await StoreConformance.killedImportLeavesNoHalfWrittenWorkout(.sqlite) }
    @Test func accounts() async throws { try await StoreConformance.accounts(.sqlite) }
    @Test func streamedImport() async throws { try await StoreConformance.streamedImport(.sqlite) }
}

/// The same tests on PostgreSQL + PostGIS (a throwaway cluster from scripts/with-postgres.sh).
@Suite(.enabled(if: StoreBackend.postgresURL != nil, "WORKOUT_STORE_POSTGRES_URL is unset: run through scripts/with-postgres.sh (scripts/test.sh does)"))
struct PostgresStoreTests {
    @Test func importsEverySampleTrack() async throws { try await StoreConformance.importsEverySampleTrack(.postgres) }
    @Test func badFileAmongGood() async throws { try await StoreConformance.badFileAmongGood(.postgres) }
    @Test func queries() async throws { try await StoreConformance.queries(.postgres) }
    @Test func recordsAndWeeklyTotals() async throws { try await StoreConformance.recordsAndWeeklyTotals(.postgres) }
    @Test func concurrentWriters() async throws { try await StoreConformance.concurrentWriters(.postgres) }
    @Test func killedImportLeavesNoHalfWrittenWorkout() async throws { try await StoreConformance.killedImportLeavesNoHalfWrittenWorkout(.postgres) }
    @Test func accounts() async throws { try await StoreConformance.accounts(.postgres) }
    @Test func streamedImport() async throws { try await StoreConformance.streamedImport(.postgres) }
}
