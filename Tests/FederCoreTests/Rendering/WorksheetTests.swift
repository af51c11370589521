import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FederCore

/// The printable worksheet: which letters it takes, how they fall onto A4 pages, and what a page
/// holds when read back as SVG (a real XML parser, not string matching).
@Suite("Worksheet")
struct WorksheetTests {
    static let library = try! GlyphLibrary.bundled()

    /// Every element of a page, with its attributes, in document order.
    final class Elements: NSObject, XMLParserDelegate {
        var all: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            all.append((name, attributes))
        }
        static func of(_ svg: String) throws -> Elements {
            let elements = Elements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = elements
            #expect(parser.parse(), "well-formed SVG: \(parser.parserError.map(String.init(describing:)) ?? "")")
            return elements
        }
        func named(_ name: String) -> [[String: String]] { all.filter { $0.name == name }.map(\.attributes) }
    }

    @Test func lettersAreTakenOnceInTheOrderAskedAndUnknownOnesAreNamed() throws {
        let glyphs = try Worksheet.letters("Mm, A M a", script: "druck", library: Self.library)
        #expect(glyphs.map(\.char) == ["M", "m", "A", "a"])
        #expect(throws: Worksheet.Problem.unknownLetters(["?", "€"])) { try Worksheet.letters("M?a€", script: "druck", library: Self.library) }
        #expect(throws: Worksheet.Problem.unknownScript("kurrent")) { try Worksheet.letters("M", script: "kurrent", library: Self.library) }
        #expect(throws: Worksheet.Problem.noLetters) { try Worksheet(glyphs: Worksheet.letters(" ,", script: "druck", library: Self.library)) }
    }

    @Test func lettersFallOntoPagesByTheirRows() throws {
        let glyphs = try Worksheet.letters("MmAaOoE", script: "druck", library: Self.library)
        let two = try Worksheet(glyphs: glyphs, rowsPerLetter: 2)
        #expect(two.rowsPerPage == 8)
        #expect(two.lettersPerPage == 4 && two.pageCount == 2)
        #expect(two.letters(onPage: 0).map(\.char) == ["M", "m", "A", "a"] && two.letters(onPage: 1).map(\.char) == ["O", "o", "E"])
        #expect(try Worksheet(glyphs: glyphs, rowsPerLetter: 8).pageCount == 7)
        #expect(throws: Worksheet.Problem.noSuchPage(3)) { try two.page(2) }
        #expect(throws: Worksheet.Problem.rowsPerLetter(0)) { try Worksheet(glyphs: glyphs, rowsPerLetter: 0) }
        #expect(throws: Worksheet.Problem.rowsPerLetter(9)) { try Worksheet(glyphs: glyphs, rowsPerLetter: 9) }
        let many = Array(repeating: glyphs[0], count: Worksheet.maxLetters + 1)
        #expect(throws: Worksheet.Problem.tooManyLetters(Worksheet.maxLetters + 1)) { try Worksheet(glyphs: many) }
    }

    @Test func lettersOnDifferentRulingsDoNotShareASheet() throws {
        var tall = try Self.library.glyph("M", script: "druck")
        tall.ruling = Ruling(top: 0, middle: 120, base: 240, bottom: 360)
        #expect(throws: Worksheet.Problem.mixedRulings) { try Worksheet(glyphs: [Self.library.glyph("m", script: "druck"), tall]) }
    }

    @Test func aPageIsA4WithEveryRowRuledAndEightMillimetresBetweenMiddleAndBaseLine() throws {
        let sheet = try Worksheet(glyphs: Worksheet.letters("Mi", script: "druck", library: Self.library), footer: "Druck")
        let page = try Elements.of(try sheet.page(0))
        let svg = try #require(page.named("svg").first)
        #expect(svg["width"] == "210mm" && svg["height"] == "297mm" && svg["viewBox"] == "0 0 210 297")
        // Four lines per ruled row, the middle one dashed; every row of the page is ruled.
        let lines = page.named("line").filter { $0["stroke-opacity"] != nil }
        #expect(lines.count == 4 * sheet.rowsPerPage)
        #expect(lines.filter { $0["stroke-dasharray"] != nil }.count == sheet.rowsPerPage)
        // Each row's group scales glyph units (a band is 100) to millimetres: 8 mm a band.
        let rowScales = page.named("g").compactMap { $0["transform"] }.filter { $0.contains("scale(") }
        #expect(!rowScales.isEmpty && rowScales.allSatisfy { $0.contains("scale(0.08)") })
        #expect(page.all.contains { $0.name == "text" }, "name and date lines, and the footer")
    }

    @Test func theModelShowsANumberedDotPerStrokeAndCopiesFollowIt() throws {
        for char in ["M", "A", "i", "ß", "Ä"] {
            let glyph = try Self.library.glyph(char, script: "druck")
            let sheet = try Worksheet(glyphs: [glyph], rowsPerLetter: 2)
            let page = try Elements.of(try sheet.page(0))
            // The model's numbered start dots: a white number on each, 1…n.
            let numbers = page.named("text").filter { $0["fill"] == "#ffffff" }
            #expect(numbers.count == glyph.strokes.count, "\(char)")
            // Copies to write over: dotted strokes, many in the first row, two fainter in the second.
            let dark = page.named("path").filter { $0["stroke"] == "#8a929c" }
            let faint = page.named("path").filter { $0["stroke"] == "#c3c8cf" }
            let lines = glyph.strokes.filter { !$0.isDot }.count
            #expect(faint.count == 2 * lines, "\(char)")
            #expect(dark.count >= 4 * lines && dark.count % lines == 0, "\(char): \(dark.count)")
        }
    }

    /// Numbered start dots that lie close together (the two of an `a`, the umlaut's dots over an
    /// `A`) are set side by side, never over each other: on the model and on every copy.
    @Test func noStartDotCoversAnother() throws {
        for script in ["druck", "schul"] {
            for char in Self.library.characters(in: script) {
                let glyph = try Self.library.glyph(char, script: script)
                let sizes = try Worksheet(glyphs: [glyph]).sizes
                let model = GlyphPicture.spread(GlyphGuides(glyph: glyph).startDots, below: sizes.spreadBelow, step: sizes.spreadStep)
                let copy = GlyphPicture.spread(glyph.strokes.filter { !$0.isDot }.map(\.start), below: sizes.spreadBelow, step: sizes.spreadStep)
                for (dots, width) in [(model, 2 * sizes.startRadius + sizes.startRing), (copy, 1.5 * sizes.startRadius)] {
                    for i in dots.indices { for j in dots.indices where j > i {
                        #expect(dots[i].distance(to: dots[j]) >= width, "\(script)/\(char): dots \(i + 1) and \(j + 1) overlap")
                    } }
                }
            }
        }
    }

    /// Every letter of both scripts fits a row with copies beside its model, and nothing is drawn
    /// past the page's right edge.
    @Test func everyLetterFitsItsRow() throws {
        for script in ["druck", "schul"] {
            for char in Self.library.characters(in: script) {
                let glyph = try Self.library.glyph(char, script: script)
                let sheet = try Worksheet(glyphs: [glyph])
                let page = try Elements.of(try sheet.page(0))
                let lines = glyph.strokes.filter { !$0.isDot }.count
                let copies = page.named("path").filter { $0["stroke"] == "#8a929c" }.count / max(lines, 1)
                #expect(copies >= 3, "\(script)/\(char): \(copies) copies")
                let offsets = page.named("g").compactMap { $0["transform"] }.compactMap { t -> Double? in
                    guard t.hasPrefix("translate("), !t.contains("scale") else { return nil }
                    return Double(t.dropFirst("translate(".count).split(separator: " ")[0])
                }
                let rightmost = (offsets.max() ?? 0) + glyph.inkBounds.maxX
                #expect(rightmost * 0.08 + 14 <= 210 - 14 + 0.01, "\(script)/\(char) ends at \(rightmost * 0.08 + 14) mm")
            }
        }
    }
}
