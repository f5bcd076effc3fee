import Foundation

/// Why a replay that continues a recovered session stopped: the track is not the one the session journaled.
public enum TrackReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The track's sample at `sampleIndex` (from 0) is not the one the journal holds there.
    case trackDiffersFromJournal(sampleIndex: Int, track: String, journal: String)
    /// The track ended after `trackSamples` samples; the journal holds `journaledSamples`.
    case trackShorterThanJournal(trackSamples: Int, journaledSamples: Int)

    public var description: String {
        switch self {
        case .trackDiffersFromJournal(let index, let track, let journal):
            "sample \(index + 1) of the track differs from the journal: the track has \(track), the journal \(journal)"
        case .trackShorterThanJournal(let trackSamples, let journaledSamples):
            "the track has \(trackSamples) samples, fewer than the \(journaledSamples) the journal holds: it is not the track this session replayed"
        }
    }
}

extension TrackReplayError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` says what went wrong.
    public var errorDescription: String? { description }
}
