import Foundation

/// Free writing: the ink written for one glyph stroke, aligned with its line once, to tell a stretch
/// of line the ink runs beside (the letter's own shape, which Form judges) from a missing piece
/// (`CoverageCheck`, `CheckContext.besideRadius`).
struct InkBesideLine {
    private let alignment: Alignment
    /// Where, along the joined ink, the pen jumped from one piece written for the stroke to the next.
    private let jumps: [ClosedRange<Double>]
    private let stroke: GlyphStroke
    private let radius: Double
    private let share: Double

    /// nil where every uncovered stretch is a missing piece: guided tracing (no radius), or no ink
    /// was found for the stroke.
    init?(stroke j: Int, _ c: CheckContext) {
        guard let radius = c.besideRadius, !c.pieces[j].isEmpty else { return nil }
        var joined: [Point] = [], jumps: [ClosedRange<Double>] = [], length = 0.0
        for piece in c.pieces[j] {
            let points = Array(c.points(piece))
            if let end = joined.last, let start = points.first {
                let jump = end.distance(to: start)
                jumps.append(length...(length + jump))
                length += jump
            }
            length += Polyline.length(points)
            joined += points
        }
        guard joined.count >= 2 else { return nil }
        stroke = c.glyph.strokes[j]
        alignment = Alignment(ink: joined, line: stroke.points, unit: c.unit)
        self.jumps = jumps
        self.radius = radius
        share = c.config.besideShare
    }

    /// Whether the ink runs beside the line from arc length `from` to `to`: the ink the alignment
    /// pairs with that stretch is at least `besideShare` as long as it (jumps between pieces not
    /// counted) and stays within the radius of the line. A stem stopped short, a 1 without its flag
    /// or a gap leaves the stretch paired with one ink point or a jump: a missing piece.
    func runsBeside(from: Double, to: Double) -> Bool {
        guard to > from else { return false }
        let ia = alignment.first[alignment.lineIndex(atArc: from)], ib = alignment.last[alignment.lineIndex(atArc: to)]
        guard ib > ia else { return false }
        let span = alignment.inkArc[ia]...alignment.inkArc[ib]
        let jumped = jumps.reduce(0.0) { sum, jump in
            sum + max(0, min(jump.upperBound, span.upperBound) - max(jump.lowerBound, span.lowerBound))
        }
        guard span.upperBound - span.lowerBound - jumped >= share * (to - from) else { return false }
        return alignment.ink[ia...ib].allSatisfy {
            Polyline.nearest(to: $0, on: stroke.points, cumulative: stroke.cumulative).distance <= radius
        }
    }
}
