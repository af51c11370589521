import Foundation

/// Joined scripts (words of the Schulschrift): the joins between letters, as Scribble's join score
/// judges them. A join is missing when the pen was lifted where the word is joined (the ink at the
/// end of one letter and at the start of the next belongs to different strokes); it is at the wrong
/// height when the ink between them runs clearly above or below the connecting line (a high join
/// after o written along the baseline); and a dot or bar is early when it was written before the
/// last ink of the joined part. Does nothing for glyphs without joins or lifted parts.
enum JoinCheck {
    static func run(_ c: CheckContext) -> [WritingError] {
        guard c.glyph.joinedScript else { return [] }
        let owners = liftedOwners(c)
        return joins(c, owners: owners) + earlyLiftedParts(c, owners: owners)
    }

    /// The joins, judged on the ink of the body only (a t-bar crosses the place where a high join
    /// arrives at the t, and must not count as the ink there).
    static func joins(_ c: CheckContext, owners: [Int?]) -> [WritingError] {
        var errors: [WritingError] = []
        let unit = c.unit
        let bodyInk = c.ink.enumerated().map { k, points in owners[k] == nil ? points : [] }
        for join in c.glyph.joins {
            let stroke = c.glyph.strokes[join.stroke]
            let exit = Polyline.point(atArcLength: join.startArc, in: stroke.points, cumulative: stroke.cumulative)
            let entry = Polyline.point(atArcLength: join.endArc, in: stroke.points, cumulative: stroke.cumulative)
            let middle = Polyline.point(atArcLength: (join.startArc + join.endArc) / 2, in: stroke.points, cumulative: stroke.cumulative)
            // Not written near the letters' ends at all: the coverage check names that.
            guard let a = nearest(to: exit, in: bodyInk), let b = nearest(to: entry, in: bodyInk),
                  a.distance <= c.corridor, b.distance <= c.corridor else { continue }
            if a.stroke != b.stroke {
                errors.append(WritingError(code: .missingJoin, stroke: join.stroke, inkStroke: b.stroke, at: c.page(middle),
                                           amount: exit.distance(to: entry) / unit, tip: Phrases.joinMissing))
                continue
            }
            guard a.index < b.index else { continue } // written backwards: the direction check names that
            let ink = Array(c.ink[a.stroke][a.index...b.index])
            let line = Curves.stretch(stroke.points, cumulative: stroke.cumulative, from: join.startArc, to: join.endArc)
            guard let inkHeight = meanY(ink), let lineHeight = meanY(line) else { continue }
            let off = (inkHeight - lineHeight) / unit
            if abs(off) > c.config.joinHeightTolerance {
                errors.append(WritingError(code: .joinHeight, stroke: join.stroke, inkStroke: a.stroke, at: c.page(middle),
                                           amount: abs(off), tip: off > 0 ? Phrases.joinHigher : Phrases.joinLower))
            }
        }
        return errors
    }

    /// Per ink stroke, the lifted part (dot, bar, cross) it was written for: mostly on that part's line
    /// and nearer to it than to the body (an i-dot lies within the corridor of the i's stem too); nil
    /// for ink of the body.
    static func liftedOwners(_ c: CheckContext) -> [Int?] {
        let body = c.glyph.strokes.filter { !$0.isLifted }.map(\.points)
        let liftedIndices = c.glyph.strokes.indices.filter { c.glyph.strokes[$0].isLifted }
        guard !body.isEmpty, !liftedIndices.isEmpty else { return c.ink.map { _ in nil } }
        return c.ink.map { ink in
            let toBody = meanDistance(ink, to: body)
            return liftedIndices.first { j in
                let line = [c.glyph.strokes[j].points]
                return share(of: ink, near: line, within: c.corridor) >= c.config.liftedPartShare && meanDistance(ink, to: line) < toBody
            }
        }
    }

    /// Dots, bars and the x cross belong after the joined part: flags each one written earlier.
    static func earlyLiftedParts(_ c: CheckContext, owners: [Int?]) -> [WritingError] {
        let body = c.glyph.strokes.filter { !$0.isLifted }.map(\.points)
        guard !body.isEmpty, owners.contains(where: { $0 != nil }) else { return [] }
        let lastBodyInk = c.ink.indices.last { k in owners[k] == nil && share(of: c.ink[k], near: body, within: c.corridor) >= c.config.bodyInkShare }
        guard let lastBodyInk else { return [] }
        var errors: [WritingError] = []
        for (j, stroke) in c.glyph.strokes.enumerated() where stroke.isLifted {
            guard let k = c.ink.indices.first(where: { owners[$0] == j }), k < lastBodyInk else { continue }
            let centre = Polyline.point(atArcLength: stroke.length / 2, in: stroke.points, cumulative: stroke.cumulative)
            errors.append(WritingError(code: .liftedTooEarly, stroke: j, inkStroke: k, at: c.page(centre),
                                       tip: Phrases.joinLiftedLast))
        }
        return errors
    }

    static func nearest(to p: Point, in ink: [[Point]]) -> (stroke: Int, index: Int, distance: Double)? {
        var best: (stroke: Int, index: Int, distance: Double)?
        for (k, stroke) in ink.enumerated() {
            for (i, q) in stroke.enumerated() {
                let d = q.distance(to: p)
                if d < (best?.distance ?? .infinity) { best = (k, i, d) }
            }
        }
        return best
    }

    static func share(of points: [Point], near lines: [[Point]], within radius: Double) -> Double {
        guard !points.isEmpty else { return 0 }
        let near = points.filter { p in lines.contains { Curves.distance(p, to: $0) <= radius } }.count
        return Double(near) / Double(points.count)
    }

    static func meanDistance(_ points: [Point], to lines: [[Point]]) -> Double {
        guard !points.isEmpty else { return .infinity }
        return points.reduce(0) { sum, p in sum + (lines.map { Curves.distance(p, to: $0) }.min() ?? .infinity) } / Double(points.count)
    }

    static func meanY(_ points: [Point]) -> Double? {
        points.isEmpty ? nil : points.reduce(0) { $0 + $1.y } / Double(points.count)
    }
}
