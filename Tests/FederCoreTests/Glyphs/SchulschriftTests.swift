import Foundation
import Testing
@testable import FederCore

@Suite("Schulschrift glyphs")
struct SchulschriftTests {
    static let library = try! GlyphLibrary.bundled()
    /// The glyph sources in the repository (the files as authored).
    static let glyphsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/FederCore/Resources/Glyphs")
    static let letters = Array("abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ").map(String.init)

    @Test func theScriptHasAll59LettersAndNothingElse() {
        #expect(Set(Self.library.characters(in: "schul")) == Set(Self.letters))
        #expect(Self.letters.count == 59)
    }

    @Test func every59LetterIsLintClean() {
        let problems = Self.library.allGlyphs(in: "schul").flatMap(GlyphLint.check)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func everySmallLetterHasAnEntryAndAnExitOnTheRuling() throws {
        for char in Self.letters where char.first!.isLowercase {
            let g = try Self.library.glyph(char, script: "schul")
            #expect(g.entryJoin == .baseline || g.entryJoin == .middle, "\(char)")
            #expect(g.exitJoin == .baseline || g.exitJoin == .middle, "\(char)")
            #expect(g.strokes.filter { !$0.isLifted }.count == 1, "\(char) is written in one movement")
        }
        // The high joins of the school script leave at the middle line.
        for char in ["b", "o", "v", "w", "ö"] {
            #expect(try Self.library.glyph(char, script: "schul").exitJoin == .middle, "\(char)")
        }
    }

    @Test func theLettersLeanRightByTheScriptsSlant() throws {
        // The files are upright; the library's l is the same l leaned 5° right about the baseline.
        let l = try Self.library.glyph("l", script: "schul")
        #expect(l.slant == 5)
        var script = try #require(Self.library.scripts["schul"])
        script.slant = nil
        let file = try JSONDecoder().decode(GlyphFile.self, from: Data(contentsOf: Self.glyphsFolder.appendingPathComponent("schul/lower-l.json")))
        let upright = try GlyphCompiler.compile(file, script: script, fileName: "lower-l.json", expectedStem: "lower-l")[0]
        let lean = ScriptSlant(degrees: 5, base: 200)
        #expect(upright.strokes[0].points.count == l.strokes[0].points.count)
        for (u, p) in zip(upright.strokes[0].points, l.strokes[0].points) {
            #expect(lean.apply(u).distance(to: p) < 1e-9)
        }
        // The top of the loop (y 2 units below the top line) moves 198 · tan 5° ≈ 17 units right; the foot stays.
        #expect(abs(lean.apply(Point(0, 2)).x - 198 * tan(5 * Double.pi / 180)) < 1e-9)
        #expect(lean.apply(Point(10, 200)) == Point(10, 200))
    }

    @Test func aSmallLetterOfAJoinedScriptWithoutEntryOrWithTwoBodyStrokesIsReported() throws {
        var script = try #require(Self.library.scripts["schul"])
        script.slant = nil
        let file = GlyphFile(format: "feder.glyph", version: 2, char: "n", width: 120,
                             variants: [VariantFile(id: "test", note: nil, strokes: [StrokeFile(d: "M 20 100 L 20 200"),
                                                                                     StrokeFile(d: "M 20 130 C 40 90 90 90 100 130 L 100 200")],
                                                    exceptions: nil)],
                             entry: nil, exit: JoinPointFile(at: Point(100, 200), join: .baseline))
        let n = try GlyphCompiler.compile(file, script: script, fileName: "lower-n.json", expectedStem: "lower-n")[0]
        let messages = GlyphLint.check(n).filter { $0.rule == .joins }.map(\.message)
        #expect(messages.contains("a small letter needs an entry (baseline or middle)"))
        #expect(messages.contains("a small letter is written in one movement; it has 2 body strokes"))
    }

    @Test func digitsComeFromDruckschrift() throws {
        let four = try Self.library.glyph("4", script: "schul")
        #expect(four == (try Self.library.glyph("4", script: "druck")))
    }

    func trace(_ glyph: Glyph, reversed: Bool = false) -> GuidedTrace {
        GuidedTrace.traced(glyph, PenSimulator().strokes(for: glyph, reversed: reversed)).trace
    }

    @Test(arguments: library.allGlyphs(in: "schul"))
    func tracingEachLetterAlongItsCenterlineCompletes(glyph: Glyph) {
        #expect(trace(glyph).isComplete, "\(glyph.key)")
    }

    @Test(arguments: library.allGlyphs(in: "schul"))
    func tracingEachLetterBackwardsNeverCompletes(glyph: Glyph) {
        #expect(!trace(glyph, reversed: true).isComplete, "\(glyph.key) completed backwards")
    }
}

@Suite("Glyph format versions")
struct GlyphFormatVersionTests {
    static let script = ScriptFile(format: "feder.script", version: 1, script: "test", name: "Test",
                                   ruling: Ruling(top: 0, middle: 100, base: 200, bottom: 300))

    func decode(_ json: String) throws -> GlyphFile { try JSONDecoder().decode(GlyphFile.self, from: Data(json.utf8)) }

    @Test func aVersion1FileWithBarePointEntriesStillLoads() throws {
        let file = try decode(#"{"format": "feder.glyph", "version": 1, "char": "n", "width": 100, "entry": [20, 100], "exit": [90, 190], "variants": [{"id": "standard", "strokes": [{"d": "M 20 100 L 20 200"}]}]}"#)
        let g = try GlyphCompiler.compile(file, script: Self.script, fileName: "lower-n.json", expectedStem: "lower-n")[0]
        #expect(g.entry == Point(20, 100))
        #expect(g.exit == Point(90, 190))
        #expect(g.entryJoin == nil)
    }

    @Test func aVersion2FileCarriesJoinTypesLeadInAndLiftedStrokes() throws {
        let file = try decode(#"{"format": "feder.glyph", "version": 2, "char": "t", "width": 80, "entry": {"at": [6, 198], "join": "baseline", "leadIn": 1}, "exit": {"at": [60, 200], "join": "baseline"}, "variants": [{"id": "standard", "strokes": [{"d": "M 6 198 L 40 30 L 60 200"}, {"d": "M 20 100 L 60 100", "lifted": true}]}]}"#)
        var script = Self.script
        script.version = 2
        script.slant = 10
        let g = try GlyphCompiler.compile(file, script: script, fileName: "lower-t.json", expectedStem: "lower-t")[0]
        #expect(g.entryJoin == .baseline && g.exitJoin == .baseline && g.leadInSegments == 1)
        #expect(g.strokes.map(\.isLifted) == [false, true])
        // Slanted about the baseline: a point on it stays, one 170 units above moves right.
        #expect(g.entry == Point(6 + 2 * tan(10 * Double.pi / 180), 198))
        #expect(abs(g.strokes[0].points[1].x - (40 + 170 * tan(10 * Double.pi / 180))) < 1e-9)
    }

    @Test func aNewerVersionIsRefused() throws {
        let file = try decode(#"{"format": "feder.glyph", "version": 3, "char": "l", "width": 60, "variants": [{"id": "standard", "strokes": [{"d": "M 30 0 L 30 200"}]}]}"#)
        #expect(throws: GlyphLoadErrors.self) {
            try GlyphCompiler.compile(file, script: Self.script, fileName: "lower-l.json", expectedStem: "lower-l")
        }
    }
}

/// docs/GLYPHS.md has one Schulschrift plan line per letter, saying what the file's note says.
@Test func everySchulschriftLetterHasItsPlanLineInTheDocs() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/GLYPHS.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let start = try #require(text.range(of: "### Schulschrift plan: one line per letter"))
    let section = text[start.upperBound...].prefix { _ in true }
    let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
    let rows = section[..<end].split(separator: "\n").compactMap { line -> (String, String, String)? in
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 5, cells[2].hasPrefix("`") else { return nil }
        return (cells[1], cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[3])
    }
    let glyphs = try GlyphLibrary.bundled().allGlyphs(in: "schul")
    #expect(rows.count == glyphs.count)
    for glyph in glyphs {
        let row = rows.first { $0.0 == glyph.char && $0.1 == glyph.variant }
        #expect(row?.2 == glyph.note, "plan line of \(glyph.key)")
    }
}
