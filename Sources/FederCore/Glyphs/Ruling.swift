import Foundation

/// The four lines of a first-grade exercise book, as y coordinates in glyph units (y grows down).
/// The middle band (x-height) is 100 units by convention: the engine's unit of letter size.
public struct Ruling: Codable, Sendable, Equatable {
    /// Top line (Oberlinie): capitals and ascenders reach it.
    public var top: Double
    /// Middle line (Mittellinie), drawn dotted: the x-height.
    public var middle: Double
    /// Baseline (Grundlinie).
    public var base: Double
    /// Descender line (Unterlinie).
    public var bottom: Double

    public init(top: Double, middle: Double, base: Double, bottom: Double) {
        self.top = top; self.middle = middle; self.base = base; self.bottom = bottom
    }

    /// Height of the middle band: the unit in which tolerances and scores are expressed.
    public var xHeight: Double { base - middle }

    /// Distance from the top line to the descender line.
    public var totalHeight: Double { bottom - top }

    /// Metrics as the glyph export names them.
    public var exportMetrics: [String: Double] {
        ["ascender": top, "xheight": middle, "baseline": base, "descender": bottom]
    }
}
