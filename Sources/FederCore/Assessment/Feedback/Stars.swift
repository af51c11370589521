import Foundation

/// Stars for one attempt, 0…3, and what the child hears. Stars follow the attempt's `quality`
/// (docs/ASSESSMENT.md):
///
/// - guided: quality (the guided score) ≥ 0.85 → 3, ≥ 0.65 → 2, ≥ 0.40 → 1; an unfinished tracing
///   gets 0.
/// - free writing: quality (Form, the shape) ≥ 0.70 → 3, ≥ 0.50 → 2, ≥ 0.25 → 1, set on real
///   handwriting. Not the motor overall: a fluent scribble has high Tempo and Rhythmus, but it is not
///   the letter. A mirrored letter, or (with the recognizer) another letter, earns none.
/// - both: an error in the plan of the letter (wrong start, reversed, order, strokes joined, missing
///   stroke) caps the attempt at 2; so does, writing alone on the ruling, a letter too big, too
///   small or off the lines (guided tracing is drawn on the model: it has no size errors).
/// - direct and observe: none (direct is judged, but a wrong tap never costs a star).
public enum Stars {
    public static let guidedThresholds = [0.85, 0.65, 0.40]
    /// On Form (1 − shape distance in x-heights): 0.3, 0.5 and 0.75 x-heights from the model.
    public static let freeWriteThresholds = [0.70, 0.50, 0.25]

    static func band(_ score: Double, _ thresholds: [Double]) -> Int {
        for (k, t) in thresholds.enumerated() where score >= t { return 3 - k }
        return 0
    }

    static func capped(_ stars: Int, _ errors: [WritingError]) -> Int {
        errors.contains { $0.code.isFormation || $0.code.isPlacement } ? min(stars, 2) : stars
    }

    public static func guided(quality: Double, completed: Bool, errors: [WritingError]) -> Int {
        completed ? capped(band(quality, guidedThresholds), errors) : 0
    }

    public static func freeWrite(quality: Double, errors: [WritingError]) -> Int {
        capped(band(quality, freeWriteThresholds), errors)
    }

    /// What an attempt counts for mastery: its quality, but no more than its stars say — at most the
    /// bottom of the next band up (0 for no star). A letter that earned no star (another letter, a
    /// mirrored one, a scrawl) counts nothing, one capped at two stars (written backwards, too small)
    /// at most what the best two-star letter counts. Until 2026-11-29 the quality counted alone:
    /// a child who wrote every letter tiny, backwards or as a scrawl moved through the course as fast
    /// as one who wrote well (the shape of a tiny or reversed letter is right), a review found.
    public static func performance(of attempt: AttemptAssessment) -> Double {
        let thresholds = attempt.phase == .freeWrite ? freeWriteThresholds : guidedThresholds
        let ceiling = attempt.stars >= 3 ? 1 : attempt.stars <= 0 ? 0 : thresholds[2 - attempt.stars]
        return min(attempt.quality, ceiling)
    }

    /// Free writing with the recognizer at hand: the ink is another letter when the recognizer's
    /// probability for the expected one (shape twins included) is below `config.anotherLetter`
    /// (`anotherDigit` for a digit).
    public static func isAnotherLetter(_ clarity: Clarity, config: AssessmentConfig) -> Bool {
        clarity.probability < config.anotherCharacterBound(for: clarity.expected)
    }
}

/// What is said after an attempt: praise that fits the stars, then at most two tips, most important
/// first. Never a number.
public struct Feedback: Sendable, Equatable, Codable {
    public var praise: Utterance
    public var tips: [Utterance]

    /// `another`: whether another try of the same task follows (it picks the words for an attempt
    /// without a star; see `Phrases.praise`).
    public init(stars: Int, errors: [WritingError], variation: Int = 0, another: Bool = true) {
        praise = Phrases.praise(stars: stars, variation: variation, another: another)
        tips = errors.tips(limit: 2)
    }

    /// Everything to say, in order.
    public var utterances: [Utterance] { [praise] + tips }
}
