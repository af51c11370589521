import Foundation

/// How far a letter has grown, shown to the child as a plant: a seed, a sprout, a small plant, a
/// bud, a flower. Never a number on screen.
public enum LetterLevel: Int, Sendable, Codable, CaseIterable, Comparable {
    /// Not practised yet.
    case seed = 0
    /// Practised, not yet finished with a star.
    case sprout
    /// Finished with at least one star.
    case plant
    /// Learnt: mastery reached the unlock threshold.
    case bud
    /// Mastered.
    case flower

    public static func < (a: LetterLevel, b: LetterLevel) -> Bool { a.rawValue < b.rawValue }

    public static func of(_ key: String, in learner: LearnerState, policy: SchedulerPolicy = .standard) -> LetterLevel {
        guard let p = learner.letters[key] else { return .seed }
        let mastery = learner.mastery(ofKey: key)
        if mastery >= policy.masteredAt { return .flower }
        if mastery >= policy.unlockMastery { return .bud }
        if p.sessions > 0 && p.bestStars > 0 { return .plant }
        return .sprout
    }
}
