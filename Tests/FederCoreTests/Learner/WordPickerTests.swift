import Foundation
import Testing
@testable import FederCore

@Suite("Schulschrift words after letters")
struct WordPickerTests {
    func learnt(_ chars: String, sessions: Int = 2, score: Double = 0.9) -> LearnerState {
        var learner = LearnerState()
        for char in chars {
            var p = LetterProgress()
            p.sessions = sessions
            p.recentScores = Array(repeating: score, count: sessions)
            learner.letters["schul/\(char)"] = p
        }
        return learner
    }

    let picker = WordPicker(words: ["Oma", "Mama", "Ali", "Mimi", "Lama"], script: "schul")

    @Test func onlyWordsOfLearntLettersAreOffered() {
        #expect(picker.ready(for: LearnerState()).isEmpty)
        #expect(picker.ready(for: learnt("Mam")) == ["Mama"])
        #expect(picker.ready(for: learnt("MamLi")) == ["Mama", "Mimi", "Lama"])
        // Capital and small letters count apart: "ma" alone does not write "Mama".
        #expect(picker.ready(for: learnt("ma")).isEmpty)
        // A letter seen once is not learnt yet (mastery ramps in).
        #expect(picker.ready(for: learnt("Mam", sessions: 1)).isEmpty)
    }

    @Test func theWordPractisedLeastComesNext() {
        var learner = learnt("MamLi")
        #expect(picker.next(for: learner) == "Mama")
        var done = LetterProgress()
        done.sessions = 1
        learner.letters["schul/Mama"] = done
        #expect(picker.next(for: learner) == "Mimi")
    }

    @Test func theBundledListHasWordsForEarlyLetters() {
        let words = WordList.bundled(script: "schul")
        #expect(words.count >= 20)
        #expect(WordPicker(words: words, script: "schul").ready(for: learnt("MamaOoLlIi")).count >= 2)
    }
}
