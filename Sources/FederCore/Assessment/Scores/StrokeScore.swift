import Foundation

/// One glyph stroke judged as the cursive peer (Scribble) does: shape 40, order 25, direction 20,
/// start 10, join 5, on a 0–100 scale. A part that does not apply (direction and start of a dot, the
/// join of an unjoined script) drops out and the others are scaled up to 100.
public struct StrokeScore: Sendable, Equatable, Codable {
    /// The glyph stroke (0-based).
    public var stroke: Int
    /// The child's strokes written for it, in writing order.
    public var inkStrokes: [Int]
    /// 1 − direction-free Fréchet distance / formTolerance (a dot: distance of the ink's centre).
    public var shape: Double
    /// 0 when written out of order (or missing), else 1.
    public var order: Double
    /// backward / (forward + backward) Fréchet distances: 1 drawn the right way, 0 reversed.
    public var direction: Double?
    /// 1 − distance of the first ink point from the start dot / (2 · start tolerance).
    public var start: Double?
    /// Entry/exit joins of joined scripts; nil for print.
    public var join: Double?
    /// 0–100.
    public var total: Double

    public static let weights = (shape: 40.0, order: 25.0, direction: 20.0, start: 10.0, join: 5.0)

    init(stroke: Int, inkStrokes: [Int], shape: Double, order: Double, direction: Double?, start: Double?, join: Double?) {
        self.stroke = stroke; self.inkStrokes = inkStrokes; self.shape = shape; self.order = order
        self.direction = direction; self.start = start; self.join = join
        let w = Self.weights
        let parts: [(Double, Double?)] = [(w.shape, shape), (w.order, order), (w.direction, direction), (w.start, start), (w.join, join)]
        let used = parts.filter { $0.1 != nil }
        total = 100 * used.reduce(0) { $0 + $1.0 * $1.1! } / used.reduce(0) { $0 + $1.0 }
    }
}

enum StrokeScoring {
    /// Free writing: the context with the ink written for glyph strokes the matcher left without
    /// any, found as the closest stretch of ink at any distance. The matcher takes a stretch of a
    /// longer stroke only within `joinLimit` (there it judges plan and start); a letter written in
    /// one go a little freer than that (an M in one line, its legs slanted) was judged by its shape
    /// and earned its stars, and its per-stroke scores must say how each stroke came out, not 0 as
    /// for a stroke never written. A stroke reported missing, a dot, and a stroke whose closest
    /// stretch is mostly ink of another stroke keep no ink. Ink that the matcher gave whole to a
    /// stroke it carries more than (a one-line a given to its bowl) is that stroke's only where that
    /// stroke's own stretch lies.
    static func findingUnmatched(_ c: CheckContext, errors: [WritingError]) -> CheckContext {
        var c = c
        // Per ink stroke, the samples other glyph strokes already own.
        var owned: [[ClosedRange<Int>]] = Array(repeating: [], count: c.ink.count)
        for (k, pieces) in c.pieces.enumerated() {
            for piece in pieces {
                let ink = c.ink[piece.stroke]
                let whole = piece.range == 0...(ink.count - 1)
                let own = whole && !c.glyph.strokes[k].isDot ? PartialFrechet.find(c.glyph.strokes[k].points, in: ink, unit: c.unit)?.range : nil
                owned[piece.stroke].append(own ?? piece.range)
            }
        }
        for (j, stroke) in c.glyph.strokes.enumerated()
        where c.pieces[j].isEmpty && !stroke.isDot && !errors.contains(where: { $0.code == .missingStroke && $0.stroke == j }) {
            var best: (i: Int, hit: PartialFrechet.Hit)?
            for (i, ink) in c.ink.enumerated() {
                guard let hit = PartialFrechet.find(stroke.points, in: ink, unit: c.unit),
                      hit.distance < best?.hit.distance ?? .infinity else { continue }
                // Ink that is another stroke's is not this one's too: an A's legs without their bar
                // leave the bar unwritten, however close a stretch of a leg lies to it.
                let taken = owned[i].map { range in
                    max(0, min(range.upperBound, hit.range.upperBound) - max(range.lowerBound, hit.range.lowerBound) + 1)
                }.reduce(0, +)
                if Double(taken) <= maxSharedInk * Double(hit.range.count) { best = (i, hit) }
            }
            if let best {
                c.pieces[j] = [InkPiece(stroke: best.i, range: best.hit.range)]
                owned[best.i].append(best.hit.range)
            }
        }
        return c
    }

    /// The share of a found stretch that may also be ink of another glyph stroke (where two strokes meet).
    static let maxSharedInk = 0.2

    static func score(_ c: CheckContext, errors: [WritingError]) -> [StrokeScore] {
        let unit = c.unit
        func flagged(_ code: ErrorCode, _ j: Int) -> Bool { errors.contains { $0.code == code && $0.stroke == j } }
        return c.glyph.strokes.enumerated().map { j, stroke in
            let ink = c.joinedPieces(j)
            let strokes = c.pieces[j].map(\.stroke).reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
            let joinScore = join(j, c: c, errors: errors)
            guard let first = ink.first else {
                return StrokeScore(stroke: j, inkStrokes: [], shape: 0, order: 0, direction: stroke.isDot ? nil : 0,
                                   start: stroke.isDot ? nil : 0, join: joinScore == nil ? nil : 0)
            }
            let order: Double = flagged(.strokeOrder, j) ? 0 : 1
            if stroke.isDot {
                let centre = Polyline.point(atArcLength: stroke.length / 2, in: stroke.points, cumulative: stroke.cumulative)
                let inkCentre = Polyline.bounds([ink])!.center
                let shape = clamp01(1 - inkCentre.distance(to: centre) / (c.config.formTolerance * unit))
                return StrokeScore(stroke: j, inkStrokes: strokes, shape: shape, order: order, direction: nil, start: nil, join: joinScore)
            }
            let d = Curves.frechetBothWays(ink, stroke.points, unit: unit)
            let shape = clamp01(1 - min(d.forward, d.backward) / (c.config.formTolerance * unit))
            let sum = d.forward + d.backward
            let direction = flagged(.reversed, j) ? 0 : (sum > 0 ? d.backward / sum : 1)
            let start = flagged(.wrongStart, j) ? 0 : clamp01(1 - first.distance(to: stroke.start) / (2 * c.startTolerance))
            return StrokeScore(stroke: j, inkStrokes: strokes, shape: shape, order: order, direction: direction,
                               start: start, join: joinScore)
        }
    }

    /// Joined scripts. A stroke of a word that carries joins: the share of them written without a
    /// join error (pen kept down, at the right height). Otherwise how close the first body stroke
    /// starts at the entry and the last body stroke ends at the exit (lifted dots and bars have none).
    private static func join(_ j: Int, c: CheckContext, errors: [WritingError]) -> Double? {
        let carried = c.glyph.joins.filter { $0.stroke == j }
        if !carried.isEmpty {
            let failed = Set(errors.filter { ($0.code == .missingJoin || $0.code == .joinHeight) && $0.stroke == j }.map(\.at))
            return clamp01(1 - Double(failed.count) / Double(carried.count))
        }
        let body = c.glyph.strokes.indices.filter { !c.glyph.strokes[$0].isLifted }
        let ink = c.joinedPieces(j)
        var parts: [Double] = []
        if j == body.first, let entry = c.glyph.entry { parts.append(ink.first.map { closeness($0, entry, c) } ?? 0) }
        if j == body.last, let exit = c.glyph.exit { parts.append(ink.last.map { closeness($0, exit, c) } ?? 0) }
        return parts.isEmpty ? nil : parts.reduce(0, +) / Double(parts.count)
    }

    private static func closeness(_ p: Point, _ target: Point, _ c: CheckContext) -> Double {
        clamp01(1 - p.distance(to: target) / (2 * c.startTolerance))
    }
}

extension StrokeScore {
    /// The same score with its ink strokes numbered in other ink (`stored[k]` is stroke k's place there).
    func numberingInk(_ stored: [Int]) -> StrokeScore {
        var score = self
        score.inkStrokes = inkStrokes.map { stored[$0] }
        return score
    }
}
