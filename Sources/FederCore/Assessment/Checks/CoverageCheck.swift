import Foundation

/// "Part of the line not covered": walks every glyph stroke in small steps and asks whether any ink
/// passed within the cover radius. Uses all ink, so a line written in pieces or by another stroke
/// still counts as written. In free writing an uncovered stretch that the stroke's own ink runs
/// beside (`InkBesideLine`) is the letter's shape, not a missing piece.
enum CoverageCheck {
    /// The line is probed every this many x-heights (a sampling step, not a threshold).
    static let probeStep = 0.05
    /// A dot weighs in the overall coverage as much as this many x-heights of line.
    static let dotWeight = 0.2

    struct Result: Sendable {
        /// Per glyph stroke, the covered fraction of its length (a dot: 0 or 1).
        var fractions: [Double]
        /// Length-weighted over the letter (a dot weighs as much as 0.2 x-heights of line).
        var overall: Double
        var errors: [WritingError]
        /// Strokes with an uncovered stretch that ink runs beside (free writing): written, in the
        /// letter's own shape; neither a missing piece nor a missing stroke.
        var writtenBeside: Set<Int> = []
    }

    static func run(_ c: CheckContext) -> Result {
        var fractions: [Double] = [], weights: [Double] = [], errors: [WritingError] = [], writtenBeside: Set<Int> = []
        let segments = c.ink.filter { !$0.isEmpty }
        func covered(_ p: Point, within r: Double) -> Bool {
            for s in segments {
                if s.count == 1 { if p.distance(to: s[0]) <= r { return true }; continue }
                for i in 1..<s.count where Polyline.distanceToSegment(p, s[i - 1], s[i]).distance <= r { return true }
            }
            return false
        }
        for (j, stroke) in c.glyph.strokes.enumerated() {
            if stroke.isDot {
                let centre = Polyline.point(atArcLength: stroke.length / 2, in: stroke.points, cumulative: stroke.cumulative)
                let hit = covered(centre, within: max(c.coverRadius, c.config.dotCoverRadius * c.unit))
                fractions.append(hit ? 1 : 0)
                weights.append(dotWeight * c.unit)
                if !hit {
                    errors.append(WritingError(code: .missingStroke, stroke: j, at: c.page(centre), from: 0, to: 1,
                                               amount: 1, tip: Phrases.missingDot))
                }
                continue
            }
            let step = probeStep * c.unit
            let count = max(2, Int((stroke.length / step).rounded(.up)) + 1)
            let probes = Polyline.resample(stroke.points, count: count)
            let hits = probes.map { covered($0, within: c.coverRadius) }
            let fraction = Double(hits.filter { $0 }.count) / Double(count)
            fractions.append(fraction)
            weights.append(stroke.length)
            if fraction < c.config.missingStrokeCoverage {
                let middle = probes[count / 2]
                errors.append(WritingError(code: .missingStroke, stroke: j, at: c.page(middle), from: 0, to: 1,
                                           amount: 1 - fraction, tip: Phrases.missingStroke))
                continue
            }
            // Report each uncovered run long enough to matter (at most two per stroke, longest first).
            var runs: [(from: Int, to: Int)] = []
            var start: Int?
            for (k, hit) in hits.enumerated() {
                if !hit && start == nil { start = k }
                if (hit || k == count - 1), let s = start {
                    runs.append((s, hit ? k - 1 : k))
                    start = nil
                }
            }
            let spacing = stroke.length / Double(count - 1)
            let uncovered = runs.filter { Double($0.to - $0.from) * spacing >= c.config.minUncovered * c.unit }
            // Free writing: a stretch the stroke's own ink runs beside is its shape, not a missing piece.
            let beside = uncovered.isEmpty ? nil : InkBesideLine(stroke: j, c)
            let missing = uncovered.filter {
                !(beside?.runsBeside(from: Double($0.from) * spacing, to: Double($0.to) * spacing) ?? false)
            }
            if missing.count < uncovered.count { writtenBeside.insert(j) }
            let long = missing.sorted { ($0.to - $0.from) > ($1.to - $1.from) }.prefix(2)
            for run in long {
                let middle = probes[(run.from + run.to) / 2]
                errors.append(WritingError(code: .notCovered, stroke: j, at: c.page(middle),
                                           from: Double(run.from) / Double(count - 1), to: Double(run.to) / Double(count - 1),
                                           amount: Double(run.to - run.from) * spacing / c.unit, tip: Phrases.notCovered))
            }
        }
        let total = weights.reduce(0, +)
        let overall = total > 0 ? zip(fractions, weights).reduce(0) { $0 + $1.0 * $1.1 } / total : 0
        return Result(fractions: fractions, overall: overall, errors: errors, writtenBeside: writtenBeside)
    }
}
