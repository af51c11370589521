import Foundation
import Testing
@testable import FederCore

/// Two ways real ink used to knock a readable letter down to no star: a fit that matched the wrong
/// strokes and blew the letter up, and a touch of the pen taken for one of the letter's lines. Both
/// were found on real UNIPEN letters (the ink itself stays out of the repository; these are drawn
/// after it).
@Suite("Fit and touches")
struct FitAndTouchTests {
    /// A narrow A as an adult wrote it: the left leg down, back up it to the apex, the right leg down
    /// in the same stroke, then a short bar. Matching its one long stroke to a single leg made the
    /// fit scale the ink 1.55 times, and Form fell from 0.67 to 0.
    @Test func aNarrowOneStrokeAKeepsItsShape() {
        let a = TestInk.glyph("A")
        let legs = [Point(930, 50), Point(890, 200), Point(980, 0), Point(1000, 200)]
        let bar = [Point(950, 80), Point(1000, 80)]
        let result = FreeWriteAssessor.assess(TestInk.along([legs, bar]), glyph: a)
        #expect(result.motor!.form > 0.6, "form \(result.motor!.form)")
        #expect(result.stars >= 1)
        // Its plan is not the school's: the start is named, not a missing or uncovered leg.
        #expect(result.errors.contains { $0.code == .wrongStart })
        #expect(!result.errors.contains { $0.code == .missingStroke })
    }

    /// A refinement that lays a dotless i's stem onto the stem is right even though the missing dot
    /// is then far from any ink: the guard looks at where the ink lies, not at what it leaves out.
    @Test func theGuardStillLetsAStemWithoutItsDotBeFittedToTheStem() {
        let i = TestInk.glyph("i")
        let result = FreeWriteAssessor.assess(TestInk.along([i.strokes[0].points]), glyph: i)
        #expect(result.errors.map(\.code) == [.missingStroke])
        #expect(result.errors.first?.stroke == 1)
    }

    /// A pen set down and lifted inside the letter (two samples on one spot) is nobody's stroke: it
    /// does not become the start of a bowl or a stem, and the judgement is the one without it.
    @Test func aTouchInsideTheLetterChangesNothing() {
        for char in ["d", "a", "g", "t", "n", "p"] {
            let glyph = TestInk.glyph(char)
            let clean = TestInk.centerline(glyph)
            let centre = Polyline.bounds(glyph.strokes.map(\.points))!.center
            let end = clean.strokes.last!.last!.t
            func touch(at t: Double) -> [PenSample] {
                [PenSample(x: centre.x, y: centre.y, t: t), PenSample(x: centre.x + 0.5, y: centre.y, t: t + 0.01)]
            }
            let later = clean.strokes.map { $0.map { var s = $0; s.t += 0.5; return s } }
            for (strokes, touchIndex) in [(clean.strokes + [touch(at: end + 0.3)], clean.strokes.count), ([touch(at: 0)] + later, 0)] {
                let plain = FreeWriteAssessor.assess(clean, glyph: glyph)
                let touched = FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: strokes), glyph: glyph)
                #expect(touched.errors.map(\.code) == plain.errors.map(\.code), "\(char)")
                #expect(touched.stars == plain.stars, "\(char)")
                #expect(abs(touched.quality - plain.quality) < 0.01, "\(char)")
                #expect(!touched.strokes.contains { $0.inkStrokes.contains(touchIndex) }, "\(char): the touch was taken for a line")
            }
        }
    }

    /// A touch is still a dot where the letter has one.
    @Test func aTouchIsStillADot() {
        let i = TestInk.glyph("i")
        let dot = i.strokes[1].points[0]
        let stem = TestInk.along([i.strokes[0].points])
        let end = stem.strokes[0].last!.t
        let touch = [PenSample(x: dot.x, y: dot.y, t: end + 0.3), PenSample(x: dot.x, y: dot.y, t: end + 0.31)]
        let result = FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: stem.strokes + [touch]), glyph: i)
        #expect(result.errors.isEmpty, "\(result.errors.map(\.code))")
        #expect(result.strokes[1].inkStrokes == [1])
    }
}
