import Foundation

/// A printable practice sheet, as first-grade exercise books have them: A4 pages of ruled rows, and
/// for each letter a block of rows — the coloured model with numbered start dots and arrows, then
/// dotted copies to write over with a dot where each stroke begins, then fainter copies and empty
/// ruling to write alone. Drawn from the same glyphs and guides the lesson teaches (`GlyphPicture`),
/// as SVG sized in millimetres so that a browser prints it at its true size.
public struct Worksheet: Sendable {
    public enum Problem: Error, Equatable, Sendable {
        case noLetters
        case tooManyLetters(Int)
        /// Letters of scripts with different rulings cannot share a row.
        case mixedRulings
        case rowsPerLetter(Int)
        case noSuchPage(Int)
        case unknownScript(String)
        /// Characters the script has no glyph for, in the order asked.
        case unknownLetters([String])
    }

    /// The default glyph of each character of `text` (each character once, in the order given;
    /// spaces and commas are skipped), or every character the script lacks.
    public static func letters(_ text: String, script: String, library: GlyphLibrary) throws(Problem) -> [Glyph] {
        guard library.scripts[script] != nil else { throw .unknownScript(script) }
        var seen = Set<String>(), glyphs: [Glyph] = [], unknown: [String] = []
        for character in text where !character.isWhitespace && character != "," {
            let char = String(character)
            guard seen.insert(char).inserted else { continue }
            if let glyph = try? library.glyph(char, script: script) { glyphs.append(glyph) } else { unknown.append(char) }
        }
        guard unknown.isEmpty else { throw .unknownLetters(unknown) }
        return glyphs
    }

    /// Paper and layout, in millimetres.
    public static let pageWidth = 210.0, pageHeight = 297.0
    static let marginX = 14.0, firstRowTop = 34.0, footerSpace = 14.0, rowGap = 6.0
    /// One band of the ruling (middle line to base line) on paper: 8 mm, about the band of an
    /// Austrian first-grade exercise book.
    public static let bandHeight = 8.0
    /// The most letters one sheet takes (the whole alphabet with umlauts, ß and digits is 69).
    public static let maxLetters = 80

    public let glyphs: [Glyph]
    public let rowsPerLetter: Int
    /// A line printed small in the footer (the script's name).
    public var footer: String

    public init(glyphs: [Glyph], rowsPerLetter: Int = 2, footer: String = "") throws(Problem) {
        guard let first = glyphs.first else { throw .noLetters }
        guard glyphs.count <= Self.maxLetters else { throw .tooManyLetters(glyphs.count) }
        guard glyphs.allSatisfy({ $0.ruling == first.ruling }) else { throw .mixedRulings }
        let rows = Self.rowsPerPage(first.ruling)
        guard (1...rows).contains(rowsPerLetter) else { throw .rowsPerLetter(rowsPerLetter) }
        self.glyphs = glyphs
        self.rowsPerLetter = rowsPerLetter
        self.footer = footer
    }

    var ruling: Ruling { glyphs[0].ruling }
    /// Millimetres per glyph unit.
    var scale: Double { Self.bandHeight / ruling.xHeight }
    var rowHeight: Double { ruling.totalHeight * scale }

    static func rowsPerPage(_ ruling: Ruling) -> Int {
        let height = ruling.totalHeight * bandHeight / ruling.xHeight
        return Int((pageHeight - firstRowTop - footerSpace + rowGap) / (height + rowGap))
    }

    public var rowsPerPage: Int { Self.rowsPerPage(ruling) }
    public var lettersPerPage: Int { max(1, rowsPerPage / rowsPerLetter) }
    public var pageCount: Int { (glyphs.count + lettersPerPage - 1) / lettersPerPage }

    /// The letters on page `index` (from 0).
    public func letters(onPage index: Int) -> ArraySlice<Glyph> {
        let from = min(index * lettersPerPage, glyphs.count)
        return glyphs[from..<min(from + lettersPerPage, glyphs.count)]
    }

    /// Page `index` (from 0) as an SVG document.
    public func page(_ index: Int) throws(Problem) -> String {
        guard (0..<pageCount).contains(index) else { throw .noSuchPage(index + 1) }
        var w = SVGWriter()
        header(into: &w)
        for row in 0..<rowsPerPage { ruledRow(row, into: &w) }
        for (n, glyph) in letters(onPage: index).enumerated() {
            for line in 0..<rowsPerLetter { letterRow(glyph, line: line, row: n * rowsPerLetter + line, into: &w) }
        }
        footer(page: index, into: &w)
        return w.document(width: Self.pageWidth, height: Self.pageHeight, background: "#ffffff", unit: "mm")
    }

    // MARK: Drawing

    /// Sizes in glyph units: a ruling line of about 0.25 mm; start dots, their numbers and the
    /// arrows larger than on the contact sheet, to be seen on paper at arm's length.
    var sizes: GlyphPicture.Sizes {
        var sizes = GlyphPicture.Sizes()
        sizes.rulingLine = 0.25 / scale
        sizes.startRadius = 17
        sizes.number = 22
        // Start dots closer than a dot's width with its ring are set side by side, clear of each other.
        sizes.spreadBelow = 2 * sizes.startRadius + sizes.startRing + 1
        sizes.spreadStep = sizes.spreadBelow
        sizes.arrowGap = 24
        sizes.arrowLine = 5
        sizes.arrowHead = 14
        return sizes
    }

    private func rowTop(_ row: Int) -> Double { Self.firstRowTop + Double(row) * (rowHeight + Self.rowGap) }

    /// Opens a group in glyph units whose origin is the row's left edge at the ruling's top line.
    private func openRow(_ row: Int, into w: inout SVGWriter) {
        w.add(##"<g transform="translate(\##(SVGWriter.num(Self.marginX)) \##(SVGWriter.num(rowTop(row)))) scale(\##(scale)) translate(0 \##(SVGWriter.num(-ruling.top)))">"##)
    }

    private var rowWidth: Double { (Self.pageWidth - 2 * Self.marginX) / scale }

    private func ruledRow(_ row: Int, into w: inout SVGWriter) {
        openRow(row, into: &w)
        GlyphPicture.ruling(ruling, from: 0, to: rowWidth, sizes: sizes, into: &w)
        w.add("</g>")
    }

    /// The first line of a letter: the model, then dotted copies to the end of the row. The second:
    /// two fainter copies, then room to write alone. Further lines are left empty for writing.
    private func letterRow(_ glyph: Glyph, line: Int, row: Int, into w: inout SVGWriter) {
        guard line < 2 else { return }
        let gap = 0.8 * ruling.xHeight
        // The arrows and the spread start dots stand out beside the model; keep them off the next copy.
        let ink = glyph.inkBounds
        let modelRoom = ink.width + 2 * gap
        openRow(row, into: &w)
        var x = gap
        if line == 0 {
            w.add(##"<g transform="translate(\##(SVGWriter.num(x - ink.minX)) 0)">"##)
            GlyphPicture.model(glyph, sizes: sizes, into: &w)
            w.add("</g>")
            x += modelRoom
        }
        var copies = 0
        while x + ink.width <= rowWidth - gap / 2, line == 0 || copies < 2 {
            w.add(##"<g transform="translate(\##(SVGWriter.num(x - ink.minX)) 0)">"##)
            GlyphPicture.traceCopy(glyph, sizes: sizes, grey: line == 0 ? "#8a929c" : "#c3c8cf", startDots: true, into: &w)
            w.add("</g>")
            x += max(ink.width, 0.5 * ruling.xHeight) + gap
            copies += 1
        }
        w.add("</g>")
    }

    private func header(into w: inout SVGWriter) {
        let y = 20.0
        w.add(##"<text x="\##(SVGWriter.num(Self.marginX))" y="\##(SVGWriter.num(y))" font-family="system-ui, sans-serif" font-size="4.2" fill="#4b5563">Name:</text>"##)
        w.add(##"<line x1="\##(SVGWriter.num(Self.marginX + 14))" x2="\##(SVGWriter.num(Self.marginX + 104))" y1="\##(SVGWriter.num(y + 0.8))" y2="\##(SVGWriter.num(y + 0.8))" stroke="#6b7280" stroke-width="0.3"/>"##)
        let dateX = Self.pageWidth - Self.marginX - 62
        w.add(##"<text x="\##(SVGWriter.num(dateX))" y="\##(SVGWriter.num(y))" font-family="system-ui, sans-serif" font-size="4.2" fill="#4b5563">Datum:</text>"##)
        w.add(##"<line x1="\##(SVGWriter.num(dateX + 16))" x2="\##(SVGWriter.num(Self.pageWidth - Self.marginX))" y1="\##(SVGWriter.num(y + 0.8))" y2="\##(SVGWriter.num(y + 0.8))" stroke="#6b7280" stroke-width="0.3"/>"##)
    }

    private func footer(page index: Int, into w: inout SVGWriter) {
        let y = Self.pageHeight - 8
        let left = footer.isEmpty ? "Feder" : "Feder · \(footer)"
        w.add(##"<text x="\##(SVGWriter.num(Self.marginX))" y="\##(SVGWriter.num(y))" font-family="system-ui, sans-serif" font-size="3" fill="#9ca3af">\##(SVGWriter.escape(left))</text>"##)
        if pageCount > 1 {
            w.add(##"<text x="\##(SVGWriter.num(Self.pageWidth - Self.marginX))" y="\##(SVGWriter.num(y))" text-anchor="end" font-family="system-ui, sans-serif" font-size="3" fill="#9ca3af">\##(index + 1) / \##(pageCount)</text>"##)
        }
    }
}
