import Foundation
import Testing
@testable import FederCore

/// Form and the direction/start checks on the simplest letter: one vertical stroke (l).
@Suite("Form")
struct FormScoreTests {
    let l = TestInk.glyph("l")
    var line: [Point] { l.strokes[0].points }

    func form(_ ink: Ink) -> (Double, AttemptAssessment) {
        let a = FreeWriteAssessor.assess(ink, glyph: l)
        return (a.motor!.form, a)
    }

    @Test func aCleanTraceOfAVerticalStrokeScoresAbove0_9() {
        let (form, a) = form(TestInk.along([line]))
        #expect(form > 0.9)
        #expect(form > 0.999)
        #expect(a.errors.isEmpty)
    }

    @Test func jitterOfTwoPercentOfTheLetterSizeStaysAbove0_8() {
        // The l is 200 units tall: ±2 % is ±4 units on every sample.
        let (form, a) = form(TestInk.jittered(TestInk.along([line]), amplitude: 4))
        #expect(form > 0.8)
        #expect(form < 0.99, "jitter must cost something")
        #expect(a.errors.isEmpty)
    }

    @Test func formFallsWithTheSizeOfTheWobble() {
        let forms = [0.0, 4, 10, 20].map { form(TestInk.jittered(TestInk.along([line]), amplitude: $0)).0 }
        #expect(forms == forms.sorted(by: >))
        #expect(forms[3] < 0.9)
    }

    @Test func anOffPathScribbleIsFarFromTheShapeAndEarnsNoStar() {
        // A zigzag beside the line and a random walk: neither is an l. Shape alone puts them 0.3 and
        // 0.7 x-heights from it (an l is a plain line: a narrow zigzag is not far); the recognizer
        // says they are no l, so no star.
        let recognizer = try! LetterRecognizer.bundled()
        let zigzag = TestInk.along([(0...12).map { Point(Double($0 % 2) * 80 + 60, Double($0) * 15) }])
        let walk = Ink(pointer: .pen, strokes: [TestInk.randomWalk(from: Point(120, 100), steps: 300, step: 4, seed: 3)])
        for ink in [zigzag, walk] {
            let a = FreeWriteAssessor.assess(ink, glyph: l, recognizer: recognizer)
            #expect(a.motor!.formDistance! > 0.25)
            #expect(a.stars == 0, "form \(a.motor!.form), clarity \(a.clarity?.probability ?? -1)")
        }
    }

    @Test func theSameStrokeReversedKeepsItsFormAndIsFlaggedReversed() {
        // Form is the shape; the direction is the plan's, judged by its own error and stroke score.
        let (form, a) = form(TestInk.along([line.reversed()]))
        #expect(form > 0.95)
        #expect(a.errors.contains { $0.code == .reversed && $0.stroke == 0 })
        #expect(a.strokes[0].direction! < 0.1)
        #expect(a.feedback.tips.contains(Phrases.reversedFree))
    }

    @Test func startingAtTheFarEndIsAWrongStart() {
        let a = FreeWriteAssessor.assess(TestInk.along([line.reversed()]), glyph: l)
        let start = a.errors.first { $0.code == .wrongStart }
        #expect(start != nil)
        #expect(start?.stroke == 0)
        #expect(start?.at == l.strokes[0].start)  // points at where to begin
        #expect(start?.tip.text == "Fang oben an.", "writing alone there is no dot to name")
        #expect(a.strokes[0].start! < 0.1)
        // Guided gives the same answer, with the dot the child traces from.
        let g = GuidedAssessor.assess(TestInk.along([line.reversed()]), glyph: l)
        #expect(g.errors.contains { $0.code == .wrongStart })
        #expect(g.errors.first { $0.code == .wrongStart }?.tip.text == "Fang oben beim Punkt an.")
        #expect(g.errors.contains { $0.code == .reversed })
    }

    @Test func aClosedLoopDrawnTheWrongWayIsReversedButStartedRight() {
        let o = TestInk.glyph("o")
        let a = FreeWriteAssessor.assess(TestInk.along([o.strokes[0].points.reversed()]), glyph: o)
        #expect(a.errors.map(\.code) == [.reversed])
        #expect(a.motor!.form > 0.95)
        #expect(a.stars == 2)
    }

    @Test func formIsTheShapeNotTheStrokeOrder() {
        // T with its strokes swapped: every line right and the right way, so Form stays high
        // (stroke order has its own score and error).
        let t = TestInk.glyph("T")
        let a = FreeWriteAssessor.assess(TestInk.along([t.strokes[1].points, t.strokes[0].points]), glyph: t)
        #expect(a.motor!.form > 0.95)
        #expect(a.strokes.map(\.order).contains(0))
    }

    @Test func aSlightSlantIsNoFaultOfFormButIsMeasured() {
        func leaning(_ degrees: Double) -> AttemptAssessment {
            let dx = tan(degrees * Double.pi / 180) * 200
            return FreeWriteAssessor.assess(TestInk.along([[Point(20 + dx, 0), Point(20, 200)]]), glyph: l)
        }
        let slight = leaning(8), strong = leaning(30)
        #expect(slight.motor!.form > 0.9)  // turns are tried in steps of π/32 (5.6°)
        #expect(abs(slight.kinematics.slant! - 8) < 0.5)
        #expect(strong.motor!.form < slight.motor!.form - 0.2)
        #expect(abs(strong.kinematics.slant! - 30) < 0.5)
    }

    @Test func formJudgesShapeNotSizeOrPlace() {
        let a = TestInk.glyph("a")
        let big = FreeWriteAssessor.assess(TestInk.centerline(a).placed(by: Placement(scale: 1.6, offset: Point(0, -120))), glyph: a)
        #expect(big.motor!.form > 0.95)
        #expect(big.errors.map(\.code) == [.tooBig])
    }
}
