import Foundation

/// A contact sheet of glyphs on their ruling, with numbered start dots and direction arrows, as SVG.
/// Used to look at the letters (docs/glyph-sheet-druck.svg); the printable `Worksheet` draws the same
/// pictures (`GlyphPicture`).
public struct GlyphSheet {
    public var glyphs: [Glyph]
    public var columns = 10
    /// Scale from glyph units to SVG pixels.
    public var scale = 0.45
    public var title: String?

    public init(glyphs: [Glyph], columns: Int = 10, title: String? = nil) {
        self.glyphs = glyphs
        self.columns = max(1, columns)
        self.title = title
    }

    public func svg() -> String {
        guard let ruling = glyphs.first?.ruling else { return SVGWriter().document(width: 10, height: 10, background: GlyphPicture.paper) }
        let margin = 0.45 * ruling.xHeight
        let cellWidth = (glyphs.map(\.width).max() ?? 200) + 2 * margin
        let labelHeight = 60.0
        let cellHeight = ruling.totalHeight + 2 * margin + labelHeight
        let rows = (glyphs.count + columns - 1) / columns
        let header = title == nil ? 0.0 : 90.0
        var w = SVGWriter()
        if let title {
            w.add(##"<text x="24" y="52" font-family="Andika, sans-serif" font-size="30" fill="#1f2937">\##(SVGWriter.escape(title))</text>"##)
        }
        for (n, glyph) in glyphs.enumerated() {
            let col = Double(n % columns), row = Double(n / columns)
            let x0 = col * cellWidth * scale, y0 = header + row * cellHeight * scale
            let dx = (cellWidth - glyph.width) / 2
            w.add(##"<g transform="translate(\##(SVGWriter.num(x0)) \##(SVGWriter.num(y0))) scale(\##(scale)) translate(\##(SVGWriter.num(dx)) \##(SVGWriter.num(margin - ruling.top)))">"##)
            cell(glyph, extent: (-dx, cellWidth - dx), into: &w)
            let label = glyph.variant == glyph.variantIDs.first ? glyph.char : "\(glyph.char) · \(glyph.variant)"
            w.add(##"<text x="\##(SVGWriter.num(glyph.width / 2))" y="\##(SVGWriter.num(ruling.bottom + margin + 30))" text-anchor="middle" font-family="Andika, sans-serif" font-size="34" fill="#475569">\##(SVGWriter.escape(label))</text>"##)
            w.add("</g>")
        }
        return w.document(width: Double(min(columns, glyphs.count)) * cellWidth * scale,
                          height: header + Double(rows) * cellHeight * scale, background: GlyphPicture.paper)
    }

    private func cell(_ glyph: Glyph, extent: (Double, Double), into w: inout SVGWriter) {
        let sizes = GlyphPicture.Sizes()
        GlyphPicture.ruling(glyph.ruling, from: extent.0 + 8, to: extent.1 - 8, sizes: sizes, into: &w)
        GlyphPicture.model(glyph, sizes: sizes, into: &w)
    }
}
