import Foundation

/// One attempt at one phase, completed or not: what research stores. Times are on the server's
/// clock as passed to the lesson; active time and wall-clock dates are the server's to add.
public struct PhaseRecord: Sendable, Equatable, Codable {
    public enum Outcome: String, Sendable, Codable {
        /// The phase was done and the lesson moved on.
        case passed
        /// Judged, but without a single star: the phase runs once more (`LessonConfig.retriesWithoutStar`).
        case repeated
        /// "Nochmal": the phase was started again.
        case restarted
        /// The child left the letter.
        case abandoned
    }

    public var phase: LessonPhase
    /// 1 for the first attempt at this phase within the letter.
    public var attempt: Int
    public var condition: StudyCondition
    public var glyph: AttemptAssessment.GlyphRef
    public var outcome: Outcome
    public var startedAt: Double
    public var endedAt: Double
    /// First tap or pen-down of the attempt.
    public var firstInputAt: Double?
    /// 0…1 for direct (share of dot taps in order), guided and free writing; nil for observe.
    public var score: Double?
    /// Guided and free writing only: direct is judged but never costs a star, observe is not judged.
    public var stars: Int?
    public var errors: [WritingError]
    /// What was said after the attempt (praise first, then at most two tips; guided tracing's live
    /// tips during the attempt are in the events and its errors, not here).
    public var spoken: [Utterance]
    /// The plan the attempt ran with (tolerance, letter size, tier, errorless start).
    public var plan: PracticePlan
    /// Why this letter: the scheduler's pick with its priority, or nil when the letter was asked for
    /// (a tap in the picker, a link). Set by whoever stores the record; absent in records from before.
    public var pick: SchedulerPick?
    public var observe: ObserveDetail?
    public var direct: DirectDetail?
    public var assessment: AttemptAssessment?
    public var ink: Ink?

    public var completed: Bool { outcome == .passed }
}

public struct ObserveDetail: Sendable, Equatable, Codable {
    /// Animation cycles watched to the end.
    public var cycles: Int
    /// Ended early by a tap.
    public var skipped: Bool
}

public struct DirectDetail: Sendable, Equatable, Codable {
    public struct Tap: Sendable, Equatable, Codable {
        /// The dot tapped (nil: beside every dot) and the one that was due.
        public var dot: Int?
        public var expected: Int
        public var correct: Bool
        public var at: Double
    }

    public var taps: [Tap]
    /// Taps on a dot that was not yet due.
    public var wrongTaps: Int { taps.filter { !$0.correct && $0.dot != nil }.count }
    /// The share of taps on a dot that hit the dot due; nil when no dot was tapped.
    public var score: Double? {
        let judged = taps.filter { $0.dot != nil }
        return judged.isEmpty ? nil : Double(judged.filter(\.correct).count) / Double(judged.count)
    }
}

extension PhaseRecord {
    /// This direct attempt with the taps of `other` too: the same attempt, cut off by a lost
    /// connection after those taps and taken up again (the wrong taps are study data, and the attempt
    /// counts once). `otherFirst`: the other part was tapped before this one. (Times stay on the
    /// clock that took each tap: across a server restart they are not comparable.)
    public func withTaps(of other: PhaseRecord, otherFirst: Bool) -> PhaseRecord {
        guard phase == .direct, let theirs = other.direct, !theirs.taps.isEmpty else { return self }
        var merged = self
        let mine = direct?.taps ?? []
        let detail = DirectDetail(taps: otherFirst ? theirs.taps + mine : mine + theirs.taps)
        merged.direct = detail
        merged.score = detail.score
        let theirErrors = other.errors.filter { $0.code == .wrongDot }
        merged.errors = otherFirst ? theirErrors + errors : errors + theirErrors
        return merged
    }
}

/// A letter's whole lesson: every phase record, and what the learner model needs.
public struct LetterResult: Sendable, Equatable, Codable {
    public var glyph: AttemptAssessment.GlyphRef
    public var condition: StudyCondition
    /// Every phase of the condition was passed.
    public var completed: Bool
    /// Stars for the letter: those of its last judged phase (free writing in threePhase, else guided).
    public var stars: Int
    public var records: [PhaseRecord]
    /// The guided score, the sample the adaptive radius learns from (the radius is what it changes).
    public var adaptationSample: Double?
    /// The letter's performance for mastery: free writing's quality if written, else the guided score,
    /// no more than its stars say (`Stars.performance`).
    public var performance: Double?
    public var plan: PracticePlan
    public var startedAt: Double
    public var endedAt: Double
}

/// The scheduler's choice of a lesson's letter, as research keeps it with every attempt.
public struct SchedulerPick: Sendable, Equatable, Codable {
    /// `LetterScheduler.priority` of the letter when today's round was planned (or when it was
    /// chosen as an extra letter after the round).
    public var priority: Double
    public var kind: DailyRound.Slot.Kind
    /// Chosen after today's round was done.
    public var extra: Bool

    public init(priority: Double, kind: DailyRound.Slot.Kind, extra: Bool) {
        self.priority = priority; self.kind = kind; self.extra = extra
    }

    public init(_ pick: LetterScheduler.Pick) {
        self.init(priority: pick.priority, kind: pick.kind, extra: pick.extra)
    }
}
