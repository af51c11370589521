import Foundation

/// The knobs of the letter scheduler (docs/LEARNING.md).
public struct SchedulerPolicy: Sendable, Equatable, Codable {
    /// Slots of new or weak letters in a daily round …
    public var newOrWeakPerRound = 3
    /// … and of letters to review.
    public var reviewPerRound = 2
    /// A letter counts as learnt (for unlocking and review) at this mastery (`LearnerState.mastery`,
    /// which ramps in over the first sessions: about two good sessions reach 0.3).
    public var unlockMastery = 0.3
    /// A learnt letter leaves the "weak" pool at this mastery.
    public var masteredAt = 0.7
    /// Steps open from the start, so a new child's first round has some variety (errorless start).
    public var initiallyOpenSteps = 2
    /// Priority weights: recency decay, accuracy deficit, novelty (they sum to 1).
    public var recencyWeight = 0.40
    public var deficitWeight = 0.35
    public var noveltyWeight = 0.25
    /// Memory stability in days: `base · (1 + sessions) · (0.5 + accuracy)`, clamped to `[base, maxStability]`.
    public var baseStability = 1.0
    public var maxStability = 60.0

    public init() {}

    public static let standard = SchedulerPolicy()

    /// The policy with a round of `letters` letters, split as the standard 3 + 2: two in five (rounded
    /// down) to review, the rest new or weak — 1 → 1 + 0, 3 → 2 + 1, 5 → 3 + 2, 8 → 5 + 3. The
    /// adults' "Buchstaben pro Tag" sets it, so that the round ends ("Für heute geschafft!") when the
    /// jar is full (until 2026-11-29 the round stayed five letters whatever the jar's size).
    public func splitting(round letters: Int) -> SchedulerPolicy {
        let total = max(1, letters)
        var policy = self
        policy.reviewPerRound = total * 2 / 5
        policy.newOrWeakPerRound = total - policy.reviewPerRound
        return policy
    }
}
