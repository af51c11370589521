import Foundation
import Testing
@testable import FederCore

/// A data set read upside down (its y grows upwards, nobody said so) gave figures for letters turned
/// over — a reader at a few per cent — without a word. Over labelled letters it shows, and is said.
@Suite("An upside-down data set")
struct UpsideDownCheckTests {
    static let recognizer = try! LetterRecognizer.bundled()
    // Letters that turned over are another letter or none, and two that are the same either way.
    static let letters = Array("bdhkmnpqAEoH").map(String.init)

    static func strokes(_ label: String, turned: Bool) -> [[Point]] {
        TestInk.centerline(TestInk.glyph(label)).strokes.map { $0.map { Point($0.x, turned ? -$0.y : $0.y) } }
    }

    /// Turned over: said once there are enough letters, with the flag that helps; the check stops
    /// reading after its letters.
    @Test func lettersTurnedOverAreSaidToBeUpsideDown() throws {
        var check = UpsideDownCheck(letters: Self.letters.count)
        for label in Self.letters.prefix(UpsideDownCheck.fewestLetters - 1) {
            check.add(label: label, strokes: Self.strokes(label, turned: true), recognizer: Self.recognizer)
        }
        #expect(check.readTurned > check.readAsGiven && !check.looksUpsideDown, "a few letters say nothing")
        for label in Self.letters.dropFirst(UpsideDownCheck.fewestLetters - 1) {
            check.add(label: label, strokes: Self.strokes(label, turned: true), recognizer: Self.recognizer)
        }
        #expect(check.checked == Self.letters.count && !check.wantsMore)
        #expect(check.looksUpsideDown)
        let warning = try #require(check.warning(command: "feder recognize", toldYUp: false))
        #expect(warning.contains("give --y-up") && warning.contains("of the first \(Self.letters.count) letters"))
        #expect(check.warning(command: "feder recognize", toldYUp: true)?.contains("leave out --y-up") == true)
        check.add(label: "b", strokes: Self.strokes("b", turned: true), recognizer: Self.recognizer)
        #expect(check.checked == Self.letters.count)
        // Lines that say their own yAxis: the flag would not change them; they are told to check it.
        var own = UpsideDownCheck(letters: Self.letters.count)
        for label in Self.letters {
            own.add(label: label, strokes: Self.strokes(label, turned: true), ownAxis: true, recognizer: Self.recognizer)
        }
        let ownWarning = try #require(own.warning(command: "feder recognize", toldYUp: false))
        #expect(ownWarning.contains("say their own \"yAxis\"") && !ownWarning.contains("--y-up"))
    }

    @Test func lettersAsWrittenSayNothing() {
        var check = UpsideDownCheck(letters: Self.letters.count)
        for label in Self.letters {
            check.add(label: label, strokes: Self.strokes(label, turned: false), recognizer: Self.recognizer)
        }
        #expect(check.checked == Self.letters.count && check.readAsGiven > check.readTurned)
        #expect(!check.looksUpsideDown && check.warning(command: "feder assess", toldYUp: false) == nil)
    }
}
