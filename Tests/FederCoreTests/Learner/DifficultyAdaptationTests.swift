import Foundation
import Testing
@testable import FederCore

@Suite("Adaptive difficulty")
struct DifficultyAdaptationTests {
    let policy = AdaptationPolicy(window: 3, hysteresis: 2, promoteAt: 0.85, demoteAt: 0.55)

    @Test func tiersOrderTheirRadius() {
        #expect(DifficultyTier.easy.multiplier > DifficultyTier.standard.multiplier)
        #expect(DifficultyTier.standard.multiplier > DifficultyTier.strict.multiplier)
        #expect(DifficultyTier.standard.multiplier == 1)
    }

    @Test func promotionNeedsAFullWindowAndHysteresis() {
        var state = DifficultyState()
        #expect(state.record(0.9, policy: policy) == nil)
        #expect(state.record(0.9, policy: policy) == nil)   // window not full yet
        #expect(state.record(0.9, policy: policy) == nil)   // first evaluation above: streak 1
        #expect(state.tier == .standard)
        #expect(state.record(0.9, policy: policy) == .strict)
        #expect(state.recent.isEmpty)  // scores from the old radius are dropped
        // Capped at strict.
        for _ in 0..<10 { state.record(1, policy: policy) }
        #expect(state.tier == .strict)
    }

    @Test func demotionMirrorsIt() {
        var state = DifficultyState()
        for _ in 0..<3 { state.record(0.4, policy: policy) }
        #expect(state.tier == .standard)
        #expect(state.record(0.4, policy: policy) == .easy)
        for _ in 0..<10 { state.record(0, policy: policy) }
        #expect(state.tier == .easy)
    }

    @Test func aMiddlingScoreBreaksTheStreak() {
        var state = DifficultyState()
        for s in [0.9, 0.9, 0.9, 0.5, 0.9, 0.9] { state.record(s, policy: policy) }
        // Means: .9, .77 (reset), .77, .77 … the streak never reaches two.
        #expect(state.tier == .standard)
        #expect(state.promoteStreak == 0)
    }

    @Test func theWindowKeepsOnlyTheLastScores() {
        var state = DifficultyState()
        for s in [0.1, 0.2, 0.7, 0.7, 0.7] { state.record(s, policy: AdaptationPolicy(window: 3, hysteresis: 9)) }
        #expect(state.recent == [0.7, 0.7, 0.7])
        #expect(abs(state.windowMean! - 0.7) < 1e-12)
    }
}

@Suite("Learner model")
struct LearnerStateTests {
    let a = TestInk.glyph("a")

    func result(_ glyph: Glyph, guided: Double, quality: Double, condition: StudyCondition = .threePhase, completed: Bool = true) -> LetterResult {
        LetterResult(glyph: .init(glyph), condition: condition, completed: completed, stars: 3, records: [],
                     adaptationSample: guided, performance: quality, plan: .standard, startedAt: 0, endedAt: 1)
    }

    @Test func aNewLetterStartsErrorless() {
        let plan = LearnerState().plan(for: a, condition: .threePhase)
        #expect(plan.errorless)
        #expect(plan.tolerance == TrackingTolerance.standard.scaled(by: 1.5))
        #expect(plan.letterScale == 1)
    }

    @Test func theErrorlessStartEndsAfterThreeSessions() {
        var state = LearnerState()
        for _ in 0..<2 { state.record(result(a, guided: 0.7, quality: 0.7)) }
        #expect(state.plan(for: a, condition: .threePhase).errorless)
        state.record(result(a, guided: 0.7, quality: 0.7))
        #expect(!state.plan(for: a, condition: .threePhase).errorless)
        // Another letter still starts errorless; capital and small letters are different letters.
        #expect(state.plan(for: TestInk.glyph("A"), condition: .threePhase).errorless)
        // An abandoned letter does not count as a session.
        var other = LearnerState()
        for _ in 0..<5 { other.record(result(a, guided: 0.7, quality: 0.7, completed: false)) }
        #expect(other.plan(for: a, condition: .threePhase).errorless)
    }

    @Test func aLetterLeftPartWayDoesNotChangeMastery() {
        var state = LearnerState()
        for _ in 0..<5 { state.record(result(a, guided: 0.9, quality: 0.9)) }
        let before = state.mastery(of: a)
        // Left after a third of the tracing: its low score says how much was written, not how well.
        for _ in 0..<4 { state.record(result(a, guided: 0.6, quality: 0.6, completed: false), at: Date(timeIntervalSince1970: 5)) }
        #expect(state.mastery(of: a) == before)
        #expect(state.letters["druck/a"]?.recentScores == Array(repeating: 0.9, count: 5))
        #expect(state.letters["druck/a"]?.lastPracticed == Date(timeIntervalSince1970: 5), "it was practised, though")
        // Its guided score still reaches the difficulty window: giving up is a sign of difficulty.
        #expect(state.difficulty.recent.suffix(4) == [0.6, 0.6, 0.6, 0.6])
    }

    @Test func masteryShrinksTheLetterAndTightensTheRadius() {
        var good = LearnerState(), weak = LearnerState()
        for _ in 0..<6 {
            good.record(result(a, guided: 0.7, quality: 0.95))
            weak.record(result(a, guided: 0.7, quality: 0.4))
        }
        let g = good.plan(for: a, condition: .threePhase), w = weak.plan(for: a, condition: .threePhase)
        #expect(abs(g.mastery - 0.95) < 1e-9)
        #expect(g.letterScale < w.letterScale && w.letterScale < 1)
        #expect(g.tolerance.radius < w.tolerance.radius && w.tolerance.radius < TrackingTolerance.standard.radius)
        #expect(abs(g.letterScale - (1 - 0.35 * 0.95)) < 1e-9)
    }

    @Test func theTierFollowsGuidedScoresAndAppliesToTheNextLetters() {
        var state = LearnerState()
        let b = TestInk.glyph("b")
        for _ in 0..<3 { state.record(result(b, guided: 0.95, quality: 0.9)) }   // b leaves its errorless start
        for _ in 0..<6 { state.record(result(a, guided: 0.95, quality: 0.9)) }
        #expect(state.difficulty.tier == .strict)
        let next = state.plan(for: b, condition: .guidedOnly)
        #expect(next.tier == .strict)
        #expect(next.tolerance.radius < TrackingTolerance.standard.radius * 0.66)
        // … and the lesson built from the plan tracks with it.
        let lesson = LessonMachine.begin(glyph: b, condition: .guidedOnly, plan: next, at: 0).0
        #expect(lesson.plan.tolerance == next.tolerance)
    }

    @Test func controlIsFixed() {
        var state = LearnerState()
        for _ in 0..<20 { state.record(result(a, guided: 1, quality: 1, condition: .control)) }
        #expect(state.difficulty.tier == .standard)
        #expect(state.difficulty.recent.isEmpty)
        let plan = state.plan(for: a, condition: .control)
        #expect(plan == PracticePlan(tolerance: .standard, letterScale: 1, tier: .standard, errorless: false, mastery: plan.mastery))
        // Even a child promoted elsewhere gets the fixed plan under control.
        var promoted = LearnerState()
        for _ in 0..<20 { promoted.record(result(a, guided: 1, quality: 1)) }
        #expect(promoted.plan(for: a, condition: .control).tolerance == .standard)
    }

    @Test func theStateSurvivesTheServer() throws {
        var state = LearnerState()
        for s in [0.9, 0.95, 0.9, 0.92] { state.record(result(a, guided: s, quality: s)) }
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(LearnerState.self, from: data) == state)
    }
}
