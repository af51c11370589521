import Foundation

/// "Corner cut" the iTrace way: around each corner, compare how much line the child drew with how
/// much line there is. Rounding a corner off makes the path shorter and leaves the corner point
/// unvisited. The ink around the corner is found by a monotone alignment, so retraced corners
/// (down and back up the stem of n) are judged like any other.
enum CornerCheck {
    static func run(_ c: CheckContext) -> [WritingError] {
        var errors: [WritingError] = []
        let unit = c.unit
        for (j, stroke) in c.glyph.strokes.enumerated() where !stroke.isDot && !stroke.corners.isEmpty {
            let ink = c.joinedPieces(j)
            guard ink.count >= 2 else { continue }
            let alignment = Alignment(ink: ink, line: stroke.points, unit: unit)
            let arcs = stroke.corners.map { stroke.cumulative[$0.index] }
            for (k, s) in arcs.enumerated() {
                // Half-window: the configured size, but at most half the way to the neighbouring corner or end.
                let before = k == 0 ? s : s - arcs[k - 1], after = k == arcs.count - 1 ? stroke.length - s : arcs[k + 1] - s
                let w = min(c.config.cornerWindow * unit, before / 2, after / 2)
                guard w >= c.config.minCornerWindow * unit else { continue }
                let a = Polyline.point(atArcLength: s - w, in: stroke.points, cumulative: stroke.cumulative)
                let b = Polyline.point(atArcLength: s + w, in: stroke.points, cumulative: stroke.cumulative)
                let ia = alignment.first[alignment.lineIndex(atArc: s - w)]
                let ib = alignment.last[alignment.lineIndex(atArc: s + w)]
                guard ib > ia else { continue }
                // Only judge corners the child came to: the ink must pass both ends of the window.
                guard alignment.ink[ia].distance(to: a) <= c.corridor, alignment.ink[ib].distance(to: b) <= c.corridor else { continue }
                let drawn = alignment.inkArc[ib] - alignment.inkArc[ia]
                let corner = stroke.points[stroke.corners[k].index]
                var miss = Double.infinity
                for p in alignment.ink[ia...ib] { miss = min(miss, p.distance(to: corner)) }
                if drawn < c.config.cornerShortfall * 2 * w && miss > c.config.cornerMiss * unit {
                    errors.append(WritingError(code: .cornerCut, stroke: j, at: c.page(corner), amount: miss / unit,
                                               tip: Phrases.cornerCut))
                }
            }
        }
        return errors
    }
}
