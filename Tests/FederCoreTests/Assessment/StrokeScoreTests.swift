import Testing
@testable import FederCore

/// Scribble's per-stroke score: shape 40, order 25, direction 20, start 10, join 5.
@Suite("Stroke scores")
struct StrokeScoreTests {
    @Test func weightsAreTheCursivePeers() {
        let s = StrokeScore(stroke: 0, inkStrokes: [0], shape: 1, order: 0, direction: 1, start: 1, join: 1)
        #expect(s.total == 75)
        #expect(StrokeScore(stroke: 0, inkStrokes: [0], shape: 0, order: 1, direction: 1, start: 1, join: 1).total == 60)
        #expect(StrokeScore(stroke: 0, inkStrokes: [0], shape: 1, order: 1, direction: 0, start: 1, join: 1).total == 80)
        #expect(StrokeScore(stroke: 0, inkStrokes: [0], shape: 1, order: 1, direction: 1, start: 0, join: 1).total == 90)
        #expect(StrokeScore(stroke: 0, inkStrokes: [0], shape: 1, order: 1, direction: 1, start: 1, join: 0).total == 95)
    }

    @Test func partsThatDoNotApplyDropOut() {
        // Print has no joins: the other four fill 100. A dot has no direction or start either.
        #expect(StrokeScore(stroke: 0, inkStrokes: [0], shape: 1, order: 1, direction: 1, start: 1, join: nil).total == 100)
        #expect(abs(StrokeScore(stroke: 0, inkStrokes: [0], shape: 1, order: 0, direction: 1, start: 1, join: nil).total - 100 * 70 / 95) < 1e-9)
        #expect(abs(StrokeScore(stroke: 0, inkStrokes: [0], shape: 0.5, order: 1, direction: nil, start: nil, join: nil).total - 100 * 45 / 65) < 1e-9)
    }

    @Test func eachStrokeIsJudgedOnItsOwn() {
        // A: first stroke reversed, crossbar missing.
        let a = TestInk.glyph("A")
        let ink = TestInk.along([a.strokes[0].points.reversed(), a.strokes[1].points])
        let scores = FreeWriteAssessor.assess(ink, glyph: a).strokes
        #expect(scores.count == 3)
        #expect(scores[0].direction! < 0.1 && scores[0].start! < 0.1 && scores[0].shape > 0.9)
        #expect(scores[1].total > 95)
        #expect(scores[2].total == 0 && scores[2].inkStrokes.isEmpty)
    }

    /// An M, N or R written in one line and slanted (as adults write them) earned three stars by its
    /// shape while the matcher found no stroke in it, and every per-stroke score was 0: a report
    /// saying "nothing written" beside three stars. Each stroke is now scored on its stretch.
    @Test(arguments: ["M", "N", "R"])
    func aLetterWrittenInOneSlantedLineHasAScoreForEachStroke(char: String) {
        let glyph = TestInk.glyph(char)
        let baseline = glyph.strokes.flatMap(\.points).map(\.y).max()!
        let line = glyph.strokes.flatMap(\.points).map { Point($0.x + 0.2 * (baseline - $0.y), $0.y) }
        let written = FreeWriteAssessor.assess(TestInk.along([line]), glyph: glyph)
        #expect(written.stars >= 2, "\(char): \(written.stars)")
        #expect(written.strokes.allSatisfy { $0.inkStrokes == [0] }, "\(char): \(written.strokes.map(\.inkStrokes))")
        #expect(written.strokes.allSatisfy { $0.shape > 0.4 && $0.total > 40 }, "\(char): \(written.strokes.map(\.total))")
    }

    @Test func aStrokeWrittenInTwoPiecesBelongsToOneStroke() {
        // The stem of l with a pen lift halfway.
        let l = TestInk.glyph("l")
        let a = FreeWriteAssessor.assess(TestInk.along([[Point(20, 0), Point(20, 100)], [Point(20, 100), Point(20, 200)]]), glyph: l)
        #expect(a.strokes[0].inkStrokes == [0, 1])
        #expect(a.strokes[0].total > 95)
        #expect(!a.errors.contains { $0.code == .extraStroke })
        #expect(a.kinematics.penLifts == 1)
    }
}
