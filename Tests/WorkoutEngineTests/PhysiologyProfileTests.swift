import Foundation
import Testing
import TestSupport
import WorkoutEngine

struct PhysiologyProfileTests {
    private func decode(_ json: String) throws(AthleteProfileError) -> AthleteProfile {
        try AthleteProfile(jsonBytes: Array(json.utf8), file: "p.json")
    }

    @Test func decodesTheIssueForm() throws {
        let profile = try decode(#"{"massKilograms": 70, "ageYears": 35, "sex": "male", "restingHeartRate": 60, "maxHeartRate": 190}"#)
        #expect(profile == AthleteProfile(massKilograms: 70, ageYears: 35, sex: .male, restingHeartRate: 60, maxHeartRate: 190))
        #expect(profile.resolved.assumed.keys.isEmpty)
        #expect(profile.resolved.knowsRestingHeartRate)
    }

    @Test func everyKeyIsOptionalAndDefaultsAreListed() throws {
        let resolved = try decode("{}").resolved
        #expect(resolved.massKilograms == 70)
        #expect(resolved.ageYears == 35)
        #expect(resolved.sex == nil)
        #expect(resolved.restingHeartRate == 60)
        #expect(resolved.maxHeartRate == 183.5)  // Tanaka: 208 − 0.7 × 35
        #expect(resolved.assumed.keys == ["massKilograms", "ageYears", "sex", "restingHeartRate", "maxHeartRate"])
        #expect(!resolved.knowsRestingHeartRate)
    }

    @Test func maximumFromTheGivenAge() throws {
        let resolved = try decode(#"{"ageYears": 50, "sex": "female"}"#).resolved
        #expect(resolved.maxHeartRate == 173)  // 208 − 35
        #expect(resolved.assumed.keys == ["massKilograms", "restingHeartRate", "maxHeartRate"])
    }

    @Test(arguments: [
        (#"{"massKilograms": "heavy"}"#, "massKilograms"),
        (#"{"mass": 70}"#, "mass"),
        (#"{"ageYears": 300}"#, "ageYears"),
        (#"{"sex": "other"}"#, "sex"),
        (#"{"restingHeartRate": 80, "maxHeartRate": 80}"#, "maxHeartRate"),
    ])
    func malformedNamesTheField(json: String, field: String) {
        #expect(throws: AthleteProfileError.self) { try decode(json) }
        do {
            _ = try decode(json)
        } catch {
            guard case .malformed(let file, let named, _) = error else {
                Issue.record("expected malformed, got \(error)")
                return
            }
            #expect(file == "p.json")
            #expect(named == field)
            #expect(error.description.hasPrefix("p.json: profile field \(field): "))
        }
    }

    @Test func invalidJSONIsMalformedWithoutAField() {
        for text in ["{", "[1]", "", "null"] {
            do {
                _ = try decode(text)
                Issue.record("accepted \(text)")
            } catch {
                guard case .malformed(_, nil, _) = error else {
                    Issue.record("\(text): \(error)")
                    continue
                }
            }
        }
    }

    @Test func missingFileCannotBeRead() throws {
        let directory = try TestPaths.temporaryDirectory("profile")
        let path = directory.appendingPathComponent("absent.json").path
        #expect(throws: AthleteProfileError.cannotRead(file: path, reason: "No such file or directory")) {
            try AthleteProfile(contentsOfFile: path)
        }
        let good = directory.appendingPathComponent("good.json")
        try Data(#"{"massKilograms": 82.5, "sex": "female"}"#.utf8).write(to: good)
        #expect(try AthleteProfile(contentsOfFile: good.path) == AthleteProfile(massKilograms: 82.5, sex: .female))
    }

    @Test func invalidLibraryValuesFallBackToDefaults() {
        let resolved = AthleteProfile(massKilograms: -3, ageYears: .nan, restingHeartRate: 100, maxHeartRate: 90).resolved
        #expect(resolved.massKilograms == 70)
        #expect(resolved.ageYears == 35)
        #expect(resolved.maxHeartRate > resolved.restingHeartRate)
        #expect(resolved.assumed.keys == ["massKilograms", "ageYears", "sex", "restingHeartRate", "maxHeartRate"])
    }
}
