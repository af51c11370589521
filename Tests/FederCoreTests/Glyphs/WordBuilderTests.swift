import Foundation
import Testing
@testable import FederCore

@Suite("Word builder")
struct WordBuilderTests {
    static let library = try! GlyphLibrary.bundled()
    static let builder = WordBuilder(library: library, script: "schul")
    static let words = WordList.bundled(script: "schul")

    func trace(_ glyph: Glyph, reversed: Bool = false) -> GuidedTrace {
        GuidedTrace.traced(glyph, PenSimulator().strokes(for: glyph, reversed: reversed)).trace
    }

    @Test func theWordListHasFirstGradeWordsUsingEveryLetter() {
        #expect(Self.words.count >= 60)
        let used = Set(Self.words.joined().lowercased())
        #expect(Set("abcdefghijklmnopqrstuvwxyzäöüß").isSubset(of: used))
    }

    @Test(arguments: words)
    func everyWordBuildsAndTracingItsCenterlineCompletes(word: String) throws {
        let glyph = try Self.builder.build(word)
        let traced = trace(glyph)
        #expect(traced.isComplete, "\(word): \(traced.tracker.reached)/\(traced.tracker.checkpointCount)")
    }

    @Test(arguments: words)
    func tracingAWordBackwardsNeverCompletes(word: String) throws {
        #expect(!trace(try Self.builder.build(word), reversed: true).isComplete, "\(word) completed backwards")
    }

    @Test func theWordListLintsClean() {
        let problems = WordLint.check(words: Self.words, builder: Self.builder)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    /// Body strokes (pen down for the joined part, capitals that stand alone), lifted strokes, joins.
    static let expected: [String: (body: Int, lifted: Int, joins: Int)] = [
        "Oma": (2, 0, 1),      // O stands alone; m a joined
        "Mimi": (1, 2, 3),     // M joins onward; two i-dots after the word
        "Igel": (2, 0, 2),     // I stands alone; g e l joined
        "Ball": (3, 0, 2),     // B is stem and bowls; a l l joined
        "Hütte": (4, 4, 3),    // H is three strokes; ü t t e joined; two dots, two bars
        "Straße": (2, 1, 4),   // S alone; t r a ß e joined; the t-bar after the word
    ]

    @Test(arguments: ["Oma", "Mimi", "Igel", "Ball", "Hütte", "Straße"])
    func joinsAreContinuousAndDotsAndBarsComeLast(word: String) throws {
        let glyph = try Self.builder.build(word)
        let letters = try Self.builder.letters(of: word)
        let unit = glyph.unit
        let body = glyph.strokes.filter { !$0.isLifted }, lifted = glyph.strokes.filter(\.isLifted)
        let expected = try #require(Self.expected[word])
        #expect(body.count == expected.body && lifted.count == expected.lifted, "\(word)")
        // Dots and bars are the last strokes.
        let firstLifted = glyph.strokes.firstIndex(where: \.isLifted) ?? glyph.strokes.count
        #expect(!glyph.strokes[firstLifted...].contains { !$0.isLifted })

        #expect(glyph.joins.count == expected.joins, "\(word)")
        #expect(glyph.joins.count == zip(letters, letters.dropFirst()).filter { WordBuilder.joins($0, $1) }.count)
        var origin = 0.0
        var origins: [Double] = []
        for l in letters { origins.append(origin); origin += l.width }
        for join in glyph.joins {
            let stroke = glyph.strokes[join.stroke]
            let from = letters[join.fromLetter], to = letters[join.fromLetter + 1]
            let exit = Point(from.exit!.x + origins[join.fromLetter], from.exit!.y)
            // The join begins exactly where the letter leaves …
            let start = Polyline.point(atArcLength: join.startArc, in: stroke.points, cumulative: stroke.cumulative)
            #expect(start.distance(to: exit) < 0.02 * unit, "\(word): gap at the exit of letter \(join.fromLetter + 1)")
            // … leaves it without a kink …
            if let joint = stroke.joints.first(where: { stroke.cumulative[$0.index] == join.startArc }) {
                #expect(joint.turn < 3 * Double.pi / 180, "\(word): the join after letter \(join.fromLetter + 1) kinks")
            }
            // … and arrives on the next letter's line: its entry, or the end of its lead-in.
            let end = Polyline.point(atArcLength: join.endArc, in: stroke.points, cumulative: stroke.cumulative)
            let next = to.strokes[0].points.map { Point($0.x + origins[join.fromLetter + 1], $0.y) }
            #expect(next.map { $0.distance(to: end) }.min()! < 0.02 * unit, "\(word): gap at the entry of letter \(join.fromLetter + 2)")
        }
    }

    @Test func aHighJoinStaysNearTheMiddleLine() throws {
        let glyph = try Self.builder.build("Boot")
        let oo = try #require(glyph.joins.first { $0.type == .middle && $0.fromLetter == 1 })
        let points = WordLint.points(of: oo, in: glyph)
        #expect(points.allSatisfy { abs($0.y - glyph.ruling.middle) < 0.25 * glyph.unit })
    }

    @Test func aJoinThatCrossesItselfIsFoundAndASmoothOneIsNot() {
        let figureEight = [Point(0, 0), Point(10, 10), Point(20, 0), Point(10, -10), Point(0, 10)]
        #expect(WordLint.crossesItself(figureEight))
        let arc = (0...20).map { Point(Double($0), -Double($0 * $0) / 20) }
        #expect(!WordLint.crossesItself(arc))
    }

    @Test func unknownLettersAreATypedError() {
        #expect(throws: WordBuildError.unknownLetter("!", script: "schul")) { try Self.builder.build("Oma!") }
        #expect(throws: WordBuildError.empty) { try Self.builder.build("") }
    }
}
