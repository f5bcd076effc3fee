import WorkoutSamples
/// Published energy-expenditure equations. Pure functions of plain numbers, O(1), no allocation. Rates are
/// kilocalories per minute of active energy (resting energy removed), never negative.
public enum EnergyFormulas {
    /// Joules in one kilocalorie (thermochemical calorie).
    public static let joulesPerKilocalorie = 4184.0
    /// Kilocalories per litre of oxygen, the round value ACSM's metabolic calculations use.
    public static let kilocaloriesPerLiterOxygen = 5.0
    /// One MET, millilitres of oxygen per kilogram per minute.
    public static let restingOxygenMillilitersPerKilogramMinute = 3.5
    /// Gross efficiency of cycling: mechanical work at the pedals over total metabolic energy. Measured
    /// values are about 18-25 % and rise with work rate (Ettema & Lorås 2009, "Efficiency in cycling: a
    /// review", Eur J Appl Physiol 106:1-14; Moseley & Jeukendrup 2001, Med Sci Sports Exerc
    /// 33(4):621-627 report 19.8 ± 0.6 % over 95-305 W). 22 % is the middle of that range.
    public static let defaultCyclingGrossEfficiency = 0.22

    /// Resting energy, one MET: 3.5 mL O₂/kg/min × 5 kcal/L (ACSM's Guidelines for Exercise Testing and
    /// Prescription, metabolic calculations), 0.0175 kcal/kg/min.
    public static func restingKilocaloriesPerMinute(massKilograms: Double) -> Double {
        restingOxygenMillilitersPerKilogramMinute * massKilograms * kilocaloriesPerLiterOxygen / 1000
    }

    /// Cycling from power: `W / efficiency` is the gross metabolic rate (J/s); active energy removes one
    /// MET. `watts × 60 / efficiency / 4184 − resting`, clamped at 0 (coasting burns no active energy).
    public static func powerKilocaloriesPerMinute(watts: Double, massKilograms: Double, grossEfficiency: Double = defaultCyclingGrossEfficiency) -> Double {
        guard watts > 0, grossEfficiency > 0 else { return 0 }
        let gross = watts * 60 / grossEfficiency / joulesPerKilocalorie
        return max(gross - restingKilocaloriesPerMinute(massKilograms: massKilograms), 0)
    }

    /// Keytel et al. 2005 ("Prediction of energy expenditure from heart rate monitoring during submaximal
    /// exercise", J Sports Sci 23(3):289-297), the equations without VO₂max, in kJ/min:
    /// - men: `−55.0969 + 0.6309·HR + 0.1988·mass + 0.2017·age`
    /// - women: `−20.4022 + 0.4472·HR − 0.1263·mass + 0.074·age`
    ///
    /// Unspecified sex averages the two. The result (gross energy) is divided by 4.184 and one MET is
    /// removed, clamped at 0. Fitted on 18-45 year olds, 47-120 kg, at 57-90 % of maximum heart rate;
    /// note the published female mass coefficient is negative, so for women more mass gives slightly
    /// less energy at the same heart rate.
    public static func keytelKilocaloriesPerMinute(heartRate: Double, massKilograms: Double, ageYears: Double, sex: BiologicalSex?) -> Double {
        let male = -55.0969 + 0.6309 * heartRate + 0.1988 * massKilograms + 0.2017 * ageYears
        let female = -20.4022 + 0.4472 * heartRate - 0.1263 * massKilograms + 0.074 * ageYears
        let kilojoules: Double
        switch sex {
        case .male: kilojoules = male
        case .female: kilojoules = female
        case nil: kilojoules = (male + female) / 2
        }
        let gross = kilojoules * 1000 / joulesPerKilocalorie
        return max(gross - restingKilocaloriesPerMinute(massKilograms: massKilograms), 0)
    }

    /// ACSM metabolic equations (ACSM's Guidelines for Exercise Testing and Prescription, metabolic
    /// calculations), VO₂ in mL/kg/min with speed `S` in m/min and fractional grade `G`:
    /// - walking: `3.5 + 0.1·S + 1.8·S·G`
    /// - running: `3.5 + 0.2·S + 0.9·S·G`
    ///
    /// Active energy drops the resting 3.5 term: `(0.1·S + 1.8·S·G) × mass × 5 / 1000` kcal/min (walking).
    /// The equations are for level and uphill movement: a downhill grade counts as level (never less
    /// energy than on the flat), and the grade is capped at `maximumGrade` to keep altitude noise at low
    /// speed from dominating.
    public static func acsmKilocaloriesPerMinute(running: Bool, speedMetersPerSecond: Double, grade: Double, massKilograms: Double) -> Double {
        guard speedMetersPerSecond > 0, speedMetersPerSecond.isFinite, massKilograms > 0 else { return 0 }
        let s = speedMetersPerSecond * 60
        let g = grade.isFinite ? min(max(grade, 0), maximumGrade) : 0
        let oxygen = running ? 0.2 * s + 0.9 * s * g : 0.1 * s + 1.8 * s * g
        return oxygen * massKilograms * kilocaloriesPerLiterOxygen / 1000
    }

    /// The steepest grade the ACSM model credits (45 %, steeper than most trails; beyond it the step is
    /// more likely altitude noise than climbing).
    public static let maximumGrade = 0.45

    /// MET of outdoor cycling by speed, 2024 Adult Compendium of Physical Activities (Herrmann et al.
    /// 2024, J Sport Health Sci 13(1):6-12; codes 01010-01060): under 10 mph 4.0; 10-11.9 mph 6.8;
    /// 12-13.9 mph 8.0; 14-15.9 mph 10.0; 16-19.9 mph 12.0; 20 mph and over 16.8.
    public static func compendiumCyclingMET(speedMetersPerSecond: Double) -> Double {
        let mph = speedMetersPerSecond / 0.44704
        switch mph {
        case ..<10: return 4.0
        case ..<12: return 6.8
        case ..<14: return 8.0
        case ..<16: return 10.0
        case ..<20: return 12.0
        default: return 16.8
        }
    }

    /// Active energy from a MET value: `(MET − 1) × mass × hours` kilocalories (the Compendium's
    /// `kcal = MET × kg × h` convention, 1 MET ≈ 1 kcal/kg/h, minus the resting MET), per minute.
    public static func metKilocaloriesPerMinute(met: Double, massKilograms: Double) -> Double {
        max(met - 1, 0) * massKilograms / 60
    }
}
