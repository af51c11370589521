import Foundation
import Testing
@testable import FederCore

/// The research dashboard's scheduler effectiveness: each lesson counted once, by its first scored
/// tracing attempt, under the kind of pick on its record; the change since the same child's previous
/// lesson of the letter; priority against score for scheduled lessons only.
@Suite("Research dashboard: scheduler effectiveness")
struct SchedulerFiguresTests {
    var nextID: Int64 = 1
    static let base = try! SimulatedLesson(glyph: GlyphLibrary.bundled().glyph("m", script: "druck"), condition: .threePhase,
                                           seed: 1).records()[0]

    mutating func attempt(_ lesson: String, child: String?, glyph: String, phase: LessonPhase, score: Double?,
                          pick: SchedulerPick?, enrolled: Bool = true, condition: StudyCondition = .threePhase) -> AttemptRow {
        defer { nextID += 1 }
        // Only the pick is read from the record; the rest comes from the row.
        var record = Self.base
        record.pick = pick
        return AttemptRow(attemptID: nextID, lessonID: lesson, childID: child, enrolled: enrolled, condition: condition,
                          sessionNumber: 1, script: "druck", glyph: glyph, variant: "standard", phase: phase.rawValue, attempt: 1,
                          outcome: "passed", completed: true, pointer: "pen", startedAt: Date(timeIntervalSince1970: Double(nextID)),
                          endedAt: Date(timeIntervalSince1970: Double(nextID) + 1), activeSeconds: 1, score: score, stars: nil,
                          inkStrokes: 0, inkSamples: 0, recordVersion: 1, inkVersion: 1, record: record)
    }

    @Test mutating func lessonsCountOnceByKindWithTheirChangeSinceTheLettersLastLesson() throws {
        let weak = SchedulerPick(priority: 0.9, kind: .newOrWeak, extra: false)
        let weaker = SchedulerPick(priority: 0.7, kind: .newOrWeak, extra: false)
        let review = SchedulerPick(priority: 0.2, kind: .review, extra: true)
        let rows = [
            attempt("L1", child: "a", glyph: "m", phase: .observe, score: nil, pick: weak),
            attempt("L1", child: "a", glyph: "m", phase: .guided, score: 0.5, pick: weak),
            attempt("L1", child: "a", glyph: "m", phase: .guided, score: 0.9, pick: weak),  // a second try: not counted
            attempt("L2", child: "a", glyph: "m", phase: .guided, score: 0.7, pick: weaker),  // m again: +0.2
            attempt("L3", child: "a", glyph: "m", phase: .guided, score: 0.6, pick: review),  // m again: -0.1
            attempt("L4", child: "b", glyph: "m", phase: .guided, score: 0.4, pick: nil),     // another child, asked for
            attempt("L5", child: "a", glyph: "a", phase: .guided, score: nil, pick: weak),    // not scored: no lesson
            attempt("L6", child: "c", glyph: "m", phase: .guided, score: 0.8, pick: weak, enrolled: false),
        ]
        var accumulator = ResearchDashboard.Accumulator()
        for row in rows { accumulator.add(row) }
        let d = accumulator.dashboard
        let arm = try #require(d.arms.first { $0.arm == "threePhase" })
        let kinds = Dictionary(uniqueKeysWithValues: arm.scheduler.kinds.map { ($0.kind, $0) })
        #expect(arm.scheduler.kinds.map(\.kind) == ["newOrWeak", "review", "chosen"])
        let newOrWeak = try #require(kinds["newOrWeak"])
        #expect(newOrWeak.lessons == 2 && abs(newOrWeak.score.mean! - 0.6) < 1e-12)
        #expect(newOrWeak.change.n == 1 && abs(newOrWeak.change.mean! - 0.2) < 1e-12)
        let reviewed = try #require(kinds["review"])
        #expect(reviewed.lessons == 1 && reviewed.change.n == 1 && abs(reviewed.change.mean! + 0.1) < 1e-12)
        let chosen = try #require(kinds["chosen"])
        #expect(chosen.lessons == 1 && chosen.change.n == 0)
        // Priority 0.9, 0.7, 0.2 against 0.5, 0.7, 0.6: the letter asked for has no priority.
        #expect(arm.scheduler.priorityVsScore.pairs == 3)
        let r = try #require(arm.scheduler.priorityVsScore.r)
        var expected = Correlation()
        for (p, s) in [(0.9, 0.5), (0.7, 0.7), (0.2, 0.6)] { expected.add(p, s) }
        #expect(abs(r - expected.r!) < 1e-12)
        // Not enrolled: its own group.
        let outside = try #require(d.arms.first { $0.arm == ResearchDashboard.notEnrolled })
        #expect(outside.scheduler.kinds.map(\.lessons) == [1])
    }

    /// A kind the dashboard does not know counts as no pick (with no priority in r); a word, whose
    /// priority is the letter's it was offered for, counts as a word and stays out of r.
    @Test mutating func anUnknownKindCountsAsChosenAndWordsStayOutOfR() throws {
        let word = SchedulerPick(priority: 0.4, kind: .word, extra: true)
        var accumulator = ResearchDashboard.Accumulator()
        accumulator.add(attempt("W1", child: "a", glyph: "m", phase: .guided, score: 0.7, pick: nil), motor: nil, clarity: nil,
                        pick: ResearchDashboard.PickParts(priority: 0.9, kind: "weak"))
        accumulator.add(attempt("W2", child: "a", glyph: "Mama", phase: .guided, score: 0.5, pick: word))
        let arm = try #require(accumulator.dashboard.arms.first)
        #expect(arm.scheduler.kinds.map(\.kind) == ["word", "chosen"])
        #expect(arm.scheduler.kinds.map(\.lessons) == [1, 1])
        #expect(arm.scheduler.priorityVsScore.pairs == 0)
    }

    /// Records from before the picks were renamed, or with a pick the dashboard cannot read, still count.
    @Test func aPickOfAnOlderLayoutIsReadLeniently() throws {
        let old = try JSONDecoder().decode(ResearchDashboard.PickParts.self, from: Data(#"{"priority":"high","kind":"weak"}"#.utf8))
        #expect(old == ResearchDashboard.PickParts(priority: nil, kind: "weak"))
    }
}
