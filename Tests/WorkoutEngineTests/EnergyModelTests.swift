import Foundation
import Testing
import WorkoutEngine

/// Each energy equation against a worked example (the arithmetic is shown), plus units and monotonicity.
struct EnergyModelTests {
    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }

    @Test func restingIsOneMET() {
        // 3.5 mL/kg/min × 70 kg = 245 mL/min = 0.245 L/min; × 5 kcal/L = 1.225 kcal/min.
        #expect(close(EnergyFormulas.restingKilocaloriesPerMinute(massKilograms: 70), 1.225))
        // 5 % above the Compendium's 1 kcal/kg/h (70 kcal/h = 1.16667 kcal/min): 1.225 / 1.16667 = 1.05.
        let compendiumRate: Double = 70.0 / 60
        #expect(abs(1.225 / compendiumRate - 1.05) < 1e-12)
    }

    @Test func keytelMaleWorkedExample() {
        // Keytel et al. 2005, men: −55.0969 + 0.6309·150 + 0.1988·70 + 0.2017·35
        //   = −55.0969 + 94.635 + 13.916 + 7.0595 = 60.5136 kJ/min → ÷ 4.184 = 14.46310 kcal/min gross,
        //   − 1.225 resting = 13.23810 kcal/min active.
        let rate = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 150, massKilograms: 70, ageYears: 35, sex: .male)
        #expect(close(rate, 60.5136 / 4.184 - 1.225))
        #expect(abs(rate - 13.2381) < 1e-4)
    }

    @Test func keytelFemaleWorkedExample() {
        // Women: −20.4022 + 0.4472·150 − 0.1263·60 + 0.074·30 = −20.4022 + 67.08 − 7.578 + 2.22
        //   = 41.3198 kJ/min → 9.87567 kcal/min gross, − 0.0175·60 = 1.05 → 8.82567 active.
        let rate = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 150, massKilograms: 60, ageYears: 30, sex: .female)
        #expect(abs(rate - 8.82567) < 1e-4)
    }

    @Test func keytelUnspecifiedSexAveragesCoefficients() {
        let male = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 140, massKilograms: 75, ageYears: 40, sex: .male)
        let female = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 140, massKilograms: 75, ageYears: 40, sex: .female)
        let either = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 140, massKilograms: 75, ageYears: 40, sex: nil)
        // Both are above zero here, so averaging coefficients averages the results.
        #expect(close(either, (male + female) / 2))
    }

    @Test func keytelNeverNegative() {
        // At 50 bpm the female equation gives −20.4022 + 22.36 − 8.841 + 2.59 = −4.29 kJ/min: clamped.
        #expect(EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 50, massKilograms: 70, ageYears: 35, sex: .female) == 0)
    }

    @Test func acsmWalkingWorkedExample() {
        // ACSM: walking 3.0 mph = 80.4 m/min at 5 % grade: VO₂ = 3.5 + 0.1·80.4 + 1.8·80.4·0.05
        //   = 3.5 + 8.04 + 7.236 = 18.776 mL/kg/min. Active drops the 3.5: 15.276 mL/kg/min
        //   × 70 kg × 5 kcal/L / 1000 = 5.3466 kcal/min.
        let rate = EnergyFormulas.acsmKilocaloriesPerMinute(running: false, speedMetersPerSecond: 80.4 / 60, grade: 0.05, massKilograms: 70)
        #expect(abs(rate - 5.3466) < 1e-9)
    }

    @Test func acsmRunningWorkedExample() {
        // Running 6 mph = 160.8 m/min on the level: VO₂ = 3.5 + 0.2·160.8 = 35.66 mL/kg/min; active
        //   32.16 × 70 × 5 / 1000 = 11.256 kcal/min. At 10 % grade add 0.9·160.8·0.1 = 14.472 → 46.632
        //   × 0.35 = 16.3212 kcal/min.
        #expect(abs(EnergyFormulas.acsmKilocaloriesPerMinute(running: true, speedMetersPerSecond: 160.8 / 60, grade: 0, massKilograms: 70) - 11.256) < 1e-9)
        #expect(abs(EnergyFormulas.acsmKilocaloriesPerMinute(running: true, speedMetersPerSecond: 160.8 / 60, grade: 0.1, massKilograms: 70) - 16.3212) < 1e-9)
    }

    @Test func acsmDownhillCountsAsLevelAndGradeIsCapped() {
        let level = EnergyFormulas.acsmKilocaloriesPerMinute(running: false, speedMetersPerSecond: 1.4, grade: 0, massKilograms: 70)
        #expect(EnergyFormulas.acsmKilocaloriesPerMinute(running: false, speedMetersPerSecond: 1.4, grade: -0.2, massKilograms: 70) == level)
        let capped = EnergyFormulas.acsmKilocaloriesPerMinute(running: false, speedMetersPerSecond: 1.4, grade: EnergyFormulas.maximumGrade, massKilograms: 70)
        #expect(EnergyFormulas.acsmKilocaloriesPerMinute(running: false, speedMetersPerSecond: 1.4, grade: 3, massKilograms: 70) == capped)
        #expect(EnergyFormulas.acsmKilocaloriesPerMinute(running: false, speedMetersPerSecond: 1.4, grade: .nan, massKilograms: 70) == level)
    }

    @Test func compendiumCyclingWorkedExample() {
        // 25 km/h = 6.944 m/s = 15.53 mph: code 01040 (14-15.9 mph), 10.0 MET.
        // Active = (10 − 1) × 70 kg × 1 h = 630 kcal per hour = 10.5 kcal/min.
        let met = EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: 25 / 3.6)
        #expect(met == 10.0)
        #expect(close(EnergyFormulas.metKilocaloriesPerMinute(met: met, massKilograms: 70), 10.5))
        // Band edges, in mph.
        let mph = 0.44704
        #expect(EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: 9.99 * mph) == 4.0)
        #expect(EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: 10 * mph) == 6.8)
        #expect(EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: 13 * mph) == 8.0)
        #expect(EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: 18 * mph) == 12.0)
        #expect(EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: 20 * mph) == 16.8)
    }

    @Test func powerWorkedExample() {
        // 200 W for a minute = 12 000 J of work; / 0.22 = 54 545.45 J metabolic; / 4184 = 13.03667 kcal;
        // − 1.225 resting (70 kg) = 11.81167 kcal/min.
        let rate = EnergyFormulas.powerKilocaloriesPerMinute(watts: 200, massKilograms: 70)
        #expect(abs(rate - (12_000 / 0.22 / 4184 - 1.225)) < 1e-12)
        #expect(abs(rate - 11.81167) < 1e-5)
        #expect(EnergyFormulas.powerKilocaloriesPerMinute(watts: 0, massKilograms: 70) == 0)
    }

    @Test func unitsOneKilocalorieIs4184Joules() {
        // 4184 J over one minute at 100 % efficiency and no resting share is exactly 1 kcal.
        #expect(close(EnergyFormulas.powerKilocaloriesPerMinute(watts: 4184.0 / 60, massKilograms: 0, grossEfficiency: 1), 1))
        // Keytel's kJ/min become kcal/min by ÷ 4.184.
        #expect(EnergyFormulas.joulesPerKilocalorie == 4184)
    }

    @Test func moreMassSpeedOrGradeNeverGivesLessEnergy() {
        let masses = stride(from: 40.0, through: 140, by: 5).map { $0 }
        let speeds = stride(from: 0.0, through: 12, by: 0.25).map { $0 }
        let grades = stride(from: -0.3, through: 0.6, by: 0.05).map { $0 }
        for running in [false, true] {
            for mass in masses {
                for speed in speeds {
                    for grade in grades {
                        let e = EnergyFormulas.acsmKilocaloriesPerMinute(running: running, speedMetersPerSecond: speed, grade: grade, massKilograms: mass)
                        #expect(e >= 0)
                        #expect(EnergyFormulas.acsmKilocaloriesPerMinute(running: running, speedMetersPerSecond: speed, grade: grade, massKilograms: mass + 5) >= e)
                        #expect(EnergyFormulas.acsmKilocaloriesPerMinute(running: running, speedMetersPerSecond: speed + 0.25, grade: grade, massKilograms: mass) >= e)
                        #expect(EnergyFormulas.acsmKilocaloriesPerMinute(running: running, speedMetersPerSecond: speed, grade: grade + 0.05, massKilograms: mass) >= e)
                    }
                }
            }
        }
        for mass in masses {
            for speed in speeds {
                let e = EnergyFormulas.metKilocaloriesPerMinute(met: EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: speed), massKilograms: mass)
                #expect(EnergyFormulas.metKilocaloriesPerMinute(met: EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: speed + 0.25), massKilograms: mass) >= e)
                #expect(EnergyFormulas.metKilocaloriesPerMinute(met: EnergyFormulas.compendiumCyclingMET(speedMetersPerSecond: speed), massKilograms: mass + 5) >= e)
            }
        }
        for watts in stride(from: 0.0, through: 600, by: 10) {
            #expect(EnergyFormulas.powerKilocaloriesPerMinute(watts: watts + 10, massKilograms: 70) >= EnergyFormulas.powerKilocaloriesPerMinute(watts: watts, massKilograms: 70))
        }
        // Heart rate: more beats never give less energy; for men more mass never does either. (The published
        // female mass coefficient is negative, so mass monotonicity is not claimed for the heart-rate model.)
        for sex in [BiologicalSex.male, .female, nil] {
            for hr in stride(from: 40.0, through: 210, by: 5) {
                #expect(EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: hr + 5, massKilograms: 70, ageYears: 35, sex: sex)
                        >= EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: hr, massKilograms: 70, ageYears: 35, sex: sex))
            }
        }
        for mass in masses {
            #expect(EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 150, massKilograms: mass + 5, ageYears: 35, sex: .male)
                    >= EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 150, massKilograms: mass, ageYears: 35, sex: .male))
        }
    }
}
