import Foundation
import Testing
@testable import FederCore

/// The join checks on words written along (or deliberately off) their own centerlines.
@Suite("Word joins assessed")
struct WordAssessmentTests {
    static let builder = WordBuilder(library: try! GlyphLibrary.bundled(), script: "schul")

    func ink(_ lines: [[Point]]) -> Ink { Ink(pointer: .pen, strokes: PenSimulator().strokes(along: lines)) }

    /// The word written with the pen lifted at every join: each letter's part of a joined stroke on its own.
    func withoutJoins(_ glyph: Glyph) -> [[Point]] {
        var lines: [[Point]] = []
        for (s, stroke) in glyph.strokes.enumerated() {
            let joins = glyph.joins.filter { $0.stroke == s }
            var from = 0.0
            for join in joins {
                lines.append(Curves.stretch(stroke.points, cumulative: stroke.cumulative, from: from, to: join.startArc))
                from = join.endArc
            }
            lines.append(Curves.stretch(stroke.points, cumulative: stroke.cumulative, from: from, to: stroke.length))
        }
        return lines
    }

    func codes(_ a: AttemptAssessment) -> [ErrorCode] { a.errors.map(\.code) }

    @Test(arguments: ["Oma", "Mimi", "Hütte", "Boot"])
    func aWordWrittenAlongItsCenterlineHasNoJoinErrors(word: String) throws {
        let glyph = try Self.builder.build(word)
        let lines = glyph.strokes.map(\.points)
        for a in [FreeWriteAssessor.assess(ink(lines), glyph: glyph), GuidedAssessor.assess(ink(lines), glyph: glyph)] {
            #expect(!codes(a).contains { [.missingJoin, .joinHeight, .liftedTooEarly].contains($0) }, "\(word) \(a.phase): \(codes(a))")
            for score in a.strokes where !glyph.joins.filter({ $0.stroke == score.stroke }).isEmpty {
                #expect(score.join == 1)
            }
        }
    }

    @Test(arguments: ["Mimi", "Oma", "Hütte"])
    func liftingThePenAtEveryJoinIsAMissingJoinEachAndSpoken(word: String) throws {
        let glyph = try Self.builder.build(word)
        let written = ink(withoutJoins(glyph))
        for a in [FreeWriteAssessor.assess(written, glyph: glyph), GuidedAssessor.assess(written, glyph: glyph)] {
            #expect(codes(a).filter { $0 == .missingJoin }.count == glyph.joins.count, "\(word) \(a.phase): \(codes(a))")
            #expect(a.feedback.tips.contains(Phrases.joinMissing), "\(word) \(a.phase): \(a.feedback.tips.map(\.key))")
            // The per-stroke join part of the score counts the joins really: none of them was written.
            for score in a.strokes where !glyph.joins.filter({ $0.stroke == score.stroke }).isEmpty {
                #expect(score.join == 0)
            }
        }
    }

    @Test func aHighJoinWrittenDownAtTheBaselineIsAtTheWrongHeight() throws {
        let glyph = try Self.builder.build("Boot")
        let high = try #require(glyph.joins.first { $0.type == .middle })
        var lines = glyph.strokes.map(\.points)
        let stroke = glyph.strokes[high.stroke]
        // The o–o join sags down to the baseline in its middle.
        lines[high.stroke] = zip(stroke.points, stroke.cumulative).map { p, s in
            guard s > high.startArc, s < high.endArc else { return p }
            let t = (s - high.startArc) / (high.endArc - high.startArc)
            return Point(p.x, p.y + (glyph.ruling.base - 5 - p.y) * sin(Double.pi * t))
        }
        let a = FreeWriteAssessor.assess(ink(lines), glyph: glyph)
        let error = try #require(a.errors.first { $0.code == .joinHeight })
        #expect(error.tip == Phrases.joinHigher)
        #expect(!codes(a).contains(.missingJoin))
    }

    @Test func iDotsWrittenBeforeTheWordIsFinishedAreFlagged() throws {
        let glyph = try Self.builder.build("Mimi")
        let body = glyph.strokes.filter { !$0.isLifted }.map(\.points)
        let dots = glyph.strokes.filter(\.isLifted).map(\.points)
        let early = FreeWriteAssessor.assess(ink(dots + body), glyph: glyph)
        #expect(codes(early).filter { $0 == .liftedTooEarly }.count == 2, "\(codes(early))")
        #expect(early.errors.first { $0.code == .liftedTooEarly }?.tip == Phrases.joinLiftedLast)
        let last = FreeWriteAssessor.assess(ink(body + dots), glyph: glyph)
        #expect(!codes(last).contains(.liftedTooEarly))
    }

    @Test func aTBarThroughTheArrivalOfAHighJoinIsNotTakenForTheJoinsInk() throws {
        // "Boot": the o–t join arrives on the middle line, where the t-bar lies. The body is written a
        // little low (within the tolerance), the bar exactly: the ink nearest the arrival is the bar's.
        let glyph = try Self.builder.build("Boot")
        let lines = glyph.strokes.map { s in s.isLifted ? s.points : s.points.map { Point($0.x, $0.y + 6) } }
        let a = GuidedAssessor.assess(ink(lines), glyph: glyph)
        #expect(a.completed)
        #expect(!codes(a).contains(.missingJoin), "\(codes(a))")
    }

    @Test func aWordWrittenAsTaughtEarnsStarsWithTheRecognizerAtHand() throws {
        // The recognizer reads single letters: a word must not be taken for "another letter".
        let glyph = try Self.builder.build("Mama")
        let a = FreeWriteAssessor.assess(ink(glyph.strokes.map(\.points)), glyph: glyph, recognizer: try LetterRecognizer.bundled())
        #expect(a.stars >= 2 && a.clarity == nil, "stars \(a.stars), \(codes(a))")
    }

    @Test func printLettersGetNoJoinChecks() throws {
        let a = try GlyphLibrary.bundled().glyph("a", script: "druck")
        let ink = ink(a.strokes.map(\.points).reversed())
        #expect(!codes(FreeWriteAssessor.assess(ink, glyph: a)).contains { [.missingJoin, .joinHeight, .liftedTooEarly].contains($0) })
    }
}

/// Every Schulschrift letter and the six acceptance words, written exactly along their centerlines,
/// are judged as perfect: no error, three stars, in guided tracing and in free writing.
@Suite("Schulschrift centerlines assessed")
struct SchulschriftCenterlineTests {
    static let library = try! GlyphLibrary.bundled()
    static let targets: [Glyph] = library.allGlyphs(in: "schul")
        + ["Oma", "Mimi", "Igel", "Ball", "Hütte", "Straße"].map { try! WordBuilder(library: library, script: "schul").build($0) }

    func ink(_ glyph: Glyph) -> Ink { Ink(pointer: .pen, strokes: PenSimulator().strokes(for: glyph)) }

    @Test(arguments: targets)
    func guidedTracingOfTheCenterlineIsPerfect(glyph: Glyph) {
        let a = GuidedAssessor.assess(ink(glyph), glyph: glyph)
        #expect(a.completed && a.errors.isEmpty && a.stars == 3, "\(glyph.key): \(a.errors.map(\.code))")
        #expect(a.strokeScore >= 95, "\(glyph.key): \(a.strokeScore)")
    }

    @Test(arguments: targets)
    func freeWritingTheCenterlineIsPerfect(glyph: Glyph) {
        let a = FreeWriteAssessor.assess(ink(glyph), glyph: glyph)
        #expect(a.errors.isEmpty && a.stars == 3, "\(glyph.key): \(a.errors.map(\.code)) stars \(a.stars)")
        #expect(a.strokeScore >= 95, "\(glyph.key): \(a.strokeScore)")
    }
}
