import Foundation

/// "Overshot the end": ink that goes on past the end of a stroke, measured as the farthest the ink
/// gets from the end point after the alignment has reached it.
enum OvershootCheck {
    static func run(_ c: CheckContext) -> [WritingError] {
        var errors: [WritingError] = []
        for (j, stroke) in c.glyph.strokes.enumerated() where !stroke.isDot {
            let ink = c.joinedPieces(j)
            guard ink.count >= 2 else { continue }
            // A loop begun in the wrong place ends where the child began it (an O begun at its bottom
            // is closed at the bottom; the start check names the start). Begun at its start, or a
            // little late with the line before left out, it ends at its end.
            let elsewhere = stroke.isClosed && ink[0].distance(to: stroke.start) > c.startTolerance
                && FormationChecks.wroteLineBefore(ink[0], stroke: j, c)
            let line = elsewhere ? StrokeMatcher.loop(stroke.points, beginningNear: ink[0]) : stroke.points
            let end = line[line.count - 1]
            let alignment = Alignment(ink: ink, line: line, unit: c.unit)
            let reached = alignment.first[alignment.line.count - 1]
            // Only when the child got to the end at all.
            guard alignment.ink[reached].distance(to: end) <= c.corridor else { continue }
            var far = 0.0, farPoint = end
            for p in alignment.ink[reached...] {
                let d = p.distance(to: end)
                if d > far { far = d; farPoint = p }
            }
            if far > c.overshoot {
                errors.append(WritingError(code: .overshoot, stroke: j, at: c.page(farPoint), amount: far / c.unit,
                                           tip: c.overshootTip))
            }
        }
        return errors
    }
}
