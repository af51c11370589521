import Foundation
import Testing
@testable import FederCore

/// A scrawl that nobody would read as the character earns no star. Shape alone cannot always tell:
/// a walk wandering over a digit's box stays near some line of an 8 or a 9 everywhere. The
/// recognizer's bound does, once it counts for what a digit is read among (ten digits, not 59
/// letters: `AssessmentConfig.anotherDigit`).
@Suite("Scrawls earn no star")
struct ScrawlStarsTests {
    static let recognizer = try! LetterRecognizer.bundled()

    /// A line wandering over the glyph's box: each step 4 units on, turning a little (seeded).
    static func wander(over box: Rect, steps: Int, seed: UInt64) -> [PenSample] {
        var rng = SplitMix64(seed: seed)
        var p = Point(Double.random(in: box.minX...box.maxX, using: &rng), Double.random(in: box.minY...box.maxY, using: &rng))
        var angle = Double.random(in: 0..<(2 * .pi), using: &rng)
        var out: [PenSample] = []
        for i in 0..<steps {
            out.append(PenSample(x: p.x, y: p.y, t: Double(i) / 100, pressure: 0.5))
            // Sum of uniforms: a turn of about ±0.5 rad, as scripts/calibration/scrawls.py draws them.
            angle += (Double.random(in: -0.5...0.5, using: &rng) + Double.random(in: -0.5...0.5, using: &rng)
                      + Double.random(in: -0.5...0.5, using: &rng)) * 0.58
            p = Point(min(max(p.x + 4 * cos(angle), box.minX), box.maxX), min(max(p.y + 4 * sin(angle), box.minY), box.maxY))
        }
        return out
    }

    @Test func wanderingLinesOverADigitEarnNoStarUnlessReadAsIt() {
        var starred: [String] = []
        for digit in (0...9).map(String.init) {
            let glyph = TestInk.glyph(digit)
            // The digit's cell on the lines: its height, and at least 0.7 of it wide (a 1's own box is a
            // stem, and a line wandering in it is a 1).
            let ink = glyph.inkBounds, half = max(ink.width, 0.7 * ink.height) / 2
            let cell = Rect(minX: ink.center.x - half, minY: ink.minY, maxX: ink.center.x + half, maxY: ink.maxY)
            for seed in UInt64(1)...5 {
                let steps = 60 + Int(seed) * 20
                let ink = Ink(pointer: .pen, strokes: [Self.wander(over: cell, steps: steps, seed: seed &* 7919 &+ UInt64(digit.unicodeScalars.first!.value))])
                let a = FreeWriteAssessor.assess(ink, glyph: glyph, recognizer: Self.recognizer)
                // A wandering line can happen to be the digit (a 1, a 7): that one may earn stars.
                if a.stars > 0, a.clarity?.recognized != digit { starred.append("\(digit) seed \(seed): \(a.stars) stars, read \(a.clarity?.recognized ?? "-") p(\(digit)) \(a.clarity?.probability ?? -1)") }
            }
        }
        #expect(starred.isEmpty, "\(starred)")
    }

    /// A scrawl over a letter's place hears the scrawl's own tip alone: not "another letter" (which
    /// replaced it once the recognizer's verdict came to carry a tip of its own, a review found), nor
    /// start and direction tips about strokes of a letter it is not.
    @Test func aScrawlHearsItsOwnTipNotAnotherLetters() {
        let glyph = TestInk.glyph("a")
        let box = glyph.inkBounds
        let ink = Ink(pointer: .pen, strokes: [Self.wander(over: box, steps: 900, seed: 42)])
        let a = FreeWriteAssessor.assess(ink, glyph: glyph, recognizer: Self.recognizer)
        #expect(a.stars == 0)
        #expect(a.errors.contains { $0.code == .extraStroke && $0.stroke == nil && $0.inkStroke == nil }, "a scrawl: \(a.errors.map(\.code))")
        #expect(a.feedback.tips == [Phrases.extraStroke], "said alone: \(a.feedback.tips.map(\.text))")
    }
}
