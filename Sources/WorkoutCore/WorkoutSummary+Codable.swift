import WorkoutSamples

extension WorkoutSummary: Codable {
    /// Decodes the summary JSON object (`Schemas/workout-summary.schema.json`). What it does not carry comes
    /// back as follows: times rounded to the millisecond (ISO 8601 text); ``WorkoutSnapshot/state``
    /// ``/SessionSupport/SessionState/ended``, ``WorkoutSnapshot/latestSpeedMetersPerSecond`` `nil` and
    /// ``WorkoutSnapshot/sampleCount`` 0 (see ``WorkoutSnapshot/init(from:)``); each ``/WorkoutSamples/SkippedField`` with its
    /// count only (first position line 0, column 0, no first value).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SummaryCodingKey.self)
        self.init(
            metrics: try WorkoutSnapshot(from: decoder),
            route: try container.decode(RouteSummary.self, forKey: .route),
            skippedUnknownRecords: try container.decodeIfPresent(Int.self, forKey: .skippedUnknownRecords) ?? 0,
            device: try container.decodeIfPresent(DeviceRecord.self, forKey: .device),
            analysis: try WorkoutAnalysis(fromSummary: decoder),
            damage: try container.decodeIfPresent(TrackDamage.self, forKey: .damage))
        let counts = try container.decodeIfPresent([String: Int].self, forKey: .skippedFields) ?? [:]
        for (name, count) in counts {
            skippedFields[name] = SkippedField(count: count, firstPosition: SourcePosition(line: 0, column: 0))
        }
    }

    /// Encodes the summary JSON object, exactly what ``jsonText()`` prints (that text is this encoding,
    /// written by ``JSONWriter``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SummaryCodingKey.self)
        try metrics.encodeFigures(to: &container) { container in
            try container.encode(skippedUnknownRecords, forKey: .skippedUnknownRecords)
            var fields = container.nestedContainer(keyedBy: DynamicCodingKey.self, forKey: .skippedFields)
            for name in skippedFields.keys.sorted() {
                try fields.encode(skippedFields[name]?.count ?? 0, forKey: DynamicCodingKey(name))
            }
            try container.encodeOrNull(device, forKey: .device)
            if let damage { try container.encode(damage, forKey: .damage) }
        }
        try container.encode(route, forKey: .route)
        try analysis.encodeKeys(into: encoder, keyedBy: SummaryCodingKey.self)
    }
}
