import Foundation

/// A stretch of one ink stroke written for one glyph stroke.
struct InkPiece: Sendable, Equatable {
    var stroke: Int
    var range: ClosedRange<Int>
}

/// What the checks look at: the glyph, the ink in the coordinates the comparison is made in (fitted
/// onto the glyph for free writing, as traced for guided), the way back to the page's coordinates
/// for reporting, which ink belongs to which glyph stroke, and the tolerances in glyph units.
struct CheckContext: Sendable {
    let glyph: Glyph
    let ink: [[Point]]
    /// Comparison coordinates → the ink's own (page) coordinates.
    let toPage: Placement
    /// Per glyph stroke, the ink written for it, in writing order.
    let pieces: [[InkPiece]]
    let corridor: Double
    let coverRadius: Double
    let startTolerance: Double
    let config: AssessmentConfig

    var unit: Double { glyph.unit }

    func points(_ piece: InkPiece) -> ArraySlice<Point> { ink[piece.stroke][piece.range] }

    /// All ink written for glyph stroke `j`, joined in writing order.
    func joinedPieces(_ j: Int) -> [Point] {
        var out: [Point] = []
        for piece in pieces[j] { out += points(piece) }
        return out
    }

    func page(_ p: Point) -> Point { toPage.apply(p) }
}

extension Phrases {
    /// "Fang oben/unten beim Punkt an.", by where the stroke starts within the letter.
    static func startTip(for stroke: GlyphStroke, in glyph: Glyph, config: AssessmentConfig) -> Utterance {
        let box = glyph.inkBounds
        guard box.height > 1e-9 else { return startDot }
        let relative = (stroke.start.y - box.minY) / box.height
        if relative <= config.startTopShare { return startTop }
        if relative >= config.startBottomShare { return startBottom }
        return startDot
    }
}
