import Foundation

/// Stars for one attempt, 0…3, and what the child hears. Thresholds (docs/ASSESSMENT.md):
///
/// - guided: score ≥ 0.85 → 3, ≥ 0.65 → 2, ≥ 0.40 → 1; an unfinished tracing gets 0.
/// - free writing: overall ≥ 0.75 → 3, ≥ 0.55 → 2, ≥ 0.35 → 1; an error in how the letter is formed
///   (wrong start, reversed, order, missing stroke) caps it at 2.
/// - direct: 3 with no wrong tap, 2 with one, else 1.
/// - observe: none (nothing is judged).
public enum Stars {
    public static let guidedThresholds = [0.85, 0.65, 0.40]
    public static let freeWriteThresholds = [0.75, 0.55, 0.35]

    static func band(_ score: Double, _ thresholds: [Double]) -> Int {
        for (k, t) in thresholds.enumerated() where score >= t { return 3 - k }
        return 0
    }

    public static func guided(score: Double, completed: Bool) -> Int {
        completed ? band(score, guidedThresholds) : 0
    }

    public static func freeWrite(overall: Double, errors: [WritingError]) -> Int {
        let stars = band(overall, freeWriteThresholds)
        return errors.contains { $0.code.isFormation } ? min(stars, 2) : stars
    }

    public static func direct(wrongTaps: Int) -> Int {
        wrongTaps == 0 ? 3 : (wrongTaps == 1 ? 2 : 1)
    }
}

/// What is said after an attempt: praise that fits the stars, then at most two tips, most important
/// first. Never a number.
public struct Feedback: Sendable, Equatable, Codable {
    public var praise: Utterance
    public var tips: [Utterance]

    public init(stars: Int, errors: [WritingError], variation: Int = 0) {
        praise = Phrases.praise(stars: stars, variation: variation)
        tips = errors.tips(limit: 2)
    }

    /// Everything to say, in order.
    public var utterances: [Utterance] { [praise] + tips }
}
