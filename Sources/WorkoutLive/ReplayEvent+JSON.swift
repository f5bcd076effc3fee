public import WorkoutCore

extension ReplayEvent {
    /// The event as one NDJSON object: `{"type":"frame",…}` or `{"type":"event",…}` (keys in the README's
    /// "Live pipeline" section). The same text for `route-replay replay`, the server's frame stream and tests.
    public func write(to json: inout JSONWriter) {
        switch self {
        case .frame(let frame):
            json.beginObject()
            json.string("type", "frame")
            json.integer("frame", frame.index)
            json.number("trackTime", frame.time)
            json.string("state", frame.state.rawValue)
            json.number("elapsedSeconds", frame.elapsedSeconds)
            json.string("elapsed", frame.elapsed)
            json.number("distanceMeters", frame.distanceMeters)
            json.number("speedMetersPerSecond", frame.speedMetersPerSecond)
            json.number("paceSecondsPerKilometer", frame.paceSecondsPerKilometer)
            json.number("rawSpeedMetersPerSecond", frame.rawSpeedMetersPerSecond)
            json.number("rawPaceSecondsPerKilometer", frame.rawPaceSecondsPerKilometer)
            json.number("heartRateBPM", frame.heartRateBPM)
            json.number("activeEnergyKilocalories", frame.activeEnergyKilocalories)
            json.beginObject("fourthStat")
            json.string("kind", frame.fourthStat.kind.rawValue)
            json.number("value", frame.fourthStat.value)
            json.string("unit", frame.fourthStat.unit)
            json.string("formatted", frame.fourthStat.formatted)
            json.endObject()
            json.number("latitude", frame.latitude)
            json.number("longitude", frame.longitude)
            json.endObject()
        case .stateChange(let change):
            json.beginObject()
            json.string("type", "event")
            json.string("event", change.kind.rawValue)
            json.number("trackTime", change.time)
            json.string("state", change.state.rawValue)
            json.number("elapsedSeconds", change.elapsedSeconds)
            json.bool("automatic", change.isAutomatic)
            json.string("cause", change.cause.rawValue)
            json.endObject()
        }
    }

    /// ``write(to:)`` as a string.
    public var jsonText: String {
        var json = JSONWriter()
        write(to: &json)
        return json.text
    }
}
