public import WorkoutCore

extension ReplayEvent {
    /// The event as one NDJSON object: `{"type":"frame",…}` or `{"type":"event",…}` (keys in the README's
    /// "Live pipeline" section). The same text for `route-replay replay`, the server's frame stream and tests.
    public func write(to json: inout JSONWriter) {
        switch self {
        case .frame(let frame):
            // The frame's `Codable` encoding (the one list of its keys), written by `JSONWriter`. It
            // throws nothing; were it to, `null` would stand in its place.
            do {
                try json.encode(frame)
            } catch {
                json.null(nil)
            }
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
