import Testing
@testable import FederCore

/// Without the recognizer (`feder assess` of a word, a build without weights) the mirror and scrawl
/// checks are all that keep another letter from earning stars (docs/ASSESSMENT.md §5); with it, a
/// reading sure of the expected letter overrules the mirror check.
@Suite("Stars without the recognizer")
struct StarsWithoutRecognizerTests {
    static func mirrored(_ glyph: Glyph) -> Ink {
        let box = glyph.inkBounds
        let ink = TestInk.centerline(glyph)
        return Ink(pointer: ink.pointer, strokes: ink.strokes.map { $0.map { s in
            var s = s
            s.x = box.minX + box.maxX - s.x
            return s
        } })
    }

    @Test(arguments: ["b", "d", "s", "z", "N", "S", "3", "7"])
    func aMirroredLetterIsNamedAndEarnsNoStar(char: String) {
        let glyph = TestInk.glyph(char)
        let a = FreeWriteAssessor.assess(Self.mirrored(glyph), glyph: glyph)
        #expect(a.clarity == nil)
        #expect(a.errors.contains { $0.code == .mirrored }, "mirrored \(char): \(a.errors.map(\.code))")
        #expect(a.stars == 0)
        // The same ink the right way round is the letter.
        #expect(FreeWriteAssessor.assess(TestInk.centerline(glyph), glyph: glyph).stars == 3)
    }

    /// The stem of an l gone over again and again: far more ink than the letter has line.
    @Test func aScrawlOverTheLetterEarnsNoStarButAStrokeGoneOverOnceStillDoes() {
        let l = TestInk.glyph("l")
        let stem = l.strokes[0].points
        func overtraced(_ times: Int) -> Ink {
            var points: [Point] = []
            for k in 0..<times { points += k % 2 == 0 ? stem : stem.reversed() }
            return TestInk.along([points])
        }
        let scrawl = FreeWriteAssessor.assess(overtraced(5), glyph: l)
        #expect(scrawl.errors.contains { $0.code == .extraStroke && $0.stroke == nil && $0.inkStroke == nil })
        #expect(scrawl.stars == 0)
        let twice = FreeWriteAssessor.assess(overtraced(2), glyph: l)
        #expect(!twice.errors.contains { $0.code == .extraStroke && $0.stroke == nil })
        #expect(twice.stars > 0)
    }

    static func read(_ expected: String, _ p: Double) -> Clarity {
        Clarity(expected: expected, probability: p, isExpected: true, recognized: expected, confidence: p, top: [])
    }

    /// A reading sure of the expected letter (≥ `surelyTheLetter`), and at least as sure as the
    /// reading of its mirror image, takes the mirror check's verdict back and gives the stars the
    /// shape earns; a reading below that, or one its mirror image beats (a 7 turned round that the
    /// recognizer still reads as a 7 at 0.95, and at 0.99 turned back), leaves it.
    @Test func aSureReadingOverrulesTheMirrorCheckUnlessTheMirrorImageReadsSurer() {
        let s = TestInk.glyph("s")
        let assessed = FreeWriteAssessor.assess(Self.mirrored(s), glyph: s)
        #expect(assessed.errors.contains { $0.code == .mirrored } && assessed.stars == 0)
        let config = AssessmentConfig.standard
        var sure = assessed
        sure.judge(Self.read("s", config.surelyTheLetter), mirrorImage: { Self.read("s", 0.5) }, at: .zero, config: config, variation: 0)
        #expect(!sure.errors.contains { $0.code == .mirrored })
        #expect(sure.stars == Stars.freeWrite(quality: assessed.quality, errors: sure.errors) && sure.stars > 0)
        var unsure = assessed
        unsure.judge(Self.read("s", config.surelyTheLetter - 0.1), mirrorImage: { nil }, at: .zero, config: config, variation: 0)
        #expect(unsure.errors.contains { $0.code == .mirrored } && unsure.stars == 0)
        var beaten = assessed
        beaten.judge(Self.read("s", 0.95), mirrorImage: { Self.read("s", 0.99) }, at: .zero, config: config, variation: 0)
        #expect(beaten.errors.contains { $0.code == .mirrored } && beaten.stars == 0)
    }

    /// A letter whose shape the mirror check let pass (real handwriting is far from the model either
    /// way) but whose mirror image the recognizer reads as the expected letter clearly more surely
    /// than the ink as written: written mirrored, no star, and the child hears the mirror tip. The
    /// mirror image is read only when it could matter.
    @Test func aMirrorImageReadFarMoreSurelyAsTheLetterMakesItMirrored() {
        let four = TestInk.glyph("4")
        let written = FreeWriteAssessor.assess(TestInk.centerline(four), glyph: four)
        #expect(written.stars == 3 && !written.errors.contains { $0.code == .mirrored })
        let config = AssessmentConfig.standard
        var turned = written
        turned.judge(Self.read("4", 0.37), mirrorImage: { Self.read("4", 0.99) }, at: Point(1, 2), config: config, variation: 0)
        #expect(turned.stars == 0)
        #expect(turned.errors.first?.code == .mirrored && turned.errors.first?.at == Point(1, 2))
        #expect(turned.feedback.tips.first == Phrases.mirrored)
        // Not when the mirror image reads only a little better, or not surely enough.
        for (asWritten, mirrorImage) in [(0.6, 0.85), (0.4, 0.65)] {
            var kept = written
            kept.judge(Self.read("4", asWritten), mirrorImage: { Self.read("4", mirrorImage) }, at: .zero, config: config, variation: 0)
            #expect(kept.stars == written.stars && !kept.errors.contains { $0.code == .mirrored }, "\(asWritten) \(mirrorImage)")
        }
        // A letter read surely as written is not read again turned round.
        var sure = written
        sure.judge(Self.read("4", 0.95), mirrorImage: { Issue.record("the mirror image was read"); return nil }, at: .zero,
                   config: config, variation: 0)
        #expect(sure.stars == written.stars)
    }
}
