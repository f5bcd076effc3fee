/// Step cadence (running, walking) or crank cadence (cycling), per minute.
public struct CadenceSample: Sendable, Hashable {
    public var time: Double?
    public var perMinute: Double
    public init(time: Double?, perMinute: Double) {
        self.time = time
        self.perMinute = perMinute
    }
}
