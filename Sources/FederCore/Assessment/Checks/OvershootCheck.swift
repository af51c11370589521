import Foundation

/// "Overshot the end": ink that goes on past the end of a stroke, measured as the farthest the ink
/// gets from the end point after the alignment has reached it.
enum OvershootCheck {
    static func run(_ c: CheckContext) -> [WritingError] {
        var errors: [WritingError] = []
        for (j, stroke) in c.glyph.strokes.enumerated() where !stroke.isDot {
            let ink = c.joinedPieces(j)
            guard ink.count >= 2 else { continue }
            let alignment = Alignment(ink: ink, line: stroke.points, unit: c.unit)
            let reached = alignment.first[alignment.line.count - 1]
            // Only when the child got to the end at all.
            guard alignment.ink[reached].distance(to: stroke.end) <= c.corridor else { continue }
            var far = 0.0, farPoint = stroke.end
            for p in alignment.ink[reached...] {
                let d = p.distance(to: stroke.end)
                if d > far { far = d; farPoint = p }
            }
            if far > c.config.overshoot * c.unit {
                errors.append(WritingError(code: .overshoot, stroke: j, at: c.page(farPoint), amount: far / c.unit,
                                           tip: Phrases.overshoot))
            }
        }
        return errors
    }
}
