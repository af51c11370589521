import FederCore

/// A glyph as the page needs it to draw the ghost, start dots and arrows (all in glyph units).
public struct GlyphGeometry: Codable, Sendable, Equatable {
    public var char: String
    public var script: String
    public var variant: String
    public var variants: [String]
    public var width: Double
    public var ruling: Ruling
    public var strokes: [Stroke]
    /// Checkpoint radius and near band in glyph units, for drawing the rails.
    public var radius: Double
    public var nearBand: Double
    /// Words of a joined script: where each join leaves a letter and arrives at the next.
    public var joins: [Join]

    public struct Join: Codable, Sendable, Equatable {
        public var stroke: Int
        public var from: Point
        public var to: Point
        /// `baseline` or `middle`.
        public var type: String
    }

    public struct Stroke: Codable, Sendable, Equatable {
        /// SVG path data of the centerline.
        public var path: String
        public var dot: Bool
        public var start: Point
        public var checkpoints: [Point]
        public var arrow: GlyphGuides.Arrow
        public var corners: [Point]
    }

    public init(glyph: Glyph, tolerance: TrackingTolerance) {
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
