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
