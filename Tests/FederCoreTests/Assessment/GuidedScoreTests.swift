import Testing
@testable import FederCore

/// The guided score is a real score: it moves with coverage, closeness and pace.
@Suite("Guided score")
struct GuidedScoreTests {
    let l = TestInk.glyph("l")

    func guided(_ ink: Ink) -> GuidedScore { GuidedAssessor.assess(ink, glyph: l).guided! }

    @Test func theCenterlineScoresOne() {
        let g = guided(TestInk.centerline(l))
        #expect(g.completed)
        #expect(abs(g.score - 1) < 1e-6)
    }

    @Test func deviationLowersTheScoreStepByStep() {
        let scores = [0.0, 5, 10, 15].map { dx in guided(TestInk.along([l.strokes[0].points.map { Point($0.x + dx, $0.y) }])).score }
        #expect(scores == scores.sorted(by: >))
        #expect(Set(scores).count == 4)
        // 10 units (0.1 x-heights) off: accuracy 1 − 0.1/0.3.
        let g = guided(TestInk.along([l.strokes[0].points.map { Point($0.x + 10, $0.y) }]))
        #expect(abs(g.meanDeviation - 0.1) < 1e-6)
        #expect(abs(g.accuracy - 2.0 / 3) < 1e-6)
        #expect(abs(g.score - (0.40 + 0.35 * 2 / 3 + 0.15 + 0.10)) < 1e-6)
    }

    @Test func coverageCountsForUnfinishedTracing() {
        let half = guided(TestInk.along([[Point(20, 0), Point(20, 100)]]))
        #expect(!half.completed)
        #expect(half.coverage < 0.65)
        #expect(half.score < 0.85)
        #expect(GuidedAssessor.assess(TestInk.along([[Point(20, 0), Point(20, 100)]]), glyph: l).stars == 0)
    }

    @Test func paceCountsALittle() {
        let brisk = guided(TestInk.centerline(l, simulator: PenSimulator(speed: 100)))
        let slow = guided(TestInk.centerline(l, simulator: PenSimulator(speed: 25)))
        let crawl = guided(TestInk.centerline(l, simulator: PenSimulator(speed: 5)))
        #expect(brisk.pace == 1)
        #expect(abs(slow.pace - 0.375) < 0.01)  // 0.25 x-heights/s between 0.1 and 0.5
        #expect(crawl.pace == 0)
        #expect(brisk.score > slow.score && slow.score > crawl.score)
    }

    @Test func anEmptyAttemptScoresZero() {
        let a = GuidedAssessor.assess(Ink(), glyph: l)
        #expect(a.score == 0)
        #expect(a.stars == 0)
        #expect(a.errors.map(\.code) == [.missingStroke])
    }
}
