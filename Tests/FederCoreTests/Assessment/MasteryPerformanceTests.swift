import Foundation
import Testing
@testable import FederCore

/// What an attempt counts for mastery follows its stars: a letter that earned no star counts nothing
/// and one capped at two stars (its plan, its size) no more than a two-star letter, however right its
/// shape (`Stars.performance`). Until 2026-11-29 the quality counted alone, and a child who scrawled,
/// or wrote every letter backwards, opened new letters as fast as a child who wrote well.
@Suite("Mastery follows the stars")
struct MasteryPerformanceTests {
    static let recognizer = try! LetterRecognizer.bundled()

    @Test func aScrawlWithAShapeScoreCountsNothing() {
        let glyph = TestInk.glyph("a")
        let scrawl = Ink(pointer: .pen, strokes: [ScrawlStarsTests.wander(over: glyph.inkBounds, steps: 900, seed: 42)])
        let judged = FreeWriteAssessor.assess(scrawl, glyph: glyph, recognizer: Self.recognizer)
        #expect(judged.stars == 0 && judged.quality > 0.3, "a scrawl near the letter's lines: \(judged.quality)")
        #expect(Stars.performance(of: judged) == 0)
    }

    @Test func aLetterWrittenBackwardsCountsNoMoreThanTwoStars() {
        let glyph = TestInk.glyph("L")
        let backwards = TestInk.along(glyph.strokes.reversed().map { $0.points.reversed() })
        let judged = FreeWriteAssessor.assess(backwards, glyph: glyph, recognizer: Self.recognizer)
        #expect(judged.stars == 2 && judged.quality > 0.9, "\(judged.stars) \(judged.quality) \(judged.errors.map(\.code))")
        #expect(Stars.performance(of: judged) == Stars.freeWriteThresholds[0])
        // Written as taught, the same shape counts in full.
        let taught = FreeWriteAssessor.assess(TestInk.centerline(glyph), glyph: glyph, recognizer: Self.recognizer)
        #expect(taught.stars == 3 && Stars.performance(of: taught) == taught.quality)
    }

    @Test func theBandsCapTheQualityAndNeverRaiseIt() {
        for phase in [LessonPhase.freeWrite, .guided] {
            let bands = phase == .freeWrite ? Stars.freeWriteThresholds : Stars.guidedThresholds
            for stars in 0...3 {
                for quality in stride(from: 0.0, through: 1.0, by: 0.05) {
                    var attempt = FreeWriteAssessor.assess(TestInk.centerline(TestInk.glyph("L")), glyph: TestInk.glyph("L"))
                    attempt.phase = phase
                    attempt.stars = stars
                    attempt.quality = quality
                    let ceiling = [0, bands[1], bands[0], 1][stars]
                    #expect(Stars.performance(of: attempt) == min(quality, ceiling), "\(phase) \(stars) \(quality)")
                }
            }
        }
    }

    /// In a lesson: a letter whose last try written alone is a scrawl adds 0 to the letter's scores.
    @Test func aLessonEndedWithAScrawlAddsNothingToMastery() throws {
        let glyph = TestInk.glyph("a")
        var (lesson, _) = LessonMachine.resume(glyph: glyph, condition: .threePhase, plan: .standard, recognizer: Self.recognizer,
                                               phase: .freeWrite, attempt: 2, earlier: [], keptInk: nil, at: 0)
        let scrawl = Ink(pointer: .pen, strokes: [ScrawlStarsTests.wander(over: glyph.inkBounds, steps: 900, seed: 42)])
        let written = try LessonMachineTests.write(scrawl, into: &lesson, at: 1)
        let deadline = try #require(lesson.nextDeadline)
        let events = try lesson.handle(.tick, at: max(deadline, written.end + 10))
        let result = try #require(events.compactMap { if case .letterFinished(let r) = $0 { r } else { nil } }.first)
        let free = try #require(result.records.last { $0.phase == .freeWrite }?.assessment)
        #expect(free.stars == 0 && free.quality > 0.3)
        #expect(result.performance == 0)
        var learner = LearnerState()
        _ = learner.record(LetterResult(glyph: result.glyph, condition: result.condition, completed: true, stars: result.stars,
                                        records: result.records, adaptationSample: result.adaptationSample,
                                        performance: result.performance, plan: result.plan, startedAt: 0, endedAt: 1))
        #expect(learner.letters["druck/a"]?.recentScores == [0])
    }
}
