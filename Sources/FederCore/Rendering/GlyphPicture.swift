import Foundation

/// Drawing one glyph into an SVG, in the glyph's own units: its ruling, the coloured model with
/// numbered start dots and direction arrows (as the letter is taught), and a dotted copy to trace
/// over. Shared by the contact sheet and the printable worksheet, which draw at different sizes.
enum GlyphPicture {
    /// Sizes in glyph units (a ruling band is 100 units high).
    struct Sizes {
        var line = 9.0
        var arrowGap = 17.0
        var arrowLine = 4.0
        var arrowHead = 11.0
        var dotRadius = 9.0
        var startRadius = 12.0
        var startRing = 3.0
        var number = 16.0
        var rulingLine = 2.0
        /// Start dots closer than this are set side by side, `spreadStep` apart.
        var spreadBelow = 14.0
        var spreadStep = 28.0
    }

    static let strokeColours = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#db2777"]
    static let paper = "#fffdf8"
    static let arrowColour = "#f59e0b"

    /// The four lines of the ruling from `x0` to `x1`: top, dashed middle, base (the strongest), bottom.
    static func ruling(_ r: Ruling, from x0: Double, to x1: Double, sizes: Sizes, into w: inout SVGWriter) {
        for (y, dashed, opacity) in [(r.top, false, 0.45), (r.middle, true, 0.35), (r.base, false, 0.55), (r.bottom, false, 0.3)] {
            let dash = dashed ? ##" stroke-dasharray="\##(SVGWriter.num(sizes.rulingLine * 3)) \##(SVGWriter.num(sizes.rulingLine * 4.5))""## : ""
            w.add(##"<line x1="\##(SVGWriter.num(x0))" x2="\##(SVGWriter.num(x1))" y1="\##(SVGWriter.num(y))" y2="\##(SVGWriter.num(y))" stroke="#1f2937" stroke-opacity="\##(opacity)" stroke-width="\##(SVGWriter.num(sizes.rulingLine))"\##(dash)/>"##)
        }
    }

    /// The model: each stroke in its own colour with an arrow beside it, numbered start dots on top.
    static func model(_ glyph: Glyph, sizes: Sizes, into w: inout SVGWriter) {
        let guides = GlyphGuides(glyph: glyph)
        for (i, stroke) in glyph.strokes.enumerated() {
            let colour = strokeColours[i % strokeColours.count]
            if stroke.isDot {
                let c = guides.checkpoints[i][0]
                w.add(##"<circle cx="\##(SVGWriter.num(c.x))" cy="\##(SVGWriter.num(c.y))" r="\##(SVGWriter.num(sizes.dotRadius))" fill="\##(colour)"/>"##)
                continue
            }
            w.add(##"<path d="\##(stroke.path.svg)" fill="none" stroke="\##(colour)" stroke-width="\##(SVGWriter.num(sizes.line))" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"/>"##)
            let arrow = guides.arrows[i]
            let offset = sideOffset(arrow, glyph: glyph, distance: sizes.arrowGap)
            let pts = arrow.points.map { $0 + offset }
            w.add(##"<polyline points="\##(SVGWriter.polyline(pts))" fill="none" stroke="\##(arrowColour)" stroke-width="\##(SVGWriter.num(sizes.arrowLine))" stroke-linecap="round"/>"##)
            if let tip = pts.last {
                let d = arrow.direction, n = Point(-d.y, d.x), s = sizes.arrowHead
                let head = [tip + d * s, tip + n * (s * 0.7), tip - n * (s * 0.7)]
                w.add(##"<polygon points="\##(SVGWriter.polyline(head))" fill="\##(arrowColour)"/>"##)
            }
        }
        // Numbered start dots last, on top; dots that coincide are set side by side.
        for (i, p) in spread(guides.startDots, below: sizes.spreadBelow, step: sizes.spreadStep).enumerated() {
            let colour = strokeColours[i % strokeColours.count]
            w.add(##"<circle cx="\##(SVGWriter.num(p.x))" cy="\##(SVGWriter.num(p.y))" r="\##(SVGWriter.num(sizes.startRadius))" fill="\##(colour)" stroke="\##(paper)" stroke-width="\##(SVGWriter.num(sizes.startRing))"/>"##)
            w.add(##"<text x="\##(SVGWriter.num(p.x))" y="\##(SVGWriter.num(p.y + sizes.number * 11 / 32))" text-anchor="middle" font-family="Andika, sans-serif" font-weight="700" font-size="\##(SVGWriter.num(sizes.number))" fill="#ffffff">\##(i + 1)</text>"##)
        }
    }

    /// A copy to write over: every stroke as a grey dotted line, a small dot where each stroke
    /// begins (`startDots: false` leaves them out, for a copy that is almost gone).
    static func traceCopy(_ glyph: Glyph, sizes: Sizes, grey: String, startDots: Bool, into w: inout SVGWriter) {
        let dot = sizes.line * 0.9
        for stroke in glyph.strokes {
            if stroke.isDot {
                w.add(##"<circle cx="\##(SVGWriter.num(stroke.start.x))" cy="\##(SVGWriter.num(stroke.start.y))" r="\##(SVGWriter.num(sizes.dotRadius * 0.8))" fill="\##(grey)"/>"##)
            } else {
                w.add(##"<path d="\##(stroke.path.svg)" fill="none" stroke="\##(grey)" stroke-width="\##(SVGWriter.num(dot))" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="0 \##(SVGWriter.num(dot * 1.9))"/>"##)
            }
        }
        guard startDots else { return }
        for p in spread(glyph.strokes.filter { !$0.isDot }.map(\.start), below: sizes.spreadBelow, step: sizes.spreadStep) {
            w.add(##"<circle cx="\##(SVGWriter.num(p.x))" cy="\##(SVGWriter.num(p.y))" r="\##(SVGWriter.num(sizes.startRadius * 0.75))" fill="\##(arrowColour)"/>"##)
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

    /// Points closer than `below` to an earlier one are set side by side, `step` apart.
    static func spread(_ points: [Point], below: Double = 14, step: Double = 28) -> [Point] {
        var out = points
        var done = Set<Int>()
        for i in points.indices where !done.contains(i) {
            let group = points.indices.filter { points[$0].distance(to: points[i]) < below }
            for (k, j) in group.enumerated() {
                done.insert(j)
                out[j].x = points[i].x + (Double(k) - Double(group.count - 1) / 2) * step
            }
        }
        return out
    }
}
