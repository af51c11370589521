import Foundation

/// The sticker book: one sticker per course group whose letters are all finished with at least
/// `starsNeeded` stars at their best (Tracy's stickers for finished groups).
public enum StickerBook {
    public static let starsNeeded = 2

    public struct Entry: Sendable, Equatable, Codable {
        public var group: String
        public var sticker: String
        public var earned: Bool
        /// Letters of the group (the page shows them under an unearned sticker's outline).
        public var chars: [String]
    }

    public static func entries(course: Course, learner: LearnerState) -> [Entry] {
        course.groups.map { group in
            let earned = group.chars.allSatisfy { (learner.letters[course.key($0)]?.bestStars ?? 0) >= starsNeeded }
            return Entry(group: group.id, sticker: group.sticker, earned: earned, chars: group.chars)
        }
    }
}

/// Today's jar: letters finished today against the daily goal, as a fill from 0 to 1.
public enum DailyJar {
    public static func fill(lettersToday: Int, goal: Int) -> Double {
        guard goal > 0 else { return 1 }
        return min(1, Double(max(0, lettersToday)) / Double(goal))
    }
}
