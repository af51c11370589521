import FederCore

/// A glyph as the page needs it to draw the ghost, start dots and arrows (all in glyph units).
struct GlyphGeometry: Codable, Sendable, Equatable {
    var char: String
    var script: String
    var variant: String
    var variants: [String]
    var width: Double
    var ruling: Ruling
    var strokes: [Stroke]
    /// Checkpoint radius and near band in glyph units, for drawing the rails.
    var radius: Double
    var nearBand: Double
    /// Words of a joined script: where each join leaves a letter and arrives at the next.
    var joins: [Join]

    struct Join: Codable, Sendable, Equatable {
        var stroke: Int
        var from: Point
        var to: Point
        /// `baseline` or `middle`.
        var type: String
    }

    struct Stroke: Codable, Sendable, Equatable {
        /// SVG path data of the centerline.
        var path: String
        var dot: Bool
        var start: Point
        var checkpoints: [Point]
        var arrow: GlyphGuides.Arrow
        var corners: [Point]
    }

    init(glyph: Glyph, tolerance: TrackingTolerance) {
        let guides = GlyphGuides(glyph: glyph)
        char = glyph.char
        script = glyph.script
        variant = glyph.variant
        variants = glyph.variantIDs
        width = glyph.width
        ruling = glyph.ruling
        radius = tolerance.radius * glyph.unit
        nearBand = tolerance.nearBand * glyph.unit
        joins = glyph.joins.map { Join(stroke: $0.stroke, from: rounded($0.from), to: rounded($0.to), type: $0.type.rawValue) }
        strokes = glyph.strokes.indices.map { i in
            let arrow = guides.arrows[i]
            return Stroke(path: glyph.strokes[i].path.svg, dot: glyph.strokes[i].isDot, start: rounded(guides.startDots[i]),
                          checkpoints: guides.checkpoints[i].map(rounded),
                          arrow: .init(points: arrow.points.map(rounded), direction: rounded(arrow.direction, 1000)),
                          corners: guides.corners[i].map(rounded))
        }
    }
}

/// Two decimals are far below a pixel: keeps the JSON small.
private func rounded(_ p: Point) -> Point { rounded(p, 100) }

private func rounded(_ p: Point, _ scale: Double) -> Point {
    Point((p.x * scale).rounded() / scale, (p.y * scale).rounded() / scale)
}
