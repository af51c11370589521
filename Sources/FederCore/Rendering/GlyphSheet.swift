import Foundation

/// A contact sheet of glyphs on their ruling, with numbered start dots and direction arrows, as SVG.
/// Used to look at the letters (docs/glyph-sheet-druck.svg) and as the base of printable worksheets.
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

    static let strokeColours = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#db2777"]

    public func svg() -> String {
        guard let ruling = glyphs.first?.ruling else { return SVGWriter().document(width: 10, height: 10, background: "#fffdf8") }
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
                          height: header + Double(rows) * cellHeight * scale, background: "#fffdf8")
    }

    private func cell(_ glyph: Glyph, extent: (Double, Double), into w: inout SVGWriter) {
        let r = glyph.ruling
        for (y, dashed, opacity) in [(r.top, false, 0.45), (r.middle, true, 0.35), (r.base, false, 0.55), (r.bottom, false, 0.3)] {
            w.add(##"<line x1="\##(SVGWriter.num(extent.0 + 8))" x2="\##(SVGWriter.num(extent.1 - 8))" y1="\##(SVGWriter.num(y))" y2="\##(SVGWriter.num(y))" stroke="#1f2937" stroke-opacity="\##(opacity)" stroke-width="2"\##(dashed ? ##" stroke-dasharray="6 9""## : "")/>"##)
        }
        let guides = GlyphGuides(glyph: glyph)
        for (i, stroke) in glyph.strokes.enumerated() {
            let colour = Self.strokeColours[i % Self.strokeColours.count]
            if stroke.isDot {
                let c = guides.checkpoints[i][0]
                w.add(##"<circle cx="\##(SVGWriter.num(c.x))" cy="\##(SVGWriter.num(c.y))" r="9" fill="\##(colour)"/>"##)
            } else {
                w.add(##"<path d="\##(stroke.path.svg)" fill="none" stroke="\##(colour)" stroke-width="9" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"/>"##)
                let arrow = guides.arrows[i]
                let offset = Self.sideOffset(arrow, glyph: glyph, distance: 17)
                let pts = arrow.points.map { $0 + offset }
                w.add(##"<polyline points="\##(SVGWriter.polyline(pts))" fill="none" stroke="#f59e0b" stroke-width="4" stroke-linecap="round"/>"##)
                if let tip = pts.last {
                    let d = arrow.direction, n = Point(-d.y, d.x), s = 11.0
                    let head = [tip + d * s, tip + n * (s * 0.7), tip - n * (s * 0.7)]
                    w.add(##"<polygon points="\##(SVGWriter.polyline(head))" fill="#f59e0b"/>"##)
                }
            }
        }
        // Numbered start dots last, on top; dots that coincide are set side by side.
        let starts = Self.spread(guides.startDots)
        for (i, p) in starts.enumerated() {
            let colour = Self.strokeColours[i % Self.strokeColours.count]
            w.add(##"<circle cx="\##(SVGWriter.num(p.x))" cy="\##(SVGWriter.num(p.y))" r="12" fill="\##(colour)" stroke="#fffdf8" stroke-width="3"/>"##)
            w.add(##"<text x="\##(SVGWriter.num(p.x))" y="\##(SVGWriter.num(p.y + 5.5))" text-anchor="middle" font-family="Andika, sans-serif" font-weight="700" font-size="16" fill="#ffffff">\##(i + 1)</text>"##)
        }
    }

    /// Moves an arrow beside its line, on the side away from the glyph's middle.
    static func sideOffset(_ arrow: GlyphGuides.Arrow, glyph: Glyph, distance: Double) -> Point {
        guard let a = arrow.points.first, let b = arrow.points.last else { return .zero }
        let chord = b - a
        let len = chord.length
        guard len > 0 else { return .zero }
        var n = Point(-chord.y / len, chord.x / len)
        let middle = Point((a.x + b.x) / 2, (a.y + b.y) / 2) - glyph.inkBounds.center
        if n.dot(middle) < 0 { n = n * -1 }
        return n * distance
    }

    static func spread(_ points: [Point]) -> [Point] {
        var out = points
        var done = Set<Int>()
        for i in points.indices where !done.contains(i) {
            let group = points.indices.filter { points[$0].distance(to: points[i]) < 14 }
            for (k, j) in group.enumerated() {
                done.insert(j)
                out[j].x = points[i].x + (Double(k) - Double(group.count - 1) / 2) * 28
            }
        }
        return out
    }
}
