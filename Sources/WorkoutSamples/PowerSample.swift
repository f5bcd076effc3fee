/// Mechanical power, watts.
public struct PowerSample: Sendable, Hashable {
    public var time: Double?
    public var watts: Double
    public init(time: Double?, watts: Double) {
        self.time = time
        self.watts = watts
    }
}
