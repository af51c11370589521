import Foundation

/// Scheduler effectiveness (brief §8): does the scheduler pick the letters a child needs, and do they
/// get better when practised again? Read from each lesson's first judged tracing attempt (guided),
/// the one phase every arm has, so the arms compare.
extension ResearchDashboard {
    /// What the scheduler chose: `newOrWeak`, `review`, `word` (docs/LEARNING.md), or `chosen` for a
    /// letter the child or an adult asked for (the picker, a link): no pick on the record.
    public static let chosenKind = "chosen"
    public static let pickKinds = ["newOrWeak", "review", "word", chosenKind]
    /// The picks whose priority is the letter's own: r is taken over these.
    static let correlatedKinds: Set<String> = ["newOrWeak", "review"]

    public struct SchedulerFigures: Sendable, Equatable, Codable {
        /// One entry per kind of pick that occurs, in `pickKinds` order.
        public var kinds: [PickFigures]
        /// Scheduled letters (`newOrWeak`, `review`; not words): the scheduler's priority against the
        /// lesson's first tracing score.
        /// In the adaptive arms a higher priority means a weaker letter, so r should be negative;
        /// the control arm's priority is its fixed order (minus the letter's sessions so far).
        public var priorityVsScore: PairCorrelation
    }

    public struct PickFigures: Sendable, Equatable, Codable {
        public var kind: String
        /// Lessons with a judged tracing attempt.
        public var lessons: Int
        /// The first tracing score of each such lesson.
        public var score: MeanEstimate.Summary
        /// That score minus the same child's first tracing score in its previous lesson of the same
        /// letter (lessons with such a previous lesson): the change since the letter was last practised.
        public var change: MeanEstimate.Summary
    }

    /// The scheduler's part of a stored record, read leniently: records from before 2026-11-27
    /// labelled their picks otherwise, and the dashboard must read every record.
    public struct PickParts: Sendable, Equatable, Decodable {
        public var priority: Double?
        public var kind: String?

        public init(priority: Double?, kind: String?) {
            self.priority = priority; self.kind = kind
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            priority = try? c.decodeIfPresent(Double.self, forKey: .priority)
            kind = try? c.decodeIfPresent(String.self, forKey: .kind)
        }

        private enum CodingKeys: String, CodingKey { case priority, kind }
    }

    /// The scheduler figures of one group, accumulated lesson by lesson.
    struct SchedulerGroup: Sendable {
        var kinds: [String: (lessons: Int, score: MeanEstimate, change: MeanEstimate)] = [:]
        var priority = Correlation()

        mutating func add(kind given: String, priority: Double?, score: Double, previous: Double?) {
            // A kind of another layout (an older record's "weak") counts as no pick, as documented.
            let kind = ResearchDashboard.pickKinds.contains(given) ? given : ResearchDashboard.chosenKind
            var k = kinds[kind] ?? (0, MeanEstimate(within: 0...1), MeanEstimate(within: -1...1))
            k.lessons += 1
            k.score.add(score)
            if let previous { k.change.add(score - previous) }
            kinds[kind] = k
            // A word keeps the priority of the letter it was offered for, not its own: left out of r.
            if let priority, ResearchDashboard.correlatedKinds.contains(kind) { self.priority.add(priority, score) }
        }

        var figures: SchedulerFigures {
            let interval = priority.interval95
            return SchedulerFigures(
                kinds: ResearchDashboard.pickKinds.compactMap { name in
                    kinds[name].map { PickFigures(kind: name, lessons: $0.lessons, score: $0.score.summary, change: $0.change.summary) }
                },
                priorityVsScore: PairCorrelation(pairs: priority.n, r: priority.r, low: interval?.low, high: interval?.high))
        }
    }

    /// Which lessons were counted and each child's last tracing score per letter, across groups (a
    /// child's letter keeps its history when the child's arm changes).
    struct SchedulerHistory: Sendable {
        var counted = Set<String>()
        var lastScore: [String: Double] = [:]

        /// The previous score of the letter when this attempt is its lesson's first judged tracing
        /// attempt (`.some(nil)` without a previous lesson); nil when the attempt does not count.
        mutating func firstTracing(_ row: AttemptRow) -> Double?? {
            guard row.phase == LessonPhase.guided.rawValue, let score = row.score, !counted.contains(row.lessonID) else { return nil }
            counted.insert(row.lessonID)
            guard let child = row.childID else { return .some(nil) }
            let key = "\(child)\u{1}\(row.script)\u{1}\(row.glyph)"
            defer { lastScore[key] = score }
            return .some(lastScore[key])
        }
    }
}
