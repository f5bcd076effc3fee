// StrengthTraining: being written.
