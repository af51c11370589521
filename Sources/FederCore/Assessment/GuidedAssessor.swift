import Foundation

/// Judges a guided tracing from its trace: the tracker's own record of which ink went with which
/// stroke, so live tips and the stored assessment agree. Ink without a live trace is replayed.
public enum GuidedAssessor {
    public static func assess(_ ink: Ink, glyph: Glyph, tolerance: TrackingTolerance = .standard,
                              options: AssessmentOptions = AssessmentOptions()) -> AttemptAssessment {
        assess(GuidedTrace.replay(ink, glyph: glyph, tolerance: tolerance), options: options)
    }

    public static func assess(_ trace: GuidedTrace, options: AssessmentOptions = AssessmentOptions()) -> AttemptAssessment {
        let glyph = trace.glyph, config = options.config, unit = glyph.unit, tolerance = trace.tolerance
        let ink = trace.ink
        let points = ink.points
        let context = CheckContext(
            glyph: glyph, ink: points, toPage: .identity,
            pieces: trace.pieces().map { $0.map { InkPiece(stroke: $0.stroke, range: $0.range) } },
            corridor: tolerance.nearBand * unit, coverRadius: tolerance.radius * unit,
            startTolerance: config.wrongStartRadii * tolerance.radius * unit, overshoot: config.overshoot * unit, config: config)

        var errors: [WritingError] = []
        for k in trace.contexts.indices where k < points.count {
            errors += GuidedStrokeCheck.run(ink: points[k], inkStroke: k, in: trace, config: config)
        }
        let coverage = CoverageCheck.run(context)
        errors += coverage.errors
        errors += CornerCheck.run(context)
        errors += JoinCheck.run(context)
        errors += OvershootCheck.run(context)
        let bounds = ink.bounds
        let size = options.placement.judgesSize ? bounds.map { SizeCheck.run(bounds: $0, glyph: glyph, config: config) } : nil
        errors += size?.errors ?? []
        errors = errors.ranked()

        let slices = context.pieces.enumerated().flatMap { j, pieces in pieces.map { (context.points($0), glyph.strokes[j].points) } }
        let deviation = GuidedScore.meanDeviation(of: slices.map(\.0), from: slices.map(\.1)).map { $0 / unit }
        let formation = Set(errors.filter { $0.code.isFormation && $0.code != .missingStroke }.compactMap(\.stroke))
        let profiles = ink.strokes.map { SpeedProfile($0, unit: unit) }
        let kinematics = Kinematics.measure(ink, profiles: profiles, glyph: glyph, size: size, startLatency: options.startLatency)
        let guided = GuidedScore(
            coverage: coverage.overall,
            meanDeviation: deviation ?? GuidedScore.deviationScale,
            // Strokes traced (they have ink that advanced them) without a formation error.
            procedure: glyph.strokes.isEmpty ? 0
                : Double(glyph.strokes.indices.filter { !context.pieces[$0].isEmpty && !formation.contains($0) }.count)
                    / Double(glyph.strokes.count),
            speed: kinematics.meanSpeed, completed: trace.isComplete, config: config)
        let strokes = StrokeScoring.score(context, errors: errors)
        let stars = Stars.guided(quality: guided.score, completed: guided.completed, errors: errors)
        return AttemptAssessment(
            glyph: .init(glyph), phase: .guided, placement: options.placement, completed: guided.completed,
            score: guided.score, quality: guided.score, stars: stars, guided: guided, motor: nil,
            strokeScore: strokes.map(\.total).reduce(0, +) / Double(max(strokes.count, 1)), strokes: strokes,
            kinematics: kinematics, errors: errors,
            feedback: Feedback(stars: stars, errors: errors, variation: options.variation))
    }
}
