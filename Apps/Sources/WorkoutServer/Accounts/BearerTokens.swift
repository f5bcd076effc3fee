import WorkoutStore

/// Bearer tokens: 32 random bytes as 64 hexadecimal digits, prefixed `wst_` so a leaked one is easy to
/// recognise; the store keeps only their SHA-256.
public enum BearerTokens {
    /// A new token from the system's cryptographic generator.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return "wst_" + SHA256.hex(bytes)
    }

    /// What the store keeps of `token`: its SHA-256 in hexadecimal.
    public static func hash(_ token: String) -> String {
        SHA256.hexDigest(of: Array(token.utf8))
    }

    /// Makes a token for `athlete`, stores its hash, and returns the token (shown once).
    public static func create(athlete: String, in accounts: any AccountStore) async throws -> String {
        let token = make()
        try await accounts.addToken(hash: hash(token), athlete: athlete)
        return token
    }
}
