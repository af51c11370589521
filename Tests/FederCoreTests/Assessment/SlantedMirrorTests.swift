import Foundation
import Testing
@testable import FederCore

/// A letter's slant is not the way it faces (docs/ASSESSMENT.md §8, `MirrorCheck`): a t written
/// without its hook, leaning forward as adults and many children write, was judged mirrored — turned
/// round, its stem's foot points right like the model's hook — and earned no star. A t whose hook
/// points left, and letters whose own lean shows the way they face, stay mirrored at every slant.
@Suite("Slant is not mirror writing")
struct SlantedMirrorTests {
    static let recognizer = try! LetterRecognizer.bundled()

    /// `lines` leaning by `degrees` (top to the right when positive) about the baseline.
    static func leaning(_ lines: [[Point]], _ degrees: Double, baseline: Double) -> [[Point]] {
        let shear = tan(degrees * .pi / 180)
        return lines.map { $0.map { Point($0.x + shear * (baseline - $0.y), $0.y) } }
    }

    static func turned(_ lines: [[Point]]) -> [[Point]] {
        let box = Polyline.bounds(lines)!
        return lines.map { $0.map { Point(box.minX + box.maxX - $0.x, $0.y) } }
    }

    static func assess(_ lines: [[Point]], as char: String) -> AttemptAssessment {
        FreeWriteAssessor.assess(TestInk.along(lines), glyph: TestInk.glyph(char), recognizer: recognizer)
    }

    /// Before the slant was taken out, 10° was enough: no star, "Schau, in welche Richtung …".
    @Test(arguments: [10.0, 20.0, 30.0])
    func aHooklessTLeaningForwardIsNotMirrored(degrees: Double) {
        let t = TestInk.glyph("t")
        let stem = t.strokes[0].points, bar = t.strokes[1].points
        let baseline = stem.map(\.y).max()!
        let hookless = [[stem[0], Point(stem[0].x, baseline)], bar]
        let a = Self.assess(Self.leaning(hookless, degrees, baseline: baseline), as: "t")
        #expect(!a.errors.contains { $0.code == .mirrored }, "\(degrees)°: \(a.errors.map(\.code))")
        #expect(a.stars >= 1, "\(degrees)°: quality \(a.quality)")
    }

    @Test(arguments: [-30.0, -15.0, 0.0, 15.0, 30.0])
    func aTWhoseHookPointsLeftIsMirroredAtAnySlant(degrees: Double) {
        let t = TestInk.glyph("t")
        let lines = Self.turned(t.strokes.map(\.points))
        let baseline = t.strokes[0].points.map(\.y).max()!
        let a = Self.assess(Self.leaning(lines, degrees, baseline: baseline), as: "t")
        #expect(a.errors.contains { $0.code == .mirrored }, "\(degrees)°: \(a.errors.map(\.code))")
        #expect(a.stars == 0)
    }

    /// A 7, z, N, 1 or y leans by itself; turned round and leaning the other way it must not be
    /// sheared back into the letter. An S (−4.95°) is stood up, and stays an S turned round.
    @Test(arguments: ["7", "z", "N", "1", "y", "S", "3"], [-20.0, 20.0])
    func turnedLettersStayMirroredAtASlant(char: String, degrees: Double) {
        let glyph = TestInk.glyph(char)
        let lines = Self.turned(glyph.strokes.map(\.points))
        let a = Self.assess(Self.leaning(lines, degrees, baseline: glyph.ruling.base), as: char)
        #expect(a.errors.contains { $0.code == .mirrored }, "\(char) at \(degrees)°: \(a.errors.map(\.code))")
        #expect(a.stars == 0)
    }

    /// Schulschrift's paths lean 5° already: its glyphs are measured against that, so an N (−4.6°,
    /// nearly 10° against the script) is not stood up, as in Druckschrift.
    @Test(arguments: ["N", "z"])
    func schulschriftLettersTurnedRoundStayMirrored(char: String) throws {
        let glyph = try TestInk.library.glyph(char, script: "schul")
        #expect(glyph.slant == 5)
        let lines = Self.turned(glyph.strokes.map(\.points))
        let a = FreeWriteAssessor.assess(TestInk.along(lines), glyph: glyph, recognizer: Self.recognizer)
        #expect(a.errors.contains { $0.code == .mirrored }, "schul \(char): \(a.errors.map(\.code))")
        #expect(a.stars == 0)
    }
}
