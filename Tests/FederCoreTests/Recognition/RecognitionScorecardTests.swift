import Foundation
import Testing
@testable import FederCore

/// `feder recognize --summary`'s figures are what a lesson would see, letter by letter.
@Suite struct RecognitionScorecardTests {
    @Test func rocAUCIsTheChanceAPositiveOutscoresANegative() {
        #expect(RecognitionScorecard.rocAUC(positives: [0.9, 0.8], negatives: [0.1, 0.85]) == 0.75)
        #expect(RecognitionScorecard.rocAUC(positives: [0.5], negatives: [0.5, 0.2]) == 0.75, "a tie counts half")
        #expect(RecognitionScorecard.rocAUC(positives: [], negatives: [0.1]) == nil)
    }

    @Test func theCaseMergeIsEMNISTs() {
        #expect(RecognitionScorecard.merged("o") == "O")
        #expect(RecognitionScorecard.merged("ö") == "Ö")
        #expect(RecognitionScorecard.merged("a") == "a")
        #expect(RecognitionScorecard.merged("l") == "L")
        #expect(RecognitionScorecard.merged("i") == "I", "i and I are one class in the merge (EMNIST balanced)")
        #expect(RecognitionScorecard.merged("7") == "7")
    }

    /// Every figure recomputed the long way, with the recognizer's own letters-only reading and
    /// `verify`, over the drawn fixture letters (and a label the model does not know).
    @Test func figuresAgreeWithTheLessonsReading() throws {
        let recognizer = try RecognitionTestSupport.recognizer()
        let cases = try RecognitionTestSupport.agreement().cases
        let letters = Set(recognizer.labels.filter { $0.first?.isLetter ?? false })
        let threshold = 0.5
        var card = RecognitionScorecard(labels: recognizer.labels, threshold: threshold)
        var n = 0, mergedRight = 0, rejected = 0, pairs = 0, accepted = 0, digits = 0, digitsRight = 0
        for c in cases {
            let all = try recognizer.recognize(c.points)
            card.add(all, label: c.label)
            guard letters.contains(c.label) else {
                digits += 1
                if all.label == c.label { digitsRight += 1 }
                continue
            }
            let lesson = try recognizer.recognize(c.points, restrictedTo: letters)
            n += 1
            if RecognitionScorecard.merged(lesson.label) == RecognitionScorecard.merged(c.label) { mergedRight += 1 }
            if lesson.verify(expected: c.label, threshold: threshold).probability < threshold { rejected += 1 }
            for other in letters where !LetterRecognition.acceptedForms(for: other).contains(c.label) {
                pairs += 1
                if lesson.verify(expected: other, threshold: threshold).probability >= threshold { accepted += 1 }
            }
        }
        card.add(try recognizer.recognize(cases[0].points), label: "€")
        let s = card.summary()
        #expect(n >= 20 && digits >= 1)
        #expect(s.letters.samples == n && s.digits.samples == digits && s.skipped == 1)
        #expect(abs(s.letters.lettersOnlyMerged! - Double(mergedRight) / Double(n)) < 1e-12)
        #expect(abs(s.digits.top1! - Double(digitsRight) / Double(digits)) < 1e-12)
        #expect(abs(s.verification.falseRejection! - Double(rejected) / Double(n)) < 1e-12)
        #expect(abs(s.verification.falseAcceptance! - Double(accepted) / Double(pairs)) < 1e-12)
        #expect(s.verification.rocAUC! > 0.9 && s.verification.rocAUC! <= 1)
        #expect(s.verification.threshold == threshold)
    }
}
