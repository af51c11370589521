import Foundation
import Testing
@testable import FederCore

@Suite("Glyph lint")
struct GlyphLintTests {
    static let library = try! GlyphLibrary.bundled()
    static let ruling = Ruling(top: 0, middle: 100, base: 200, bottom: 300)

    /// A glyph made from path strings, as a test fixture.
    func glyph(_ char: String, width: Double = 150, _ paths: [String], dots: Set<Int> = [], exceptions: [String: String] = [:]) throws -> Glyph {
        let file = GlyphFile(format: "feder.glyph", version: 1, char: char, width: width,
                             variants: [VariantFile(id: "test", note: nil,
                                                    strokes: paths.enumerated().map { StrokeFile(d: $1, dot: dots.contains($0) ? true : nil) },
                                                    exceptions: exceptions)],
                             entry: nil, exit: nil)
        let script = ScriptFile(format: "feder.script", version: 1, script: "test", name: "Test", ruling: Self.ruling)
        return try GlyphCompiler.compile(file, script: script, fileName: "test.json", expectedStem: nil)[0]
    }

    func rules(_ g: Glyph) -> [GlyphLint.Rule] { GlyphLint.check(g).map(\.rule) }

    @Test func theBundledLibraryIsClean() {
        let problems = Self.library.allGlyphs(in: "druck").flatMap(GlyphLint.check)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func aCorrectCapitalIPasses() throws {
        #expect(rules(try glyph("I", width: 60, ["M 30 0 L 30 200"])).isEmpty)
    }

    @Test func verticalStrokesGoDown() throws {
        #expect(rules(try glyph("I", width: 60, ["M 30 200 L 30 0"])).contains(.verticalDown))
    }

    @Test func horizontalStrokesGoRight() throws {
        #expect(rules(try glyph("T", ["M 75 0 L 75 200", "M 140 0 L 10 0"])).contains(.horizontalRight))
    }

    @Test func lettersStartAtTheTop() throws {
        let l = try glyph("L", ["M 140 200 L 20 200 L 20 0"])
        #expect(rules(l).contains(.startAtTop))
    }

    @Test func anExceptionWithAReasonSilencesItsRule() throws {
        let l = try glyph("L", ["M 140 200 L 20 200 L 20 0"], exceptions: ["start-at-top": "test", "horizontal-right": "test"])
        #expect(!rules(l).contains(.startAtTop))
        let unknown = try glyph("I", width: 60, ["M 30 0 L 30 200"], exceptions: ["no-such-rule": "?"])
        #expect(rules(unknown) == [.exceptions])
    }

    @Test func roundLettersGoCounterClockwise() throws {
        // A circle drawn clockwise (on the page) from the top.
        let clockwise = try glyph("o", width: 120, ["M 60 100 C 87.6 100 110 122.4 110 150 C 110 177.6 87.6 200 60 200 C 32.4 200 10 177.6 10 150 C 10 122.4 32.4 100 60 100"])
        #expect(rules(clockwise).contains(.roundCounterClockwise))
        let ccw = try glyph("o", width: 120, ["M 60 100 C 32.4 100 10 122.4 10 150 C 10 177.6 32.4 200 60 200 C 87.6 200 110 177.6 110 150 C 110 122.4 87.6 100 60 100"])
        #expect(!rules(ccw).contains(.roundCounterClockwise))
    }

    @Test func proportionsFollowTheRuling() throws {
        // A small letter that reaches the top line, a capital that stops at the middle line.
        #expect(rules(try glyph("n", ["M 20 0 L 20 200"])).contains(.proportions))
        #expect(rules(try glyph("E", ["M 20 100 L 20 200"])).contains(.proportions))
        // A descender that does not descend.
        #expect(rules(try glyph("p", ["M 20 100 L 20 200"])).contains(.proportions))
    }

    @Test func leavingTheRulingOrTheWidthIsReported() throws {
        #expect(rules(try glyph("I", width: 60, ["M 30 0 L 30 200", "M 30 100 L 90 100"])).contains(.insideRuling))
        #expect(rules(try glyph("I", width: 60, ["M 30 -40 L 30 200"])).contains(.insideRuling))
    }

    @Test func duplicateStrokesAreReportedEvenReversed() throws {
        #expect(rules(try glyph("I", width: 60, ["M 30 0 L 30 200", "M 30 0 L 30 200"])).contains(.duplicateStroke))
        #expect(rules(try glyph("I", width: 60, ["M 30 0 L 30 200", "M 30 200 L 30 0"])).contains(.duplicateStroke))
    }

    @Test func kinksAreReportedButSmoothJointsAndCornersAreNot() throws {
        #expect(rules(try glyph("I", width: 60, ["M 30 0 L 30 100 L 40 200"])).contains(.kink))
        #expect(!rules(try glyph("L", ["M 20 0 L 20 200 L 140 200"])).contains(.kink))
    }

    @Test func dotsSitAboveTheBody() throws {
        #expect(rules(try glyph("i", width: 40, ["M 20 100 L 20 200", "M 20 140 L 20 148"], dots: [1])).contains(.dotsAbove))
        #expect(!rules(try glyph("i", width: 40, ["M 20 100 L 20 200", "M 20 52 L 20 60"], dots: [1])).contains(.dotsAbove))
    }
}

@Suite("Glyph sheet and export")
struct GlyphSheetExportTests {
    static let library = try! GlyphLibrary.bundled()

    @Test func theSheetShowsEveryGlyphWithNumberedStarts() {
        let glyphs = Self.library.allGlyphs(in: "druck")
        let svg = GlyphSheet(glyphs: glyphs, columns: 12).svg()
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.components(separatedBy: "<path d=").count - 1 == glyphs.flatMap(\.strokes).filter { !$0.isDot }.count)
        #expect(svg.contains(">ß · one-stroke<"))
        #expect(svg.contains(">1</text>"))
    }

    @Test func exportHasEveryCharacterWithMetricsAndChosenVariants() throws {
        let export = try GlyphExport(library: Self.library, script: "druck") { char, ids in char == "F" ? "roof-first" : nil }
        #expect(export.glyphs.count == 69)
        #expect(export.glyphs["F"]?.variant == "roof-first")
        #expect(export.glyphs["a"]?.metrics == ["ascender": 0, "xheight": 100, "baseline": 200, "descender": 300])
        let json = String(decoding: try JSONEncoder().encode(export), as: UTF8.self)
        #expect(json.contains("\"name\":\"druck\""))
        // Strokes keep writing direction: the I is drawn top to bottom.
        let i = try #require(export.glyphs["I"]?.strokes.first)
        #expect(i.first!.y < i.last!.y)
    }
}
