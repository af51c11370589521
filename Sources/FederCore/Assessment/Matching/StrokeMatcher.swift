import Foundation

/// Which ink stroke was written for which glyph stroke, when nothing else tells (free writing).
struct StrokeMatch: Sendable, Equatable {
    /// Per glyph stroke: the ink stroke that best is that stroke, if any.
    var primary: [Int?]
    /// Per glyph stroke: the ink drawn for it, in writing order (a stroke drawn in pieces; a stretch of
    /// a longer ink stroke when strokes were joined without lifting the pen).
    var pieces: [[InkPiece]]
    /// Per ink stroke: the glyph stroke it belongs to; nil for ink that belongs to none.
    var owner: [Int?]
    /// Per glyph stroke: Fréchet distance of its primary ink (or stretch of it) walked forwards and
    /// backwards (glyph units).
    var distances: [(forward: Double, backward: Double)?]
    /// Glyph strokes written in one go with another (found as a stretch of an ink stroke that also
    /// carries another glyph stroke): `joinedStrokes` errors.
    var joined: [Int] = []
    /// How badly the ink is explained as this letter's strokes (x-heights): the matched pairs'
    /// distances plus the price of everything left unmatched. Lower is better.
    var cost: Double

    static func == (a: StrokeMatch, b: StrokeMatch) -> Bool {
        a.primary == b.primary && a.pieces == b.pieces && a.owner == b.owner
    }

    /// The first ink point written for glyph stroke `j`.
    func firstPoint(of j: Int, in ink: [[Point]]) -> Point? {
        guard let piece = pieces[j].first(where: { $0.stroke == primary[j] }) ?? pieces[j].first else { return nil }
        return ink[piece.stroke][piece.range.lowerBound]
    }

    /// The primary ink written for glyph stroke `j` (a whole ink stroke, or the stretch of it).
    func primaryPoints(of j: Int, in ink: [[Point]]) -> [Point]? {
        guard let i = primary[j], let piece = pieces[j].first(where: { $0.stroke == i }) else { return nil }
        return Array(ink[i][piece.range])
    }
}

enum StrokeMatcher {
    /// The stretch of an ink stroke written for `line` (strokes joined without lifting the pen), if
    /// one lies within `joinLimit` of it. The line may first be moved as a whole by up to `joinShift`
    /// onto the stretch: a stem written slanted inside a one-stroke a lies off the upright stem by
    /// its slant at both ends, not in its shape, and is still the stem.
    ///
    /// `lean`: how far the writing leans against the glyph (tan of the slant's difference). A
    /// letter written in one line and slanted by more than the move can make up (a one-stroke M at
    /// 11°: its stem's top lies 0.4 x-heights right of the upright stem's) has its strokes found in
    /// the line leaning as the writing does, when they are not found upright.
    static func stretch(of line: [Point], in ink: [Point], unit: Double, config: AssessmentConfig, lean: Double = 0) -> PartialFrechet.Hit? {
        if let hit = stretchAsDrawn(line, in: ink, unit: unit, config: config) { return hit }
        guard lean != 0, line.count >= 2 else { return nil }
        let middle = line.map(\.y).reduce(0, +) / Double(line.count)
        return stretchAsDrawn(line.map { Point($0.x + lean * (middle - $0.y), $0.y) }, in: ink, unit: unit, config: config)
    }

    /// The slant beyond which strokes are also looked for leaning (degrees), and the most they lean.
    static let leanFrom = 4.0, leanAtMost = 25.0

    /// tan of the writing's slant against the glyph's, 0 below `leanFrom` or where either is not measured.
    static func lean(of ink: [[Point]], glyph: Glyph) -> Double {
        guard let written = Slant.degrees(ink, unit: glyph.unit),
              let own = Slant.degrees(glyph.strokes.filter { !$0.isDot }.map(\.points), unit: glyph.unit) else { return 0 }
        let difference = written - own
        guard abs(difference) >= leanFrom else { return 0 }
        return tan(min(max(difference, -leanAtMost), leanAtMost) * .pi / 180)
    }

    private static func stretchAsDrawn(_ line: [Point], in ink: [Point], unit: Double, config: AssessmentConfig) -> PartialFrechet.Hit? {
        let limit = config.joinLimit * unit
        guard let hit = PartialFrechet.find(line, in: ink, unit: unit) else { return nil }
        if hit.distance <= limit { return hit }
        let shift = centre(Array(ink[hit.range])) - centre(line)
        guard shift.length <= config.joinShift * unit,
              let moved = PartialFrechet.find(line.map { $0 + shift }, in: ink, unit: unit), moved.distance <= limit else { return nil }
        return moved
    }

    /// Fréchet distances of the ink walked forwards and backwards along the stroke. A closed loop is
    /// also read as begun where the ink begins (an O begun at its bottom and drawn round is an O, with
    /// its start in the wrong place, not an O drawn from the top with half of it left over), and the
    /// closer reading is kept.
    static func distances(_ ink: [Point], _ stroke: GlyphStroke, unit: Double) -> (forward: Double, backward: Double) {
        let d = Curves.frechetBothWays(ink, stroke.points, unit: unit)
        guard stroke.isClosed, let first = ink.first else { return d }
        let turned = Curves.frechetBothWays(ink, loop(stroke.points, beginningNear: first), unit: unit)
        return min(turned.forward, turned.backward) < min(d.forward, d.backward) ? turned : d
    }

    /// A closed line begun at its vertex nearest `p` and walked round in the same direction.
    static func loop(_ line: [Point], beginningNear p: Point) -> [Point] {
        guard line.count > 2, let k = line.indices.min(by: { line[$0].distance(to: p) < line[$1].distance(to: p) }),
              k > 0, k < line.count - 1 else { return line }
        return Array(line[k...]) + Array(line[1...k])
    }

    /// The mean of points spread evenly along the polyline.
    private static func centre(_ points: [Point]) -> Point {
        let even = Polyline.resample(points, count: 32)
        return even.reduce(Point.zero, +) * (1 / Double(max(even.count, 1)))
    }

    /// One-to-one assignment of ink strokes to glyph strokes minimising the direction-free Fréchet
    /// distance, where leaving a glyph stroke unmatched costs ⅔ and an ink stroke ⅓ of
    /// `config.matchLimit` (so a pair is only worth matching below the limit). Exact over all
    /// assignments (dynamic programming over subsets; letters have at most a handful of strokes).
    /// Ink strokes left over that lie mostly along one glyph stroke become extra pieces of it. A touch
    /// (ink shorter than `config.minOffRun`) is matched only to a dot, and is otherwise nobody's.
    static func match(_ ink: [[Point]], glyph: Glyph, config: AssessmentConfig) -> StrokeMatch {
        let n = glyph.strokes.count, m = ink.count, unit = glyph.unit
        var pair = [[(forward: Double, backward: Double)]](repeating: [], count: m)
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: n), count: m)
        // A touch (ink shorter than `minOffRun`: the pen set down and lifted) can be a dot, never a
        // line: taken for a stem or a bowl it would judge the whole stroke's start and order by it.
        let touch = ink.map { Polyline.length($0) < config.minOffRun * unit }
        for i in 0..<m {
            for j in 0..<n {
                let d = distances(ink[i], glyph.strokes[j], unit: unit)
                pair[i].append(d)
                cost[i][j] = touch[i] && !glyph.strokes[j].isDot ? .infinity : min(d.forward, d.backward) / unit
            }
        }
        let skipGlyph = config.matchLimit * 2 / 3, skipInk = config.matchLimit / 3
        let owner: [Int?] = n <= 12
            ? exact(cost: cost, n: n, skipGlyph: skipGlyph, skipInk: skipInk, limit: config.matchLimit)
            : greedy(cost: cost, n: n, limit: config.matchLimit)

        var total = 0.0
        for (i, j) in owner.enumerated() { total += j.map { cost[i][$0] } ?? skipInk }
        var primary = [Int?](repeating: nil, count: n)
        var distances = [(forward: Double, backward: Double)?](repeating: nil, count: n)
        var pieces = [[InkPiece]](repeating: [], count: n)
        for (i, j) in owner.enumerated() {
            if let j, !ink[i].isEmpty {
                primary[j] = i; distances[j] = pair[i][j]
                pieces[j] = [InkPiece(stroke: i, range: 0...(ink[i].count - 1))]
            }
        }
        // Strokes joined without lifting the pen: a glyph stroke left over may be a stretch of an ink
        // stroke (one-stroke a: its stem follows the bowl). Then every glyph stroke that ink carries
        // gets just its own stretch, so that shape, start and direction are judged on that stretch.
        var joined: [Int] = []
        var finalOwner = owner
        let leftOver = (0..<n).contains { primary[$0] == nil && !glyph.strokes[$0].isDot }
        let lean = leftOver ? Self.lean(of: ink, glyph: glyph) : 0
        // Strokes found here keep the stretch found (moved or leaning as the writing leans): looked
        // for again upright as a stroke the next one is joined to, a leaning stem was replaced by the
        // upright line's closest stretch at any distance.
        var foundAsStretch = Set<Int>()
        for j in 0..<n where primary[j] == nil && !glyph.strokes[j].isDot {
            var best: (i: Int, hit: PartialFrechet.Hit)?
            for i in 0..<m {
                guard let hit = stretch(of: glyph.strokes[j].points, in: ink[i], unit: unit, config: config, lean: lean) else { continue }
                if hit.distance < best?.hit.distance ?? .infinity { best = (i, hit) }
            }
            guard let (i, hit) = best else { continue }
            let carried = (0..<n).filter { primary[$0] == i }
            primary[j] = i
            distances[j] = (hit.forward, hit.backward)
            pieces[j] = [InkPiece(stroke: i, range: hit.range)]
            foundAsStretch.insert(j)
            if finalOwner[i] == nil { finalOwner[i] = j; total -= skipInk }
            total += hit.distance / unit
            if carried.isEmpty { continue }
            joined.append(j)
            for k in carried where !glyph.strokes[k].isDot && !foundAsStretch.contains(k) {
                guard let own = PartialFrechet.find(glyph.strokes[k].points, in: ink[i], unit: unit),
                      own.distance < min(pair[i][k].forward, pair[i][k].backward) else { continue }
                pieces[k] = [InkPiece(stroke: i, range: own.range)]
                distances[k] = (own.forward, own.backward)
            }
        }
        total += Double(primary.filter { $0 == nil }.count) * skipGlyph
        // Leftovers lying along a matched stroke: the child lifted the pen mid-stroke.
        let band = config.corridor * unit
        for i in 0..<m where finalOwner[i] == nil && !ink[i].isEmpty && !touch[i] {
            var best: (j: Int, near: Double)?
            for j in 0..<n {
                let line = glyph.strokes[j].points
                let near = Double(ink[i].filter { Curves.distance($0, to: line) <= band }.count) / Double(ink[i].count)
                if near >= config.leftoverOnLineShare, near > (best?.near ?? 0) { best = (j, near) }
            }
            if let best {
                finalOwner[i] = best.j
                pieces[best.j].append(InkPiece(stroke: i, range: 0...(ink[i].count - 1)))
                pieces[best.j].sort { ($0.stroke, $0.range.lowerBound) < ($1.stroke, $1.range.lowerBound) }
            }
        }
        return StrokeMatch(primary: primary, pieces: pieces, owner: finalOwner, distances: distances, joined: joined, cost: total)
    }

    /// Minimum-cost partial assignment by dynamic programming over (ink stroke, used glyph strokes).
    private static func exact(cost: [[Double]], n: Int, skipGlyph: Double, skipInk: Double, limit: Double) -> [Int?] {
        let m = cost.count, masks = 1 << n
        // best[i][mask]: least cost for ink strokes i..<m given glyph strokes in mask are taken.
        var best = [[Double]](repeating: [Double](repeating: 0, count: masks), count: m + 1)
        var choice = [[Int]](repeating: [Int](repeating: -1, count: masks), count: m + 1)
        for mask in 0..<masks { best[m][mask] = Double(n - mask.nonzeroBitCount) * skipGlyph }
        for i in stride(from: m - 1, through: 0, by: -1) {
            for mask in 0..<masks {
                var value = best[i + 1][mask] + skipInk, pick = -1
                for j in 0..<n where mask & (1 << j) == 0 && cost[i][j] < limit {
                    let v = best[i + 1][mask | (1 << j)] + cost[i][j]
                    if v < value - 1e-12 { value = v; pick = j }
                }
                best[i][mask] = value
                choice[i][mask] = pick
            }
        }
        var owner = [Int?](repeating: nil, count: m)
        var mask = 0
        for i in 0..<m {
            let j = choice[i][mask]
            if j >= 0 { owner[i] = j; mask |= 1 << j }
        }
        return owner
    }

    /// Cheapest pairs first; only for glyphs with very many strokes.
    private static func greedy(cost: [[Double]], n: Int, limit: Double) -> [Int?] {
        var pairs: [(i: Int, j: Int, c: Double)] = []
        for (i, row) in cost.enumerated() { for (j, c) in row.enumerated() where c < limit { pairs.append((i, j, c)) } }
        pairs.sort { $0.c < $1.c }
        var owner = [Int?](repeating: nil, count: cost.count)
        var taken = Set<Int>()
        for p in pairs where owner[p.i] == nil && !taken.contains(p.j) {
            owner[p.i] = p.j
            taken.insert(p.j)
        }
        return owner
    }
}
