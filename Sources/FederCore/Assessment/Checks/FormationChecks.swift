import Foundation

/// Start, direction, order and stray ink for free writing, from the stroke match.
enum FormationChecks {
    static func run(_ c: CheckContext, match: StrokeMatch) -> [WritingError] {
        var errors: [WritingError] = []
        let unit = c.unit
        for (j, stroke) in c.glyph.strokes.enumerated() where !stroke.isDot {
            // Where the child began the line: the first ink written for it, also when it was written in
            // pieces (a 2 begun in its middle, its hook added afterwards, is no stroke matched whole).
            guard let began = match.pieces[j].first else { continue }
            let first = c.ink[began.stroke][began.range.lowerBound]
            let offset = first.distance(to: stroke.start)
            var reversed: WritingError?
            if let i = match.primary[j], let start = match.firstPoint(of: j, in: c.ink), let d = match.distances[j],
               isReversed(d, config: c.config, unit: unit) {
                reversed = WritingError(code: .reversed, stroke: j, inkStroke: i, at: c.page(start),
                                        amount: (d.forward - d.backward) / unit, tip: Phrases.reversedFree)
            }
            if offset > c.startTolerance, wroteLineBefore(first, stroke: j, c) {
                // A line drawn the other way round begins at its far end. Where that end lies at the
                // height the start tip names ("Fang in der Mitte an." for a bar begun on the right,
                // "Fang unten an." for an M begun at its other foot) the tip tells the child to do
                // what it did: it hears the direction tip instead (the record keeps both errors).
                let samePlace = Phrases.startPlace(of: first, in: c.glyph, config: c.config)
                    == Phrases.startPlace(of: stroke.start, in: c.glyph, config: c.config)
                let tip = reversed != nil && samePlace
                    ? Phrases.reversedFree : Phrases.startTip(for: stroke, in: c.glyph, config: c.config, free: true)
                errors.append(WritingError(code: .wrongStart, stroke: j, inkStroke: began.stroke, at: c.page(stroke.start),
                                           amount: offset / unit, tip: tip))
            }
            if let reversed { errors.append(reversed) }
        }
        errors += order(c, match: match)
        for j in match.joined {
            guard let i = match.primary[j], let start = match.firstPoint(of: j, in: c.ink) else { continue }
            errors.append(WritingError(code: .joinedStrokes, stroke: j, inkStroke: i, at: c.page(start), tip: Phrases.joinedStrokes))
        }
        for (i, owner) in match.owner.enumerated() where owner == nil {
            let points = c.ink[i]
            guard Polyline.length(points) >= c.config.minOffRun * unit, let box = Polyline.bounds([points]) else { continue }
            errors.append(WritingError(code: .extraStroke, stroke: nil, inkStroke: i, at: c.page(box.center),
                                       amount: Polyline.length(points) / unit, tip: Phrases.extraStroke))
        }
        return errors
    }

    /// Strokes that no ink was found for — neither a whole ink stroke, nor a stretch of one, nor
    /// pieces along it — and of which coverage said nothing, because other ink passes over them: a
    /// bar another line only crosses (a 7's or an f's bar, a Q's tail), an umlaut's second dot next
    /// to the first. A line that ink runs along (within `alongAngle` of its direction) for at least
    /// `writtenAlongShare` of its length was written, joined to another stroke in a way the matcher
    /// did not find. Where coverage already named a missing piece, that stays what the child hears:
    /// on real letters such a line was as often there in another shape as missing. So does a line
    /// with ink running beside it where it is uncovered (`InkBesideLine`): written,
    /// in another shape.
    static func unwritten(_ c: CheckContext, match: StrokeMatch, coverage: CoverageCheck.Result) -> Set<Int> {
        let named = Set(coverage.errors.compactMap(\.stroke)).union(coverage.writtenBeside)
        return Set(c.glyph.strokes.indices.filter { j in
            guard match.pieces[j].isEmpty, !named.contains(j) else { return false }
            let stroke = c.glyph.strokes[j]
            return stroke.isDot || alongShare(stroke, c) < c.config.writtenAlongShare
        })
    }

    /// The share of a line that ink runs along: probes every `CoverageCheck.probeStep` with an ink
    /// segment within the cover radius that points the line's way (either sense).
    static func alongShare(_ stroke: GlyphStroke, _ c: CheckContext) -> Double {
        let count = max(3, Int((stroke.length / (CoverageCheck.probeStep * c.unit)).rounded(.up)) + 1)
        let probes = Polyline.resample(stroke.points, count: count)
        let cosine = cos(c.config.alongAngle * .pi / 180)
        var along = 0
        for k in probes.indices {
            let a = probes[max(k - 1, 0)], b = probes[min(k + 1, count - 1)]
            let t = b - a, tl = t.length
            guard tl > 0 else { continue }
            let hit = c.ink.contains { points in
                points.indices.dropFirst().contains { i in
                    let u = points[i] - points[i - 1], ul = u.length
                    guard ul > 0, Polyline.distanceToSegment(probes[k], points[i - 1], points[i]).distance <= c.coverRadius else { return false }
                    return abs(t.dot(u)) >= cosine * tl * ul
                }
            }
            if hit { along += 1 }
        }
        return Double(along) / Double(count)
    }

    /// Whether the ink also wrote the line before the place stroke `j` began: an O begun at the
    /// bottom and drawn round, a stem begun in the middle and finished upwards, a leg begun half way
    /// down and retraced up to the apex, a stem written upwards. Only then did the stroke start at
    /// the wrong place. A stroke begun on its line after the start dot with the line before it left
    /// unwritten is a shorter stroke begun at its beginning (a stem begun below its top, an S without
    /// the start of its hook, a 1 written as a bar without its flag): a missing piece of line
    /// (`notCovered` when it is long enough to matter), not another plan. The ink that counts is the
    /// stroke's own and ink no stroke was found in (a retrace); another stroke's ink only meets this
    /// one (a B's bowl leaving its stem's top, a 5's bar) and does not write it. On held-out real
    /// letters most wrong starts were of the first kind (docs/ASSESSMENT.md §9, "A start is wrong
    /// only where the line before it was written").
    static func wroteLineBefore(_ first: Point, stroke j: Int, _ c: CheckContext) -> Bool {
        let stroke = c.glyph.strokes[j]
        let began = Polyline.nearest(to: first, on: stroke.points, cumulative: stroke.cumulative).arcLength
        // The line up to one start tolerance before that place: what lies nearer is the start's own slack.
        let before = began - c.startTolerance
        guard before > 0 else { return false }
        let ink = inkNotOfOtherStrokes(j, c)
        let count = max(2, Int((before / (CoverageCheck.probeStep * c.unit)).rounded(.up)) + 1)
        let probes = Polyline.resample(Curves.stretch(stroke.points, cumulative: stroke.cumulative, from: 0, to: before), count: count)
        let written = probes.filter { p in ink.contains { Curves.distance(p, to: $0) <= c.coverRadius } }.count
        return Double(written) >= c.config.startLineWrittenShare * Double(count)
    }

    /// The ink without the pieces in which the other glyph strokes were found, as runs of points.
    static func inkNotOfOtherStrokes(_ j: Int, _ c: CheckContext) -> [[Point]] {
        var taken = c.ink.map { [Bool](repeating: false, count: $0.count) }
        for (k, pieces) in c.pieces.enumerated() where k != j {
            for piece in pieces { for i in piece.range { taken[piece.stroke][i] = true } }
        }
        var runs: [[Point]] = []
        for (s, points) in c.ink.enumerated() {
            var run: [Point] = []
            for (i, p) in points.enumerated() {
                if taken[s][i] {
                    if !run.isEmpty { runs.append(run); run = [] }
                } else {
                    run.append(p)
                }
            }
            if !run.isEmpty { runs.append(run) }
        }
        return runs
    }

    /// Reversed: walking the ink backwards fits the line clearly better than forwards.
    static func isReversed(_ d: (forward: Double, backward: Double), config: AssessmentConfig, unit: Double) -> Bool {
        d.forward - d.backward > config.reversedDistance * unit && d.backward < config.reversedFitRatio * d.forward
    }

    /// Strokes written out of order: those outside the longest run of matched strokes whose glyph
    /// order rises with the writing order (so one early stroke is one error, not a cascade).
    static func order(_ c: CheckContext, match: StrokeMatch) -> [WritingError] {
        // Matched glyph strokes in writing order (strokes joined in one ink stroke by where they begin in it).
        let written: [(ink: Int, at: Int, glyph: Int)] = match.primary.enumerated()
            .compactMap { j, i in
                guard let i, let piece = match.pieces[j].first(where: { $0.stroke == i }) else { return nil }
                return (ink: i, at: piece.range.lowerBound, glyph: j)
            }
            .sorted { ($0.ink, $0.at) < ($1.ink, $1.at) }
        let keep = Set(longestIncreasing(written.map(\.glyph)))
        let firstLate = (written.first.map { $0.glyph != 0 } ?? false) && written.contains { $0.glyph == 0 }
        let tip = Phrases.orderTip(firstStrokeLate: firstLate, in: c.glyph, free: true)
        return written.enumerated().compactMap { position, pair in
            guard !keep.contains(position), let start = match.firstPoint(of: pair.glyph, in: c.ink) else { return nil }
            return WritingError(code: .strokeOrder, stroke: pair.glyph, inkStroke: pair.ink, at: c.page(start), tip: tip)
        }
    }

    /// Positions of one longest strictly increasing subsequence (O(n²); n is tiny).
    static func longestIncreasing(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var length = [Int](repeating: 1, count: values.count), previous = [Int](repeating: -1, count: values.count)
        for i in values.indices {
            for k in 0..<i where values[k] < values[i] && length[k] + 1 > length[i] {
                length[i] = length[k] + 1
                previous[i] = k
            }
        }
        var i = length.indices.max { length[$0] < length[$1] || (length[$0] == length[$1] && $0 > $1) }!
        var out: [Int] = []
        while i >= 0 { out.append(i); i = previous[i] }
        return out.reversed()
    }
}
