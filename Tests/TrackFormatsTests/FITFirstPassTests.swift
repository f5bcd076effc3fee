import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// The first of the two passes over a FIT file (``FITReader/scansAhead``: the sport and the late timer
/// events, before any sample) decodes less than the second but must stop where it stops and decide as it
/// decides: damage after records that gave samples is a report, and a chain is read no further than a CRC
/// mismatch.
struct FITFirstPassTests {
    /// Records at 0-100 s and 200-300 s, then the timer events that paused between them, written after the
    /// records (as a Garmin Oregon does), the file cut short in its CRC: the first pass finds the late events
    /// (it read records, so the cut is damage, not an error), and the second places them in time order.
    @Test(arguments: [1, 2, 3])
    func aCutFileKeepsItsLateTimerEvents(cut: Int) throws {
        let base: UInt32 = 1_000_000_000
        let file = FITTestFile.recordsThenTimerEvents(
            base: base, recordSeconds: Array(stride(from: 0, through: 100, by: 10)) + Array(stride(from: 200, through: 300, by: 10)),
            events: [(0, 0), (100, 4), (200, 0), (300, 4)])
        let bytes = Array(file.bytes().dropLast(cut))
        var sink = FITRecordingSink()
        let report = try TrackReader.read(TrackInput(bytes: bytes, name: "late.fit"), into: &sink)
        #expect(report.damage != nil)
        #expect(report.lateTimerStopCount == 0)
        let start = Double(base) + FITProfile.epochOffsetSeconds
        let events = sink.timeline(from: start).filter { !$0.hasPrefix("fix") }
        let whole = ["resume@0", "pause@100", "resume@200", "pause@300"]
        #expect(events == (cut < 3 ? whole : Array(whole.dropLast())), "\(events)")
    }

    /// Every real FIT file, whole and cut by 1 and by 1,000 bytes: the first pass ends as a full read does
    /// (a report, or an error) and finds the same late timer events.
    @Test func realFilesEndTheFirstPassAsAFullRead() throws {
        let names = FITReaderTests.files
        var read = 0
        for name in names {
            guard let bytes = FITTestReading.bytes(name) else { continue }
            read += 1
            for cut in [0, 1, 1000] where bytes.count > cut {
                let input = Array(bytes.dropLast(cut))
                func pass(scansAhead: Bool) -> (ended: Bool, late: [FITReader.LateTimerEvent]) {
                    var reader = FITReader(fileName: name)
                    reader.scansAhead = scansAhead
                    var sink = FITRecordingSink()
                    var sniffing = FormatSniffingInput(TrackInput(bytes: input, name: name))
                    let report = try? reader.readToEnd(&sniffing, into: &sink)
                    return (report != nil, reader.lateTimerEvents)
                }
                let first = pass(scansAhead: true), full = pass(scansAhead: false)
                #expect(first.ended == full.ended, "\(name) less \(cut) bytes")
                #expect(first.late == full.late, "\(name) less \(cut) bytes")
            }
        }
        #expect(read >= 8)
    }

    /// Two files chained, a running session whose record has a changed byte (a CRC mismatch at its end), then
    /// a cycling session: the read stops at the first file's CRC, so the workout is the running one, as the
    /// samples read are.
    @Test func aChainIsNamedNoFurtherThanItsFirstCRCMismatch() throws {
        let base: UInt32 = 1_000_000_000
        func file(sport: UInt8, start: UInt32) -> [UInt8] {
            var file = FITTestFile()
            file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
            for second in stride(from: 0, through: 100, by: 10) {
                file.message(local: 0, FITTestFile.le32(start + UInt32(second)) + FITTestFile.le32(0x2000_0000) + FITTestFile.le32(0x1000_0000))
            }
            file.define(local: 1, global: 18, fields: [(253, 4, 0x86), (5, 1, 0x00), (6, 1, 0x00)])
            file.message(local: 1, FITTestFile.le32(start + 100) + [sport, 0])
            return file.bytes()
        }
        var running = file(sport: 1, start: base)
        let boundaries = FITTestReading.messageBoundaries(running)
        running[boundaries[3] + 6] ^= 0x01  // a latitude byte of a record
        var sink = FITRecordingSink()
        let report = try TrackReader.read(TrackInput(bytes: running + file(sport: 2, start: base + 1000), name: "chain.fit"), into: &sink)
        #expect(report.damage?.reason.contains("file CRC mismatch") == true)
        #expect(sink.activities == ["running"])
        #expect(sink.locations.count == 11)
    }
}
