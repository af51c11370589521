import Foundation
import Testing
@testable import FederCore

@Suite struct WordRecognizerTests {
    /// Builds a word from drawn letters placed left to right with a gap; returns the strokes and
    /// the expected stroke groups.
    static func word(_ labels: [String], gap: Double = 24, delayDots: Bool = false) throws -> ([[Point]], [[Int]]) {
        var strokes: [[Point]] = []
        var groups: [[Int]] = []
        var delayed: [(Int, [Point])] = []
        var x = 0.0
        for (li, label) in labels.enumerated() {
            let ink = try RecognitionTestSupport.drawn(label).placed(atX: x)
            var group: [Int] = []
            for s in ink {
                if delayDots && s.count == 1 {  // the i-dot is written after the whole word
                    delayed.append((li, s))
                } else {
                    group.append(strokes.count)
                    strokes.append(s)
                }
            }
            groups.append(group)
            x = ink.maxX + gap
        }
        for (li, s) in delayed {
            groups[li].append(strokes.count)
            strokes.append(s)
        }
        return (strokes, groups)
    }

    @Test func segmentsAndReadsAPrintedWord() throws {
        let words = WordRecognizer(letters: try RecognitionTestSupport.recognizer())
        let (ink, groups) = try Self.word(["H", "a", "n", "d"])
        // drawn letters have an x-height of 80 units (glyph units × 0.8)
        #expect(try words.segment(strokes: ink, xHeight: 80) == groups)
        #expect(try words.segment(strokes: ink) == groups)
        let r = try words.recognize(strokes: ink, xHeight: 80)
        #expect(r.word == "Hand")
        #expect(r.letters.count == 4)
        #expect(r.letters.map(\.strokeIndices) == groups)
        for l in r.letters { #expect(l.confidence > 0 && l.confidence <= 1) }
        #expect(abs(r.confidence - r.letters.reduce(1) { $0 * $1.confidence }) < 1e-12)
    }

    @Test func delayedDotsJoinTheirLetter() throws {
        let words = WordRecognizer(letters: try RecognitionTestSupport.recognizer())
        let (ink, groups) = try Self.word(["m", "i", "t"], delayDots: true)
        let seg = try words.segment(strokes: ink, xHeight: 80)
        #expect(seg == groups)
        let r = try words.recognize(strokes: ink, xHeight: 80)
        #expect(r.word == "mit")
    }

    @Test func umlautDotsStayWithTheirLetter() throws {
        let words = WordRecognizer(letters: try RecognitionTestSupport.recognizer())
        let (ink, groups) = try Self.word(["H", "ä", "n", "d", "e"])
        #expect(try words.segment(strokes: ink, xHeight: 80) == groups)
        #expect(try words.recognize(strokes: ink, xHeight: 80).word == "Hände")
    }

    @Test func caseOfSameShapeLettersFollowsTheRuling() throws {
        let words = WordRecognizer(letters: try RecognitionTestSupport.recognizer())
        let (ink, _) = try Self.word(["o", "x"])
        let small = try words.recognize(strokes: ink, xHeight: 80)
        #expect(small.word == "ox")
        // the same ink against a ruling half as high is capital-sized
        let big = try words.recognize(strokes: ink, xHeight: 40)
        #expect(big.word == "OX")
    }

    @Test func emptyAndDegenerateWords() throws {
        let words = WordRecognizer(letters: try RecognitionTestSupport.recognizer())
        #expect(throws: RecognitionError.emptyInk) { try words.recognize(strokes: []) }
        #expect(throws: RecognitionError.emptyInk) { try words.recognize(strokes: [[Point(.nan, 0)]]) }
        let dot = try words.recognize(strokes: [[Point(1, 1)]])
        #expect(dot.letters.count == 1)
        #expect(dot.letters[0].label == "?")
        #expect(dot.confidence == 0)
    }
}
