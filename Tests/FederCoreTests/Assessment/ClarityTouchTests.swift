import Testing
@testable import FederCore

/// A tap on the letter is nobody's stroke for Klarheit too; a dot above it is the letter's.
@Suite("Klarheit and touches")
struct ClarityTouchTests {
    static let recognizer = try! LetterRecognizer.bundled()

    static func clarity(_ strokes: [[Point]], expected: String) -> Clarity {
        Clarity.judge(TestInk.along(strokes), expected: expected, recognizer: recognizer)!
    }

    /// The pen set down and lifted inside the letter, at the middle of its box (a child's tap, a
    /// bounce): the reading is the letter's without it.
    @Test(arguments: ["a", "b", "d", "e", "g", "h", "n", "o", "q", "s", "u", "w", "A", "B", "E", "G", "M", "R"])
    func aTapOnTheLetterLeavesItsReading(char: String) {
        let glyph = TestInk.glyph(char)
        let lines = glyph.strokes.map(\.points)
        let box = Polyline.bounds(lines)!
        let tap = [box.center, Point(box.center.x + 0.01 * glyph.unit, box.center.y)]
        let plain = Self.clarity(lines, expected: char), tapped = Self.clarity(lines + [tap], expected: char)
        #expect(tapped.recognized == plain.recognized)
        #expect(abs(tapped.probability - plain.probability) < 1e-9, "\(char): \(plain.probability) → \(tapped.probability)")
    }

    /// A tap beside the letter, below it, or far away on the page is no dot either.
    @Test(arguments: ["l", "a", "n", "o", "E"])
    func aTapBesideOrBelowTheLetterLeavesItsReading(char: String) {
        let glyph = TestInk.glyph(char)
        let lines = glyph.strokes.map(\.points)
        let box = Polyline.bounds(lines)!, unit = glyph.unit
        let plain = Self.clarity(lines, expected: char)
        for at in [Point(box.maxX + 0.6 * unit, box.center.y), Point(box.center.x, box.maxY + 0.5 * unit),
                   Point(box.maxX + 6 * unit, box.minY - 3 * unit)] {
            let tapped = Self.clarity(lines + [[at, Point(at.x + 0.01 * unit, at.y)]], expected: char)
            #expect(tapped.recognized == plain.recognized, "\(char), tap at \(at)")
            #expect(abs(tapped.probability - plain.probability) < 1e-9, "\(char), tap at \(at): \(plain.probability) → \(tapped.probability)")
        }
    }

    /// An i whose dot a child set a little to the side is still an i.
    @Test func anIDotSetToTheSideIsRead() {
        let glyph = TestInk.glyph("i")
        let moved = glyph.strokes.map { $0.isDot ? $0.points.map { Point($0.x + 0.3 * glyph.unit, $0.y) } : $0.points }
        #expect(Self.clarity(moved, expected: "i").recognized == "i")
    }

    /// A dot above the letter is part of it: an i is not an l, an ä not an a.
    @Test(arguments: [("i", "l"), ("ä", "a"), ("ü", "u")])
    func aDotAboveTheLetterIsRead(dotted: String, plain: String) {
        let glyph = TestInk.glyph(dotted)
        let lines = glyph.strokes.map(\.points)
        let withDots = Self.clarity(lines, expected: plain)
        let withoutDots = Self.clarity(glyph.strokes.filter { !$0.isDot }.map(\.points), expected: plain)
        #expect(withDots.recognized == dotted, "\(withDots.recognized)")
        #expect(withDots.probability < 0.5 * withoutDots.probability, "\(withDots.probability) vs \(withoutDots.probability)")
    }
}
