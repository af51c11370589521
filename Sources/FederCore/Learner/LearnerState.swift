import Foundation

/// How one letter has gone so far for a child.
public struct LetterProgress: Sendable, Equatable, Codable {
    /// Finished letter sessions.
    public var sessions = 0
    /// The last few performance scores (free writing if done, else guided), oldest first.
    public var recentScores: [Double] = []
    /// The most stars one session of this letter earned (stars per letter are the best, not the last).
    public var bestStars = 0
    /// When the letter was last practised (finished or left), for the scheduler's recency.
    public var lastPracticed: Date?

    public init() {}

    public init(from decoder: any Decoder) throws {
        // Fields added later decode with their defaults, so learner models stored earlier still load.
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sessions = try c.decodeIfPresent(Int.self, forKey: .sessions) ?? 0
        recentScores = try c.decodeIfPresent([Double].self, forKey: .recentScores) ?? []
        bestStars = try c.decodeIfPresent(Int.self, forKey: .bestStars) ?? 0
        lastPracticed = try c.decodeIfPresent(Date.self, forKey: .lastPracticed)
    }

    /// The mean of the recent scores, 0 before any.
    public var accuracy: Double { recentScores.isEmpty ? 0 : recentScores.reduce(0, +) / Double(recentScores.count) }
}

/// Everything the adaptation needs to know about a child, and nothing else. Codable: the server
/// stores it per child and hands it back for the next letter.
public struct LearnerState: Sendable, Equatable, Codable {
    public var difficulty = DifficultyState()
    /// Keyed by `script/char` (variants share progress; capital and small letters do not).
    public var letters: [String: LetterProgress] = [:]
    /// Today's round of letters (the scheduler plans it once a day).
    public var round: DailyRound?
    /// The most steps of each course (keyed by `Course.id`) that were ever open: a step, once
    /// opened, stays open when a weaker session later lowers a letter's mastery (a child does not
    /// lose letters it already had).
    public var reachedSteps: [String: Int] = [:]

    public init() {}

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        difficulty = try c.decodeIfPresent(DifficultyState.self, forKey: .difficulty) ?? DifficultyState()
        letters = try c.decodeIfPresent([String: LetterProgress].self, forKey: .letters) ?? [:]
        round = try c.decodeIfPresent(DailyRound.self, forKey: .round)
        reachedSteps = try c.decodeIfPresent([String: Int].self, forKey: .reachedSteps) ?? [:]
    }

    public static func key(for glyph: Glyph) -> String { "\(glyph.script)/\(glyph.char)" }

    /// 0…1: the mean recent score, ramped in over the first `masterySessions` sessions.
    public func mastery(of glyph: Glyph, policy: LearnerPolicy = .standard) -> Double {
        mastery(ofKey: Self.key(for: glyph), policy: policy)
    }

    /// Mastery of the letter keyed `script/char`.
    public func mastery(ofKey key: String, policy: LearnerPolicy = .standard) -> Double {
        guard let p = letters[key], !p.recentScores.isEmpty else { return 0 }
        return p.accuracy * min(1, Double(p.sessions) / Double(policy.masterySessions))
    }

    /// How the next session of this letter is set up.
    /// - control: the standard tolerance at full size, always.
    /// - the first `errorlessSessions` sessions of a letter: a wide radius (errorless start), full size.
    /// - after that: the tier's radius, tightened and the letter shrunk as mastery grows (iTrace).
    public func plan(for glyph: Glyph, condition: StudyCondition, policy: LearnerPolicy = .standard) -> PracticePlan {
        let m = mastery(of: glyph, policy: policy)
        guard condition.adapts else {
            return PracticePlan(tolerance: policy.baseTolerance, letterScale: 1, tier: .standard, errorless: false, mastery: m)
        }
        let sessions = letters[Self.key(for: glyph)]?.sessions ?? 0
        let tier = difficulty.tier
        if sessions < policy.errorlessSessions {
            let factor = max(tier.multiplier, policy.errorlessMultiplier)
            return PracticePlan(tolerance: policy.baseTolerance.scaled(by: factor), letterScale: 1, tier: tier,
                                errorless: true, mastery: m)
        }
        let factor = min(max(tier.multiplier * (1 - policy.maxTightening * m), 0.5), 1.75)
        return PracticePlan(tolerance: policy.baseTolerance.scaled(by: factor),
                            letterScale: 1 - (1 - policy.minLetterScale) * m, tier: tier, errorless: false, mastery: m)
    }

    /// Takes a finished (or abandoned) letter into account: its sessions, stars and mastery when it
    /// was finished, its guided score in the difficulty window either way (a letter given up is a
    /// sign of difficulty; docs/ASSESSMENT.md, "Adaptation"). Returns the new tier when it changed.
    @discardableResult
    public mutating func record(_ result: LetterResult, at date: Date? = nil, policy: LearnerPolicy = .standard) -> DifficultyTier? {
        let key = "\(result.glyph.script)/\(result.glyph.char)"
        var progress = letters[key] ?? LetterProgress()
        if result.completed {
            progress.sessions += 1
            progress.bestStars = max(progress.bestStars, result.stars)
        }
        if let date { progress.lastPracticed = date }
        // Only a finished letter says how well the child writes it: a letter left part-way (its
        // score is of what was written so far) would lower mastery for stopping, not for writing.
        if result.completed, let score = result.performance {
            progress.recentScores.append(clamp01(score))
            if progress.recentScores.count > policy.masteryWindow {
                progress.recentScores.removeFirst(progress.recentScores.count - policy.masteryWindow)
            }
        }
        letters[key] = progress
        guard result.condition.adapts, let sample = result.adaptationSample else { return nil }
        return difficulty.record(sample, policy: policy.adaptation)
    }
}

/// The knobs of the learner model (docs/ASSESSMENT.md, "Adaptation").
public struct LearnerPolicy: Sendable, Equatable, Codable {
    public var adaptation = AdaptationPolicy.standard
    public var baseTolerance = TrackingTolerance.standard
    /// Sessions of a letter with the errorless start …
    public var errorlessSessions = 3
    /// … and its radius multiplier (at least; an easy tier's is kept if wider).
    public var errorlessMultiplier = 1.5
    /// Sessions over which mastery ramps in, and scores it averages.
    public var masterySessions = 5
    public var masteryWindow = 5
    /// At full mastery the radius is this much tighter …
    public var maxTightening = 0.3
    /// … and the letter this much smaller (as a fraction of the full size).
    public var minLetterScale = 0.65

    public init() {}

    public static let standard = LearnerPolicy()
}

/// How a letter is practised next: the tracking tolerance (applied to the tracker), the size the page
/// draws the letter at, and why.
public struct PracticePlan: Sendable, Equatable, Codable {
    public var tolerance: TrackingTolerance
    /// 1 = full size; smaller as the letter is mastered.
    public var letterScale: Double
    public var tier: DifficultyTier
    public var errorless: Bool
    public var mastery: Double

    public init(tolerance: TrackingTolerance = .standard, letterScale: Double = 1, tier: DifficultyTier = .standard,
                errorless: Bool = false, mastery: Double = 0) {
        self.tolerance = tolerance; self.letterScale = letterScale; self.tier = tier
        self.errorless = errorless; self.mastery = mastery
    }

    public static let standard = PracticePlan()
}
