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

    static func context(_ glyph: Glyph, ink: [[Point]], pieces: [[InkPiece]]) -> CheckContext {
        let config = AssessmentConfig.standard, unit = glyph.unit
        return CheckContext(glyph: glyph, ink: ink, toPage: Placement(scale: 1, offset: .zero), pieces: pieces,
                            corridor: config.corridor * unit, coverRadius: config.coverRadius * unit,
                            startTolerance: config.startTolerance * unit, overshoot: config.freeOvershoot * unit, config: config)
    }

    /// The stroke the matcher left gets the stretch of ink that is its own: in a one-line a whose
    /// line the matcher gave whole to the bowl, the stem is found after the bowl's own stretch; an A's
    /// bar is not taken from a leg that is all another stroke's; a stroke reported missing stays empty.
    @Test func aStrokeLeftWithoutInkGetsTheStretchNoOtherStrokeOwns() {
        let a = TestInk.glyph("a")
        let bowl = a.strokes[0].points, stem = a.strokes[1].points
        let line = bowl + stem
        let found = StrokeScoring.findingUnmatched(Self.context(a, ink: [line], pieces: [[InkPiece(stroke: 0, range: 0...(line.count - 1))], []]), errors: [])
        let stemPiece = found.pieces[1].first
        #expect(stemPiece?.stroke == 0, "the stem has no ink")
        #expect((stemPiece?.range.lowerBound ?? 0) >= bowl.count - 2, "\(String(describing: stemPiece)) in a line of \(line.count) after a bowl of \(bowl.count)")
        let missing = WritingError(code: .missingStroke, stroke: 1, at: .zero, tip: Phrases.missingStroke)
        let reported = StrokeScoring.findingUnmatched(Self.context(a, ink: [line], pieces: [[InkPiece(stroke: 0, range: 0...(line.count - 1))], []]), errors: [missing])
        #expect(reported.pieces[1].isEmpty)

        let capitalA = TestInk.glyph("A")
        let legs = [capitalA.strokes[0].points, capitalA.strokes[1].points]
        let whole = legs.indices.map { [InkPiece(stroke: $0, range: 0...(legs[$0].count - 1))] }
        let withoutBar = StrokeScoring.findingUnmatched(Self.context(capitalA, ink: legs, pieces: whole + [[]]), errors: [])
        #expect(withoutBar.pieces[2].isEmpty)
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
