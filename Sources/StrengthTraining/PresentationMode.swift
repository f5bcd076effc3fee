import SessionSupport

/// How the app shows the workout: every exercise in a list, or one exercise at a time.
public enum PresentationMode: String, Sendable, Hashable, Codable {
    /// `list`: every exercise at once; `single`: one exercise at a time.
    case list, single
}
