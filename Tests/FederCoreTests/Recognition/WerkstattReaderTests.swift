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

    /// Drawn letters of the recognizer's fixture asked for as letters the reader gives a small
    /// probability: stars and words never contradict each other, and the bound between "another
    /// letter" and "the letter asked for" is Schule's. Before, anything from the children's operating
    /// point (0.004) counted as recognised but earned a star only from 0.5: a drawn `l` asked for as
    /// `b` (p ≈ 0.007) earned no star and heard "try again" without "Ich lese: l", and a drawn `m`
    /// asked for as `M` (p ≈ 0.016, another letter by Schule's rule) counted as recognised.
    @Test func starsAndWordsAgreeOnWhetherTheLetterWasRead() throws {
        let reader = WerkstattReader(recognizer: try RecognitionTestSupport.recognizer())
        let bound = AssessmentConfig.standard.anotherLetter
        // (drawn letter, letter asked for), picked with the fixture's reference probabilities (again
        // for each new model: a drawn `l` asked for as `h` fell to 0.004 with v4; with v5 and its prior
        // correction, as `i` it is 0.057 and as `k` 0.047; with v6 0.057 and 0.027; with v7, trained and
        // not shipped, 0.065 and 0.031); the counts below say
        // whether they still fall on both sides of the bound.
        let pairs = [("v", "v"), ("x", "x"), ("o", "o"), ("A", "a"), ("L", "l"), ("m", "M"), ("l", "b"), ("l", "i"), ("l", "k"), ("u", "v")]
        var below = 0, between = 0
        for (label, expected) in pairs {
            let points = try RecognitionTestSupport.drawn(label)
            let answer = reader.read(Self.ink(points), target: .letter(expected))
            guard let stars = answer.stars, let matched = answer.matched, let clarity = answer.clarity else {
                Issue.record("drawn \(label) as \(expected): no stars or clarity for a readable letter")
                continue
            }
            let p = clarity.probability
            let place = "drawn \(label) as \(expected): p \(p), \(stars) stars, matched \(matched), spoken \(answer.spoken.map(\.key))"
            if p >= LetterRecognition.childrenThreshold && p < bound { below += 1 }
            if p >= bound && p < 0.7 { between += 1 }
            #expect(matched == (p >= bound), "\(place)")
            #expect(stars == (p >= 0.9 ? 3 : p >= 0.7 ? 2 : p >= bound ? 1 : 0), "\(place)")
            // "Ich lese:" and the letter read exactly when the letter is not the one asked for.
            #expect(answer.spoken.contains { AppPhrases.iReadLines.contains($0) } == (p < bound), "\(place)")
            #expect(answer.spoken.first == Phrases.praise(stars: stars, variation: points.count))
        }
        #expect(below >= 2, "pairs read just above the children's operating point")
        #expect(between >= 2, "pairs read just above Schule's bound for another letter")
    }

    /// A digit asked for is read among the ten digits and needs Schule's digit bound
    /// (`AssessmentConfig.anotherDigit`) for its star, not the letters' one: a scrawl read as digits
    /// spreads over ten and would otherwise earn a star for almost any of them.
    @Test func aDigitAskedForNeedsTheDigitBound() throws {
        let reader = WerkstattReader(recognizer: try RecognitionTestSupport.recognizer())
        let bound = AssessmentConfig.standard.anotherDigit
        var between = 0
        // Lines wandering over each digit's cell (ScrawlStarsTests), two seeds each.
        for digit in (0...9).map(String.init) {
            let glyph = TestInk.glyph(digit)
            let box = glyph.inkBounds, half = max(box.width, 0.7 * box.height) / 2
            let cell = Rect(minX: box.center.x - half, minY: box.minY, maxX: box.center.x + half, maxY: box.maxY)
            for seed in UInt64(4)...5 {
                let walk = ScrawlStarsTests.wander(over: cell, steps: 60 + Int(seed) * 20,
                                                   seed: seed &* 7919 &+ UInt64(digit.unicodeScalars.first!.value))
                let answer = reader.read(Ink(pointer: .pen, strokes: [walk]), target: .letter(digit))
                guard let stars = answer.stars, let clarity = answer.clarity else {
                    Issue.record("\(digit) seed \(seed): no stars or clarity"); continue
                }
                let p = clarity.probability
                if p >= AssessmentConfig.standard.anotherLetter && p < bound { between += 1 }
                let place = "\(digit) seed \(seed): read \(clarity.recognized), p \(p), \(stars) stars"
                #expect(answer.matched == (p >= bound), "\(place)")
                #expect(stars == (p >= 0.9 ? 3 : p >= 0.7 ? 2 : p >= bound ? 1 : 0), "\(place)")
                #expect(answer.spoken.contains { AppPhrases.iReadLines.contains($0) } == (p < bound), "\(place)")
            }
        }
        #expect(between >= 2, "scrawls read between the letters' bound and the digits'")
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
            #expect(wrong.spoken.contains { AppPhrases.iReadLines.contains($0) })
        }
    }

    /// Free writing of one letter is read back as that letter, never as the word of the picture
    /// whose first letter it is (an A was "Ich lese: Apfel").
    @Test func oneLetterWrittenFreelyIsSaidAsALetter() throws {
        let reader = WerkstattReader(recognizer: try RecognitionTestSupport.recognizer())
        let glyphs = try RecognitionTestSupport.agreement().glyphs.filter { ["M", "O", "a"].contains($0.label) }
        #expect(!glyphs.isEmpty)
        for glyph in glyphs {
            let answer = reader.read(Self.ink(glyph.points), target: .free)
            #expect(answer.read.count == 1, "\(glyph.name): \(answer.read)")
            #expect(answer.spoken == WerkstattReader.saying(answer.read), "\(glyph.name): \(answer.spoken.map(\.text))")
            #expect(!answer.spoken.contains { $0.key.hasPrefix("word.") })
        }
    }

    /// What was read is said with its case: a small m for a capital M asked for is "ein kleines Emm".
    @Test func whatWasReadIsSaidWithItsCase() {
        #expect(WerkstattReader.saying("m") == [AppPhrases.iReadSmall, LetterNames.name(of: "m")!])
        #expect(WerkstattReader.saying("M") == [AppPhrases.iReadCapital, LetterNames.name(of: "M")!])
        #expect(WerkstattReader.saying("ß") == [AppPhrases.iReadLetter, LetterNames.name(of: "ß")!])
        #expect(WerkstattReader.saying("3") == [AppPhrases.iRead, LetterNames.name(of: "3")!])
        #expect(WerkstattReader.saying("Ä") == [AppPhrases.iReadCapital, LetterNames.name(of: "Ä")!])
    }

    @Test func starBands() {
        let bound = AssessmentConfig.standard.anotherLetter
        #expect(WerkstattReader.stars(forProbability: 0.95, oneStarFrom: bound) == 3)
        #expect(WerkstattReader.stars(forProbability: 0.9, oneStarFrom: bound) == 3)
        #expect(WerkstattReader.stars(forProbability: 0.75, oneStarFrom: bound) == 2)
        #expect(WerkstattReader.stars(forProbability: 0.3, oneStarFrom: bound) == 1)
        #expect(WerkstattReader.stars(forProbability: bound, oneStarFrom: bound) == 1)
        #expect(WerkstattReader.stars(forProbability: bound * 0.99, oneStarFrom: bound) == 0)
        #expect(WerkstattReader.stars(forProbability: 0, oneStarFrom: bound) == 0)
        // A word's letters need more.
        #expect(WerkstattReader.stars(forProbability: 0.3, oneStarFrom: WerkstattReader.wordLetterMinimum) == 0)
        #expect(WerkstattReader.stars(forProbability: 0.5, oneStarFrom: WerkstattReader.wordLetterMinimum) == 1)
    }
}
