import Foundation

/// The checks run on one traced stroke as soon as the pen lifts (guided), knowing from the tracker
/// which glyph stroke the child was meant to trace: a later stroke traced first, reversed, wrong
/// start, and leaving the corridor. The same function judges replayed ink, so live tips and the
/// stored record agree.
enum GuidedStrokeCheck {
    /// The start is judged for a fresh stroke, and also for the first try at a stroke whose first
    /// checkpoint the line just traced already grazed.
    static func run(ink: [Point], inkStroke k: Int, in trace: GuidedTrace, config: AssessmentConfig) -> [WritingError] {
        let context = trace.contexts[k], glyph = trace.glyph, tolerance = trace.tolerance
        let j = context.aimedStroke, n = glyph.strokes.count, unit = glyph.unit
        guard j < n, let first = ink.first else { return [] }
        let stroke = glyph.strokes[j]
        let band = tolerance.nearBand * unit
        let ownHits = context.hits.filter { $0.stroke == j }
        let lastCheckpoint = trace.tracker.guides.checkpoints[j].count - 1
        let advanced = trace.advanced(j, by: context)
        let firstTry = trace.isFirstTry(k)
        let inkStroke = k
        var errors: [WritingError] = []

        if !advanced, let other = laterStrokeTraced(ink, aimed: j, glyph: glyph, band: band, config: config) {
            return [WritingError(code: .strokeOrder, stroke: other, inkStroke: inkStroke, at: first,
                                 tip: Phrases.orderTip(firstStrokeLate: j == 0, in: glyph))]
        }
        if !stroke.isDot && !ownHits.contains(where: { $0.checkpoint == lastCheckpoint }) {
            let p = Curves.progress(of: ink, along: stroke.points, cumulative: stroke.cumulative, band: band, maxStep: band)
            if p.near >= config.reversedNearShare && p.backward > config.reversedBackwardFactor * p.forward
                && p.backward > config.reversedDistance * unit {
                errors.append(WritingError(code: .reversed, stroke: j, inkStroke: inkStroke, at: first,
                                           amount: p.backward / unit, tip: Phrases.reversed))
            }
        }
        let offset = first.distance(to: stroke.start)
        if !stroke.isDot && (context.checkpointAtDown == 0 || firstTry) && offset > config.wrongStartRadii * tolerance.radius * unit {
            errors.append(WritingError(code: .wrongStart, stroke: j, inkStroke: inkStroke, at: stroke.start,
                                       amount: offset / unit, tip: Phrases.startTip(for: stroke, in: glyph, config: config)))
        }
        if !errors.isEmpty { return errors }
        if let e = offLine(ink, inkStroke: inkStroke, context: context, glyph: glyph, band: band,
                           minRun: config.minOffRun * unit) {
            errors.append(e)
        }
        return errors
    }

    /// The later glyph stroke this ink fits clearly better than the one it was meant for, if any.
    private static func laterStrokeTraced(_ ink: [Point], aimed j: Int, glyph: Glyph, band: Double,
                                          config: AssessmentConfig) -> Int? {
        let unit = glyph.unit
        let own = Curves.frechetBothWays(ink, glyph.strokes[j].points, unit: unit)
        let ownDistance = min(own.forward, own.backward)
        var best: (k: Int, distance: Double)?
        for k in glyph.strokes.indices where k > j {
            let d = Curves.frechetBothWays(ink, glyph.strokes[k].points, unit: unit)
            let distance = min(d.forward, d.backward)
            if distance <= config.laterStrokeBands * band, distance < config.laterStrokeRatio * ownDistance, distance < (best?.distance ?? .infinity) {
                best = (k, distance)
            }
        }
        return best?.k
    }

    /// The worst excursion from the lines this stroke advanced (or from its aimed line, for a stroke
    /// that advanced nothing, where a scribble that never came near counts as well).
    private static func offLine(_ ink: [Point], inkStroke: Int, context: GuidedTrace.StrokeContext, glyph: Glyph,
                                band: Double, minRun: Double) -> WritingError? {
        let j = context.aimedStroke
        let touched = Set(context.hits.map(\.stroke)).sorted()
        let lines = (touched.isEmpty ? [j] : touched).filter { !glyph.strokes[$0].isDot }.map { glyph.strokes[$0].points }
        guard !lines.isEmpty else { return nil }
        var worst = CorridorCheck.worstExcursion(ink[...], lines: lines, band: band, minRun: minRun)
        if worst == nil, touched.isEmpty, Polyline.length(ink) >= minRun {
            let distances = ink.map { p in lines.map { Curves.distance(p, to: $0) }.min()! }
            let far = distances.indices.max { distances[$0] < distances[$1] }!
            if distances[far] > band { worst = (far, distances[far]) }
        }
        guard let worst else { return nil }
        let stroke = touched.first ?? j
        return WritingError(code: .leftCorridor, stroke: stroke, inkStroke: inkStroke, at: ink[worst.index],
                            amount: worst.distance / glyph.unit, tip: Phrases.leftCorridor)
    }
}
