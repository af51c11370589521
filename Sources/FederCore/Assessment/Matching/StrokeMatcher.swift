import Foundation

/// Which ink stroke was written for which glyph stroke, when nothing else tells (free writing).
struct StrokeMatch: Sendable, Equatable {
    /// Per glyph stroke: the ink stroke that best is that stroke, if any.
    var primary: [Int?]
    /// Per glyph stroke: every ink stroke drawn for it, in writing order (a stroke drawn in pieces).
    var pieces: [[Int]]
    /// Per ink stroke: the glyph stroke it belongs to; nil for ink that belongs to none.
    var owner: [Int?]
    /// Per glyph stroke: Fréchet distance of its primary ink walked forwards and backwards (glyph units).
    var distances: [(forward: Double, backward: Double)?]
    /// How badly the ink is explained as this letter's strokes (x-heights): the matched pairs'
    /// distances plus the price of everything left unmatched. Lower is better.
    var cost: Double

    static func == (a: StrokeMatch, b: StrokeMatch) -> Bool {
        a.primary == b.primary && a.pieces == b.pieces && a.owner == b.owner
    }
}

enum StrokeMatcher {
    /// One-to-one assignment of ink strokes to glyph strokes minimising the direction-free Fréchet
    /// distance, where leaving a glyph stroke unmatched costs ⅔ and an ink stroke ⅓ of
    /// `config.matchLimit` (so a pair is only worth matching below the limit). Exact over all
    /// assignments (dynamic programming over subsets; letters have at most a handful of strokes).
    /// Ink strokes left over that lie mostly along one glyph stroke become extra pieces of it.
    static func match(_ ink: [[Point]], glyph: Glyph, config: AssessmentConfig) -> StrokeMatch {
        let n = glyph.strokes.count, m = ink.count, unit = glyph.unit
        var pair = [[(forward: Double, backward: Double)]](repeating: [], count: m)
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: n), count: m)
        for i in 0..<m {
            for j in 0..<n {
                let d = Curves.frechetBothWays(ink[i], glyph.strokes[j].points, unit: unit)
                pair[i].append(d)
                cost[i][j] = min(d.forward, d.backward) / unit
            }
        }
        let skipGlyph = config.matchLimit * 2 / 3, skipInk = config.matchLimit / 3
        let owner: [Int?] = n <= 12
            ? exact(cost: cost, n: n, skipGlyph: skipGlyph, skipInk: skipInk, limit: config.matchLimit)
            : greedy(cost: cost, n: n, limit: config.matchLimit)

        var total = 0.0
        for (i, j) in owner.enumerated() { total += j.map { cost[i][$0] } ?? skipInk }
        total += Double(n - owner.compactMap { $0 }.count) * skipGlyph
        var primary = [Int?](repeating: nil, count: n)
        var distances = [(forward: Double, backward: Double)?](repeating: nil, count: n)
        for (i, j) in owner.enumerated() {
            if let j { primary[j] = i; distances[j] = pair[i][j] }
        }
        // Leftovers lying along a matched stroke: the child lifted the pen mid-stroke.
        var finalOwner = owner
        let band = config.corridor * unit
        for i in 0..<m where owner[i] == nil && !ink[i].isEmpty {
            var best: (j: Int, near: Double)?
            for j in 0..<n {
                let line = glyph.strokes[j].points
                let near = Double(ink[i].filter { Curves.distance($0, to: line) <= band }.count) / Double(ink[i].count)
                if near >= 0.7, near > (best?.near ?? 0) { best = (j, near) }
            }
            if let best { finalOwner[i] = best.j }
        }
        var pieces = [[Int]](repeating: [], count: n)
        for (i, j) in finalOwner.enumerated() { if let j { pieces[j].append(i) } }
        return StrokeMatch(primary: primary, pieces: pieces, owner: finalOwner, distances: distances, cost: total)
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
