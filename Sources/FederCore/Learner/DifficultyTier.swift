import Foundation

/// How wide the checkpoint radius is, as a multiple of the standard tolerance.
public enum DifficultyTier: String, Sendable, Codable, CaseIterable, Comparable {
    case easy, standard, strict

    public var multiplier: Double {
        switch self {
        case .easy: return 1.5
        case .standard: return 1.0
        case .strict: return 0.65
        }
    }

    public static func < (a: DifficultyTier, b: DifficultyTier) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    var harder: DifficultyTier { self == .easy ? .standard : .strict }
    var easier: DifficultyTier { self == .strict ? .standard : .easy }
}

/// When to move between tiers: the mean of the last `window` guided scores must stay at or above
/// `promoteAt` (or at or below `demoteAt`) for `hysteresis` letters in a row. After a move the
/// window starts empty, because scores taken at the old radius say little about the new one.
public struct AdaptationPolicy: Sendable, Equatable, Codable {
    public var window: Int
    public var hysteresis: Int
    public var promoteAt: Double
    public var demoteAt: Double

    public init(window: Int = 5, hysteresis: Int = 2, promoteAt: Double = 0.85, demoteAt: Double = 0.55) {
        self.window = max(window, 1)
        self.hysteresis = max(hysteresis, 1)
        self.promoteAt = promoteAt
        self.demoteAt = demoteAt
    }

    public static let standard = AdaptationPolicy()
}

/// The moving window and the tier it has led to. Codable, so the server keeps it per child.
public struct DifficultyState: Sendable, Equatable, Codable {
    public private(set) var tier: DifficultyTier
    /// The last scores (at most `window`), oldest first.
    public private(set) var recent: [Double] = []
    public private(set) var promoteStreak = 0
    public private(set) var demoteStreak = 0

    public init(tier: DifficultyTier = .standard) { self.tier = tier }

    public var windowMean: Double? { recent.isEmpty ? nil : recent.reduce(0, +) / Double(recent.count) }

    /// Adds one letter's score (0…1). Returns the new tier when it changed.
    @discardableResult
    public mutating func record(_ score: Double, policy: AdaptationPolicy = .standard) -> DifficultyTier? {
        recent.append(clamp01(score))
        if recent.count > policy.window { recent.removeFirst(recent.count - policy.window) }
        guard recent.count == policy.window, let mean = windowMean else { return nil }
        if mean >= policy.promoteAt {
            promoteStreak += 1; demoteStreak = 0
        } else if mean <= policy.demoteAt {
            demoteStreak += 1; promoteStreak = 0
        } else {
            promoteStreak = 0; demoteStreak = 0
        }
        let next: DifficultyTier
        if promoteStreak >= policy.hysteresis { next = tier.harder } else if demoteStreak >= policy.hysteresis { next = tier.easier } else { return nil }
        promoteStreak = 0; demoteStreak = 0
        guard next != tier else { return nil }
        tier = next
        recent.removeAll()
        return next
    }
}
