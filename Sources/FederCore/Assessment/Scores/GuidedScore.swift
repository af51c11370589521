import Foundation

/// The score of a guided tracing: how much of the line was traced, how close to it, whether the
/// strokes were started, directed and ordered right, and how briskly. Each part 0…1:
/// `0.40·coverage + 0.35·accuracy + 0.15·procedure + 0.10·pace`.
public struct GuidedScore: Sendable, Equatable, Codable {
    public var score: Double
    /// Covered fraction of the centerline (within the tracking radius), length-weighted.
    public var coverage: Double
    /// Mean distance of the tracing ink from its line, in x-heights …
    public var meanDeviation: Double
    /// … as a score: 1 − meanDeviation / 0.3, clamped.
    public var accuracy: Double
    /// Share of the glyph's strokes traced without a wrong start, reversal or order error.
    public var procedure: Double
    /// Mean pen-down speed in x-heights per second …
    public var speed: Double
    /// … as a score: 0 at `sluggish`, 1 at `brisk` and above.
    public var pace: Double
    /// Whether the tracker saw every checkpoint in order.
    public var completed: Bool

    public static let weights = (coverage: 0.40, accuracy: 0.35, procedure: 0.15, pace: 0.10)
    /// Mean deviation (x-heights) at which accuracy reaches 0.
    public static let deviationScale = 0.3

    init(coverage: Double, meanDeviation: Double, procedure: Double, speed: Double, completed: Bool, config: AssessmentConfig) {
        self.coverage = coverage
        self.meanDeviation = meanDeviation
        self.accuracy = clamp01(1 - meanDeviation / Self.deviationScale)
        self.procedure = procedure
        self.speed = speed
        self.pace = clamp01((speed - config.sluggish) / (config.brisk - config.sluggish))
        self.completed = completed
        let w = Self.weights
        score = w.coverage * coverage + w.accuracy * accuracy + w.procedure * procedure + w.pace * pace
    }

    /// Mean distance (glyph units) of the points of `pieces` from `line`, weighted by segment length.
    static func meanDeviation(of pieces: [ArraySlice<Point>], from lines: [[Point]]) -> Double? {
        var sum = 0.0, weight = 0.0
        for (piece, line) in zip(pieces, lines) where piece.count >= 2 {
            var previous = Curves.distance(piece[piece.startIndex], to: line)
            for i in piece.indices.dropFirst() {
                let d = Curves.distance(piece[i], to: line)
                let w = piece[i - 1].distance(to: piece[i])
                sum += (previous + d) / 2 * w
                weight += w
                previous = d
            }
        }
        return weight > 0 ? sum / weight : nil
    }
}
