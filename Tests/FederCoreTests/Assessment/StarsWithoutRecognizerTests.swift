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

    /// A reading sure of the expected letter (≥ `surelyTheLetter`) takes the mirror check's verdict
    /// back and gives the stars the shape earns; a reading below that leaves it.
    @Test func aSureReadingOverrulesTheMirrorCheck() {
        let s = TestInk.glyph("s")
        let assessed = FreeWriteAssessor.assess(Self.mirrored(s), glyph: s)
        #expect(assessed.errors.contains { $0.code == .mirrored } && assessed.stars == 0)
        func read(_ p: Double) -> Clarity {
            Clarity(expected: "s", probability: p, isExpected: true, recognized: "s", confidence: p, top: [])
        }
        let config = AssessmentConfig.standard
        var sure = assessed
        sure.judge(read(config.surelyTheLetter), config: config, variation: 0)
        #expect(!sure.errors.contains { $0.code == .mirrored })
        #expect(sure.stars == Stars.freeWrite(quality: assessed.quality, errors: sure.errors) && sure.stars > 0)
        var unsure = assessed
        unsure.judge(read(config.surelyTheLetter - 0.1), config: config, variation: 0)
        #expect(unsure.errors.contains { $0.code == .mirrored } && unsure.stars == 0)
    }
}
