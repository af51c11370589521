import Foundation
import Testing
@testable import FederCore

@Suite struct LetterRecognizerTests {
    /// Letters drawn from hand-written coordinates (not training data) that the shipped model must
    /// read correctly: top-1, or a same-shape twin accepted by `verify` (o/O, c/C, …).
    static let drawnLetters = ["A", "E", "F", "H", "L", "T", "N", "M", "Z", "D", "R",
                               "a", "b", "d", "e", "g", "n", "h", "t", "x", "v", "i", "o", "c", "u", "s", "m",
                               "ä", "Ü", "ß"]
    static let drawnDigits = ["1", "4", "7"]

    @Test(arguments: drawnLetters + drawnDigits)
    func recognisesDrawnLetter(_ label: String) throws {
        let rec = try RecognitionTestSupport.recognizer()
        let r = try rec.recognize(try RecognitionTestSupport.drawn(label))
        let v = r.verify(expected: label)
        #expect(v.isExpected, "\(label) read as \(r.top.map { "\($0.label) \($0.probability)" })")
        #expect(r.top.count == 3)
        #expect(LetterRecognition.acceptedForms(for: label).contains(r.label))
    }

    /// Feder's own print letters (glyph centerlines): Swift agrees with the reference on each, and
    /// nearly all are verified as the letter they are.
    @Test func recognisesFederGlyphs() throws {
        let rec = try RecognitionTestSupport.recognizer()
        let glyphs = try RecognitionTestSupport.agreement().glyphs
        var verified = 0
        for g in glyphs {
            let r = try rec.recognize(g.points)
            let v = r.verify(expected: g.label)
            // The reference sums the letter and its case twin (the table before 0 and 1 joined O and l).
            let pair = [g.label] + (LetterRecognition.shapeTwins[g.label].map { [$0] } ?? [])
            let pairProbability = min(1, pair.reduce(0) { $0 + r.probability(of: $1) })
            #expect(abs(pairProbability - g.referenceExpectedProbability) < 1e-4, "\(g.name)")
            #expect(v.probability >= pairProbability - 1e-12, "\(g.name)")
            #expect(r.top.map(\.label) == g.referenceTop, "\(g.name)")
            if v.isExpected { verified += 1 }
        }
        #expect(glyphs.count >= 69)
        #expect(Double(verified) >= 0.9 * Double(glyphs.count), "only \(verified) of \(glyphs.count) glyphs verified")
    }

    @Test func verificationRejectsOtherLetters() throws {
        let rec = try RecognitionTestSupport.recognizer()
        let h = try rec.recognize(try RecognitionTestSupport.drawn("H"))
        for other in ["a", "o", "S", "ß", "Ü", "e"] {
            let v = h.verify(expected: other)
            #expect(!v.isExpected)
            #expect(v.probability < 0.05)
            #expect(v.recognized == "H")
        }
        let c = try rec.recognize(try RecognitionTestSupport.drawn("c"))
        // c and C are the same shape: either is accepted when the other is expected
        #expect(c.verify(expected: "C").isExpected)
        #expect(c.verify(expected: "C").acceptedForms == ["C", "c"])
        #expect(abs(c.verify(expected: "c").probability - (c.probability(of: "c") + c.probability(of: "C"))) < 1e-12)
    }

    @Test func theSameShapeIsTheExpectedLetterWhateverItsLabel() throws {
        let rec = try RecognitionTestSupport.recognizer()
        // A digit 0 written where O is expected (and the other way round) is the same shape.
        let zero = try rec.recognize(try RecognitionTestSupport.drawn("0"))
        let o = zero.verify(expected: "O")
        #expect(o.acceptedForms == ["O", "o", "0"])
        #expect(abs(o.probability - min(1, zero.probability(of: "O") + zero.probability(of: "o") + zero.probability(of: "0"))) < 1e-12)
        #expect(o.isExpected, "0 read as \(zero.top.map { "\($0.label) \($0.probability)" })")
        let glyphO = try #require(try RecognitionTestSupport.agreement().glyphs.first { $0.label == "O" })
        let bigO = try rec.recognize(glyphO.points)
        #expect(bigO.verify(expected: "0").isExpected)
        // The straight bar: I, l and 1.
        let bar = try rec.recognize(try RecognitionTestSupport.drawn("l"))
        for expected in ["I", "l", "1"] {
            #expect(bar.verify(expected: expected).isExpected, "l for \(expected)")
        }
        #expect(LetterRecognition.acceptedForms(for: "1") == ["1", "I", "l"])
        #expect(LetterRecognition.acceptedForms(for: "a") == ["a"])
    }

    @Test func probabilitiesAreADistribution() throws {
        let rec = try RecognitionTestSupport.recognizer()
        let r = try rec.recognize(try RecognitionTestSupport.drawn("a"))
        #expect(r.probabilities.count == 69)
        #expect(abs(r.probabilities.map(\.probability).reduce(0, +) - 1) < 1e-9)
        #expect(r.top[0].probability >= r.top[1].probability && r.top[1].probability >= r.top[2].probability)
        #expect(r.confidence == r.top[0].probability)
        #expect(r.probability(of: "no such label") == 0)
        // Codable round trip
        let back = try JSONDecoder().decode(LetterRecognition.self, from: JSONEncoder().encode(r))
        #expect(back == r)
    }

    @Test func scaleAndTranslationDoNotMatter() throws {
        let rec = try RecognitionTestSupport.recognizer()
        let ink = try RecognitionTestSupport.drawn("R")
        let a = try rec.recognize(ink)
        let moved = ink.map { $0.map { Point($0.x * 0.013 - 4000, $0.y * 0.013 + 77) } }
        let b = try rec.recognize(moved)
        #expect(a.label == b.label)
        #expect(abs(a.confidence - b.confidence) < 1e-4)
    }

    @Test func restrictedToLetters() throws {
        let rec = try RecognitionTestSupport.recognizer()
        let letters = Set(rec.labels.filter { $0.first?.isLetter ?? false })
        let r = try rec.recognize(try RecognitionTestSupport.drawn("1"), restrictedTo: letters)
        #expect(letters.contains(r.label))
        #expect(r.probability(of: "1") == 0)
        #expect(abs(r.probabilities.map(\.probability).reduce(0, +) - 1) < 1e-9)
        #expect(throws: RecognitionError.self) { try rec.recognize([[Point(0, 0), Point(1, 1)]], restrictedTo: ["☃"]) }
    }

    @Test func badInputGivesATypedErrorNeverACrash() throws {
        let rec = try RecognitionTestSupport.recognizer()
        #expect(throws: RecognitionError.emptyInk) { try rec.recognize([]) }
        #expect(throws: RecognitionError.emptyInk) { try rec.recognize([[], []]) }
        #expect(throws: RecognitionError.emptyInk) { try rec.recognize([[Point(.nan, 1), Point(2, .infinity)]]) }
        #expect(throws: RecognitionError.inkHasNoExtent) { try rec.recognize([[Point(3, 4)]]) }
        #expect(throws: RecognitionError.inkHasNoExtent) { try rec.recognize([[Point(3, 4), Point(3, 4)], [Point(3, 4)]]) }
    }

    @Test func oddInputStillGivesAValidAnswer() throws {
        let rec = try RecognitionTestSupport.recognizer()
        let odd: [[[Point]]] = [
            [[Point(0, 0), Point(1e300, -1e300)]],                       // huge coordinates
            [[Point(0, 0), Point(-1e308, 1e308), Point(1e308, 1e308)]],  // near overflow
            [[Point(0, 0), Point(1e-9, 2e-9)]],                          // tiny
            [[Point(5, 5)], [Point(6, 9)]],                              // two one-point strokes
            [[Point(0, 0), Point(.nan, .nan), Point(10, 30)]],          // NaN inside a stroke
            (0..<500).map { i in [Point(Double(i % 17), Double(i % 5)), Point(Double(i % 13), 9)] },  // scribble
        ]
        for ink in odd {
            let r = try rec.recognize(ink)
            #expect(r.confidence.isFinite && r.confidence > 0 && r.confidence <= 1)
            #expect(abs(r.probabilities.map(\.probability).reduce(0, +) - 1) < 1e-9)
        }
    }

    @Test func damagedWeightsAreRejected() throws {
        let good = try Data(contentsOf: RecognitionTestSupport.weightsURL)
        #expect(throws: RecognitionError.self) { try LetterRecognizer(weightsData: Data()) }
        #expect(throws: RecognitionError.self) { try LetterRecognizer(weightsData: good.prefix(100)) }
        #expect(throws: RecognitionError.self) { try LetterRecognizer(weightsData: good.prefix(good.count - 4)) }
        var wrongMagic = good
        wrongMagic[0] = UInt8(ascii: "X")
        #expect(throws: RecognitionError.self) { try LetterRecognizer(weightsData: wrongMagic) }
        #expect(throws: RecognitionError.self) {
            try LetterRecognizer(weightsAt: URL(fileURLWithPath: "/nonexistent/letters.fdrw"))
        }
    }

    @Test func bundledModelLoads() throws {
        let rec = try LetterRecognizer.bundled()
        #expect(rec.labels.count == 69)
        #expect(rec.multiplyAccumulates > 0)
    }
}
