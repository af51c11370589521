import Foundation
import Testing
@testable import FederCore

/// What a child hears in the Werkstatt after writing a letter it was asked for: the stars, the
/// praise and — only when Feder read another letter — "Ich lese:" and that letter.
@Suite struct WerkstattReaderTests {
    static func ink(_ strokes: [[Point]]) -> Ink {
        Ink(pointer: .pen, strokes: strokes.map { stroke in
            stroke.enumerated().map { PenSample(x: $0.element.x, y: $0.element.y, t: Double($0.offset) / 100) }
        })
    }

    /// Drawn letters of the recognizer's fixture asked for as letters the reader is unsure about:
    /// stars and words never contradict each other. Before, a letter read at a probability between
    /// the children's operating point and 0.5 counted as recognised but earned no star — a drawn `v`
    /// asked for as `v` heard "try again" without being told what Feder read instead.
    @Test func starsAndWordsAgreeOnWhetherTheLetterWasRead() throws {
        let reader = WerkstattReader(recognizer: try RecognitionTestSupport.recognizer())
        // (drawn letter, letter asked for): right letters read with little confidence, and other
        // letters with a small probability for the one asked for (picked with the fixture's reference
        // probabilities; the band check below says whether they still are).
        let pairs = [("v", "v"), ("x", "x"), ("o", "o"), ("A", "a"), ("L", "l"), ("m", "M"), ("l", "b"), ("l", "h"), ("u", "v")]
        var betweenBands = 0
        for (label, expected) in pairs {
            let points = try RecognitionTestSupport.drawn(label)
            let answer = reader.read(Self.ink(points), target: .letter(expected))
            guard let stars = answer.stars, let matched = answer.matched, let clarity = answer.clarity else {
                Issue.record("drawn \(label) as \(expected): no stars or clarity for a readable letter")
                continue
            }
            if clarity.probability >= LetterRecognition.childrenThreshold && clarity.probability < 0.5 { betweenBands += 1 }
            #expect(matched == (stars > 0), "drawn \(label) as \(expected): p \(clarity.probability), \(stars) stars, matched \(matched)")
            let saysWhatItRead = answer.spoken.contains(AppPhrases.iRead)
            #expect(saysWhatItRead == !matched, "drawn \(label) as \(expected): p \(clarity.probability), spoken \(answer.spoken.map(\.key))")
            #expect(answer.spoken.first == Phrases.praise(stars: stars, variation: points.count))
            if label == expected { #expect(stars >= 1, "drawn \(label), asked for as itself: p \(clarity.probability)") }
        }
        // The cases that used to contradict themselves are among them.
        #expect(betweenBands >= 3)
    }

    /// Feder's own letters, asked for as themselves, earn stars; the same ink asked for as a letter
    /// of another shape earns none and Feder says what it read.
    @Test func ownLettersEarnStarsAndOtherLettersNone() throws {
        let reader = WerkstattReader(recognizer: try RecognitionTestSupport.recognizer())
        let chosen: Set<String> = ["a", "b", "d", "e", "n", "u", "M", "O"]
        let glyphs = try RecognitionTestSupport.agreement().glyphs.filter { chosen.contains($0.label) }
        #expect(glyphs.count >= chosen.count)
        for glyph in glyphs {
            let own = reader.read(Self.ink(glyph.points), target: .letter(glyph.label))
            #expect((own.stars ?? 0) >= 1 && own.matched == true, "\(glyph.name): \(own.stars ?? -1) stars")
            let wrong = reader.read(Self.ink(glyph.points), target: .letter("x"))
            #expect(wrong.stars == 0 && wrong.matched == false, "\(glyph.name) as x: \(wrong.stars ?? -1) stars")
            #expect(wrong.spoken.contains(AppPhrases.iRead))
        }
    }

    @Test func starBands() throws {
        let reader = WerkstattReader(recognizer: try RecognitionTestSupport.recognizer())
        #expect(reader.stars(forProbability: 0.95) == 3)
        #expect(reader.stars(forProbability: 0.9) == 3)
        #expect(reader.stars(forProbability: 0.75) == 2)
        #expect(reader.stars(forProbability: 0.3) == 1)
        #expect(reader.stars(forProbability: AssessmentConfig.standard.anotherLetter) == 1)
        #expect(reader.stars(forProbability: AssessmentConfig.standard.anotherLetter * 0.99) == 0)
        #expect(reader.stars(forProbability: 0) == 0)
    }
}
