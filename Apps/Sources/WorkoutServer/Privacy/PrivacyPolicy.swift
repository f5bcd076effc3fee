public import WorkoutEngine
import WorkoutStore

/// Which zones hide which route: an athlete's zones, each enlarged for one workout (or live session) by a
/// fraction drawn from SHA-256 of the server's secret, the workout's key and the zone's index. The draw
/// is random to anyone without the secret, the same on every node and every render (so repeated renders
/// cannot be averaged), and different for each workout (so trimmed ends do not all lie on one circle;
/// see ``/RouteGeometry/PrivacyZone``).
public struct PrivacyPolicy: Sendable {
    /// The largest enlargement, as a fraction of a zone's radius.
    public static let maximumEnlargement = 0.5
    let secret: [UInt8]

    /// A policy drawing from `secret` (``/WorkoutStore/AccountStore/serverSecret()``).
    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// The zones hiding the route of workout `id`.
    public func zones(_ zones: [PrivacyZone], forWorkout id: Int64) -> [PrivacyZone] {
        enlarge(zones, key: "workout:\(id)")
    }

    /// The zones hiding the positions of live session `id` from viewers other than its owner.
    public func zones(_ zones: [PrivacyZone], forSession id: String) -> [PrivacyZone] {
        enlarge(zones, key: "session:\(id)")
    }

    /// Each zone enlarged by its own draw in 0...``maximumEnlargement``.
    func enlarge(_ zones: [PrivacyZone], key: String) -> [PrivacyZone] {
        zones.enumerated().map { index, zone in
            var hash = SHA256()
            hash.update(secret)
            hash.update(Array("\(key)#\(index)".utf8))
            let digest = hash.finalize()
            var bits: UInt64 = 0
            for byte in digest.prefix(8) { bits = bits << 8 | UInt64(byte) }
            let unit = Double(bits >> 11) / Double(1 << 53)
            return zone.enlarged(byFraction: unit * Self.maximumEnlargement)
        }
    }
}
