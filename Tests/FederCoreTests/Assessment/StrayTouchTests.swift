import Foundation
import Testing
@testable import FederCore

/// Free writing: a touch far from the letter is no part of it (`StrayTouches`), but a dot above a
/// letter with a dot is its dot.
@Suite("Stray touches")
struct StrayTouchTests {
    /// The ink with one more stroke: a single sample at `point`, a moment after the last.
    static func touched(_ ink: Ink, at point: Point) -> Ink {
        let t = (ink.strokes.last?.last?.t ?? 0) + 0.4
        return Ink(pointer: ink.pointer, strokes: ink.strokes + [[PenSample(x: point.x, y: point.y, t: t, pressure: 0.3)]])
    }

    @Test(arguments: ["A", "M", "b", "7"])
    func aTapFarBelowOrBesideTheLetterChangesNothing(char: String) throws {
        let glyph = TestInk.glyph(char)
        let ink = TestInk.jittered(TestInk.centerline(glyph), amplitude: 2)
        let box = try #require(ink.bounds)
        let plain = FreeWriteAssessor.assess(ink, glyph: glyph)
        for tap in [Point(box.center.x, box.maxY + 0.5 * box.height), Point(box.maxX + 0.6 * box.height, box.center.y),
                    Point(box.minX - 2 * box.height, box.maxY + 2 * box.height)] {
            let touched = FreeWriteAssessor.assess(Self.touched(ink, at: tap), glyph: glyph)
            #expect(touched.stars == plain.stars, "\(char) \(tap)")
            #expect(touched.quality == plain.quality, "\(char) \(tap)")
            #expect(touched.errors.map(\.code) == plain.errors.map(\.code), "\(char) \(tap)")
        }
    }

    static let recognizer = try! LetterRecognizer.bundled()

    /// An ink file without ruling lines is laid on the glyph by its box: a tap twenty letters below
    /// stretched that box, the letter shrank to a twentieth, every stroke became shorter than a piece
    /// worth judging, and it lost all its stars (the tap itself was left out only afterwards); its
    /// Klarheit read the letter's lines as touches beside the tap and the whole as an i. The box is
    /// now the letter's without its far touches, and Klarheit reads the letter without them.
    @Test(arguments: ["F", "b"])
    func aTapManyLettersAwayInAFileWithoutRulingChangesNothing(char: String) throws {
        let glyph = TestInk.glyph(char)
        let ink = TestInk.jittered(TestInk.centerline(glyph), amplitude: 2)
        let box = try #require(ink.bounds)
        let plain = try AssessmentReport.assess(InkFile(strokes: ink.strokes), glyph: glyph, phase: .freeWrite, recognizer: Self.recognizer)
        #expect(plain.stars > 0)
        for tap in [Point(box.center.x, box.maxY + 20 * box.height), Point(box.maxX + 50 * box.height, box.minY - 5 * box.height)] {
            let file = InkFile(strokes: Self.touched(ink, at: tap).strokes)
            let judged = try AssessmentReport.assess(file, glyph: glyph, phase: .freeWrite, recognizer: Self.recognizer)
            #expect(judged.stars == plain.stars, "\(char) \(tap)")
            #expect(abs(judged.quality - plain.quality) < 1e-9, "\(char) \(tap)")  // moved to the origin by another centre
            #expect(judged.errors.map(\.code) == plain.errors.map(\.code), "\(char) \(tap)")
            #expect(judged.clarity?.recognized == plain.clarity?.recognized, "\(char) \(tap)")
            #expect(abs((judged.clarity?.probability ?? -1) - (plain.clarity?.probability ?? -2)) < 1e-6, "\(char) \(tap)")
        }
    }

    /// The report numbers the child's strokes as they are stored, the stray touch counted: a T
    /// written stem first after a tap far away names the stem stroke 1 and the bar stroke 2, as the
    /// exported samples do (they named them 0 and 1, as if the tap had not been written).
    @Test func strokeNumbersCountTheTouchAsStored() throws {
        let t = TestInk.glyph("T")
        let stemFirst = TestInk.along([t.strokes[1].points, t.strokes[0].points])
        let box = try #require(stemFirst.bounds)
        let tap = [PenSample(x: box.minX - 2 * box.height, y: box.maxY + 2 * box.height, t: -1, pressure: 0.3)]
        let tapped = Ink(pointer: stemFirst.pointer, strokes: [tap] + stemFirst.strokes)
        let plain = FreeWriteAssessor.assess(stemFirst, glyph: t)
        let judged = FreeWriteAssessor.assess(tapped, glyph: t)
        #expect(plain.errors.contains { $0.code == .strokeOrder } && judged.stars == plain.stars)
        #expect(judged.errors.map(\.code) == plain.errors.map(\.code))
        #expect(judged.errors.map(\.inkStroke) == plain.errors.map { $0.inkStroke.map { $0 + 1 } }, "\(judged.errors)")
        #expect(judged.strokes.map(\.inkStrokes) == plain.strokes.map { $0.inkStrokes.map { $0 + 1 } })
        // Kinematics leave the touch out; per stroke they are listed as stored, nothing for the touch.
        #expect(judged.kinematics.strokes == 2 && judged.kinematics.nivPerStroke.count == 3)
        #expect(judged.kinematics.nivPerStroke[0] == nil && Array(judged.kinematics.nivPerStroke[1...]) == plain.kinematics.nivPerStroke)
    }

    @Test func aDotHighAboveAnIIsItsDotAndATapBelowItIsNot() throws {
        let i = TestInk.glyph("i")
        let stems = i.strokes.filter { !$0.isDot }, dots = i.strokes.filter(\.isDot)
        try #require(stems.count == 1 && dots.count == 1)
        let (stem, dot) = (stems[0], dots[0])
        let height = stem.points.map(\.y).max()! - stem.points.map(\.y).min()!
        let high = Point(dot.points[0].x, dot.points[0].y - 0.6 * height)
        let withHighDot = TestInk.along([stem.points, [high, Point(high.x + 1, high.y + 1)]])
        let judged = FreeWriteAssessor.assess(withHighDot, glyph: i)
        #expect(!judged.errors.contains { $0.code == .missingStroke }, "the dot is kept: \(judged.errors.map(\.code))")
        // Without any dot the dot is missing, and a tap far below the stem does not stand in for it.
        let below = Point(stem.points[0].x, stem.points.map(\.y).max()! + height)
        let tapBelow = FreeWriteAssessor.assess(Self.touched(TestInk.along([stem.points]), at: below), glyph: i)
        #expect(tapBelow.errors.contains { $0.code == .missingStroke && $0.tip == Phrases.missingDot })
    }

    /// An i that has its dot, and one more tap far above or above beside it: the tap is no second
    /// dot (until 2026-11-29 any touch above was the dot however high, and such a tap took all the
    /// i's stars: "notCovered" or two "missingStroke", a review found). A dot 2.5 stem heights up,
    /// as high as real adult dots go, is still the dot.
    @Test func aTapFarAboveAnIThatHasItsDotChangesNothing() throws {
        let i = TestInk.glyph("i")
        let ink = TestInk.jittered(TestInk.centerline(i), amplitude: 1)
        let stem = try #require(i.strokes.first { !$0.isDot })
        let height = stem.points.map(\.y).max()! - stem.points.map(\.y).min()!
        let top = stem.points.map(\.y).min()!
        let plain = FreeWriteAssessor.assess(ink, glyph: i)
        #expect(plain.stars > 0)
        for tap in [Point(stem.points[0].x, top - 10 * height), Point(stem.points[0].x - 6 * height, top - 4 * height)] {
            let judged = FreeWriteAssessor.assess(Self.touched(ink, at: tap), glyph: i)
            #expect(judged.stars == plain.stars, "\(tap): \(judged.errors.map(\.code))")
            #expect(judged.errors.map(\.code) == plain.errors.map(\.code), "\(tap)")
        }
        let highDot = Point(stem.points[0].x, top - 2.5 * height)
        let withHighDot = FreeWriteAssessor.assess(TestInk.along([stem.points, [highDot, Point(highDot.x + 1, highDot.y + 1)]]), glyph: i)
        #expect(!withHighDot.errors.contains { $0.code == .missingStroke }, "\(withHighDot.errors.map(\.code))")
    }

    @Test func aTouchOnTheLetterIsKept() {
        let o = TestInk.glyph("O")
        let ink = TestInk.centerline(o)
        let kept = StrayTouches.removed(from: StrayTouchTests.touched(ink, at: ink.bounds!.center).strokes, glyph: o,
                                        config: .standard)
        #expect(kept.count == ink.strokes.count + 1, "a touch inside the O's box is not stray")
    }
}

@Suite("Nothing of the letter")
struct NothingOfTheLetterTests {
    /// A dot alone lies within three quarters of an x-height of every part of a small i, so its shape
    /// distance earned a star; no line of the letter was written, so it earns none.
    @Test func aDotAloneIsNotAnI() {
        let i = TestInk.glyph("i")
        let dot = i.strokes.first(where: \.isDot)!.points[0]
        let judged = FreeWriteAssessor.assess(TestInk.along([[dot, Point(dot.x + 0.5, dot.y)]]), glyph: i)
        #expect(judged.stars == 0, "\(judged.quality) \(judged.errors.map(\.code))")
        #expect(judged.errors.contains { $0.code == .missingStroke })
        // The stem alone, without its dot, is an i with a missing dot: still stars.
        let stem = i.strokes.first { !$0.isDot }!.points
        #expect(FreeWriteAssessor.assess(TestInk.along([stem]), glyph: i).stars > 0)
    }
}
