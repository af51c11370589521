import Foundation

/// "Left the corridor": the worst stretch of a piece of ink that runs farther than the corridor
/// from its line. Stretches that begin at the piece's first point or end at its last are left to
/// the start and overshoot checks, and stretches shorter than `minOffRun` are noise.
enum CorridorCheck {
    /// The farthest point of the worst excursion from the nearest of `lines`: its index in `points`
    /// and its distance.
    static func worstExcursion(_ points: ArraySlice<Point>, lines: [[Point]], band: Double, minRun: Double) -> (index: Int, distance: Double)? {
        guard points.count >= 3 else { return nil }
        var worst: (index: Int, distance: Double)?
        var runStart: Int?, runLength = 0.0, runPeak = (index: 0, distance: 0.0)
        let first = points.startIndex, last = points.endIndex - 1
        for i in points.indices {
            var d = Double.infinity
            for line in lines { d = min(d, Curves.distance(points[i], to: line)) }
            if d > band {
                if runStart == nil { runStart = i; runLength = 0; runPeak = (i, d) }
                if i > first && runStart! < i { runLength += points[i - 1].distance(to: points[i]) }
                if d > runPeak.distance { runPeak = (i, d) }
            }
            if d <= band || i == last, let s = runStart {
                let touchesEnd = d > band && i == last
                if s != first && !touchesEnd && runLength >= minRun && runPeak.distance > (worst?.distance ?? 0) {
                    worst = runPeak
                }
                runStart = nil
            }
        }
        return worst
    }

    /// One error per glyph stroke at most: its worst excursion over all its pieces.
    static func run(_ c: CheckContext) -> [WritingError] {
        var errors: [WritingError] = []
        for (j, stroke) in c.glyph.strokes.enumerated() where !stroke.isDot {
            var worst: (piece: InkPiece, index: Int, distance: Double)?
            for piece in c.pieces[j] {
                if let e = worstExcursion(c.points(piece), lines: [stroke.points], band: c.corridor, minRun: c.config.minOffRun * c.unit),
                   e.distance > (worst?.distance ?? 0) {
                    worst = (piece, e.index, e.distance)
                }
            }
            if let worst {
                errors.append(WritingError(code: .leftCorridor, stroke: j, inkStroke: worst.piece.stroke,
                                           at: c.page(c.ink[worst.piece.stroke][worst.index]), amount: worst.distance / c.unit,
                                           tip: Phrases.leftCorridorFree))
            }
        }
        return errors
    }
}
