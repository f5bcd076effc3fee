/// Receives what a reader finds, in input order. The engine's builders, the live replay and the export
/// recorder adopt it, so a streaming reader pushes samples straight into the stage that consumes them.
public protocol TrackSampleSink {
    /// The activity named by the input (GPX `trk/type`, TCX `Activity Sport`, FIT `sport`, JSON
    /// `activity`, the NDJSON header line), as written there; for a multisport FIT file or TCX
    /// `MultiSportSession` read twice, its fastest known leg's (``ActivityType/multisport(legs:)``). Called
    /// before the samples it applies to, at most once per track.
    mutating func trackActivity(named name: String) throws
    /// The input carries the recording device's own timer events (FIT `event` messages of the timer):
    /// its pauses and resumes are explicit, so the engine adds no recording-gap pauses of its own. Called
    /// at most once per track, before the first such event.
    mutating func trackHasTimerEvents() throws
    /// One sample, in input order.
    mutating func consume(_ sample: Sample) throws
}

extension TrackSampleSink {
    public mutating func trackActivity(named name: String) throws {}
    public mutating func trackHasTimerEvents() throws {}
}
