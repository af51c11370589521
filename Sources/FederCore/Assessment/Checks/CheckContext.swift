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
    var pieces: [[InkPiece]]
    let corridor: Double
    let coverRadius: Double
    let startTolerance: Double
    /// Ink farther than this past a stroke's end is an overshoot (the phase's own limit) …
    let overshoot: Double
    /// … and what the child hears then: the line to stop at when tracing, the stroke when writing alone.
    var overshootTip: Utterance = Phrases.overshoot
    /// Free writing: an uncovered stretch of line with ink running beside it, within this distance,
    /// is the letter's own shape, not a missing piece (`CoverageCheck`). nil: every uncovered
    /// stretch is a missing piece, as in guided tracing, where the line to cover is shown.
    var besideRadius: Double? = nil
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
    /// A stroke at least this much longer than the straight line from its start to its end is a
    /// curve; one at most `lineLength` times as long is a line. A stem with a hook (t, j, f) is
    /// neither, and gets the general tip.
    static let curveLength = 1.5
    static let lineLength = 1.1
    /// How far below the baseline (x-heights) a curve may reach and still be a "Bogen".
    static let descenderMargin = 0.1
    /// A straight stroke this many times taller than wide is upright (and as many times wider than
    /// tall lies across); in between it is slanted.
    static let uprightRatio = 4.0

    /// The tip for strokes out of order. When the letter's first stroke came after another one (an
    /// `a` begun with its stem, an `H` with its bar) the tip names it — "Schreib zuerst den Bogen." —
    /// by its shape: a curve, a line down, across or slanted. A first stroke with corners, a hook, a
    /// dot or a line written upwards has no short name, and a later stroke out of order none either:
    /// then "Schau, welcher Strich zuerst kommt." — or, writing alone (`free`), with no model on the
    /// page to look at, "Denk dran, welcher Strich zuerst kommt."
    static func orderTip(firstStrokeLate: Bool, in glyph: Glyph, free: Bool = false) -> Utterance {
        let general = free ? strokeOrderFree : strokeOrder
        guard firstStrokeLate, let first = glyph.strokes.first, !first.isDot, first.corners.isEmpty else { return general }
        let chord = first.start.distance(to: first.end)
        if first.length >= curveLength * chord {
            // A curve that reaches below the baseline is a stem with a loop (Schulschrift j), not a "Bogen".
            return first.points.contains { $0.y > glyph.ruling.base + descenderMargin * glyph.unit } ? general : firstCurve
        }
        guard first.length <= lineLength * chord else { return general }
        let dx = abs(first.end.x - first.start.x), dy = first.end.y - first.start.y
        if abs(dy) >= uprightRatio * dx { return dy > 0 ? firstDown : general }
        if dx >= uprightRatio * abs(dy) { return firstAcross }
        return firstSlant
    }

    /// "Fang oben/unten beim Punkt an.", by where the stroke starts within the letter; writing alone
    /// (`free`), where the page shows no dot, "Fang oben/unten/in der Mitte an."
    static func startTip(for stroke: GlyphStroke, in glyph: Glyph, config: AssessmentConfig, free: Bool = false) -> Utterance {
        switch startPlace(of: stroke.start, in: glyph, config: config) {
        case .top: return free ? startTopFree : startTop
        case .bottom: return free ? startBottomFree : startBottom
        case .middle: return free ? startMiddleFree : startDot
        case nil: return free ? startTopFree : startDot
        }
    }

    enum StartPlace { case top, middle, bottom }

    /// Which of the places a start tip names a point lies in (nil for a flat glyph).
    static func startPlace(of point: Point, in glyph: Glyph, config: AssessmentConfig) -> StartPlace? {
        let box = glyph.inkBounds
        guard box.height > 1e-9 else { return nil }
        let relative = (point.y - box.minY) / box.height
        if relative <= config.startTopShare { return .top }
        if relative >= config.startBottomShare { return .bottom }
        return .middle
    }
}
