import WorkoutCore
import WorkoutSamples

/// An SVG document: its text and its size in CSS pixels (what a PNG renderer uses at zoom 1).
public struct RenderedSVG: Sendable, Hashable {
    /// The whole document, UTF-8 text starting with the XML declaration.
    public var text: String
    /// Width in CSS pixels.
    public var width: Int
    /// Height in CSS pixels.
    public var height: Int

    /// A document `text` of `width` × `height` CSS pixels.
    public init(text: String, width: Int, height: Int) {
        self.text = text
        self.width = width
        self.height = height
    }
}
