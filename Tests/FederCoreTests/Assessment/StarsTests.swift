import Testing
@testable import FederCore

@Suite("Stars and words")
struct StarsTests {
    let start = WritingError(code: .wrongStart, stroke: 0, at: .zero, tip: Phrases.startTop)
    let corner = WritingError(code: .cornerCut, stroke: 0, at: .zero, tip: Phrases.cornerCut)

    @Test func guidedThresholds() {
        #expect([0.95, 0.85, 0.84, 0.65, 0.64, 0.40, 0.39, 0].map { Stars.guided(quality: $0, completed: true, errors: []) }
                == [3, 3, 2, 2, 1, 1, 0, 0])
        #expect(Stars.guided(quality: 1, completed: false, errors: []) == 0)
    }

    @Test func freeWriteThresholdsAndTheFormationCap() {
        #expect([0.9, 0.70, 0.69, 0.50, 0.49, 0.25, 0.24].map { Stars.freeWrite(quality: $0, errors: []) } == [3, 3, 2, 2, 1, 1, 0])
        #expect(Stars.freeWrite(quality: 0.95, errors: [start]) == 2)
        #expect(Stars.freeWrite(quality: 0.95, errors: [corner]) == 3)
        #expect(Stars.guided(quality: 0.95, completed: true, errors: [start]) == 2)
    }

    @Test func aFluentScribbleGetsNoStarsThoughItsMotorOverallIsFair() {
        let l = TestInk.glyph("l")
        let walk = TestInk.randomWalk(from: Point(120, 100), steps: 300, step: 4, seed: 3)
        let ink = Ink(pointer: .pen, strokes: [walk])
        let a = FreeWriteAssessor.assess(ink, glyph: l, recognizer: try! LetterRecognizer.bundled())
        #expect(a.motor!.overall > 0.3)
        #expect(a.stars == 0)
        // Shape alone (no recognizer at hand) is lenient with a letter as plain as l, but not generous.
        #expect(FreeWriteAssessor.assess(ink, glyph: l).stars <= 1)
    }

    @Test func praiseFitsTheStarsAndTipsFollow() {
        let f = Feedback(stars: 2, errors: [corner, start], variation: 0)
        #expect(f.praise == Phrases.praise(stars: 2))
        #expect(f.tips == [Phrases.startTop, Phrases.cornerCut])
        #expect(f.utterances.count == 3)
        #expect(Phrases.praise(stars: 3, variation: 1) != Phrases.praise(stars: 3, variation: 0))
        #expect(Phrases.praise(stars: 9) == Phrases.praise(stars: 3))
    }
}
