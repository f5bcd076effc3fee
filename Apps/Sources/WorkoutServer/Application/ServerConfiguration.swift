import Foundation

/// How a `workout-server` node runs: where it listens, how much it accepts, who may call it, and
/// where its live sessions are journaled.
public struct ServerConfiguration: Sendable {
    /// The address to bind (`127.0.0.1` by default: loopback only).
    public var host: String
    /// The port to bind; 0 lets the system choose (tests).
    public var port: Int
    /// The longest request body accepted, bytes; a longer one gets 413 as soon as it passes the limit.
    public var maxBodyBytes: Int
    /// A request whose body sends nothing for this long is cut off (its connection closed); a live
    /// session keeps every sample that arrived before.
    public var idleTimeoutSeconds: Double
    /// `false` (`--no-auth`): every request acts as ``localAthlete``, no token needed.
    public var requiresAuthentication: Bool
    /// The athlete requests act as without authentication.
    public var localAthlete: String
    /// This node's name in health answers, session resources and its journal's leases.
    public var nodeName: String
    /// How long a graceful shutdown may take before the remaining work is cancelled, seconds.
    public var shutdownGraceSeconds: Double
    /// A journaled session last active longer ago than this is not recovered (it is discarded, and the
    /// log says why), seconds.
    public var sessionMaximumAgeSeconds: Double

    /// A configuration with the documented defaults.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 64 << 20, idleTimeoutSeconds: Double = 30,
        requiresAuthentication: Bool = true, localAthlete: String = "local",
        nodeName: String = ServerConfiguration.defaultNodeName(), shutdownGraceSeconds: Double = 10,
        sessionMaximumAgeSeconds: Double = 6 * 3600
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.requiresAuthentication = requiresAuthentication
        self.localAthlete = localAthlete
        self.nodeName = nodeName
        self.shutdownGraceSeconds = shutdownGraceSeconds
        self.sessionMaximumAgeSeconds = sessionMaximumAgeSeconds
    }

    /// The host name and process id, unique among the nodes of one machine and readable in logs.
    public static func defaultNodeName() -> String {
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
    }
}
