import Foundation

/// A character of a script in one variant, checked and flattened: what the engine works with.
public struct Glyph: Sendable, Equatable {
    /// The character, e.g. "A", "ä", "4".
    public var char: String
    public var script: String
    public var variant: String
    /// Ids of all variants of this character; the first is the default.
    public var variantIDs: [String]
    public var note: String?
    public var width: Double
    public var ruling: Ruling
    public var strokes: [GlyphStroke]
    public var entry: Point?
    public var exit: Point?
    /// Lint rules this variant deliberately breaks, with the reason.
    public var exceptions: [String: String] = [:]

    /// Unique key: `druck/A/standard`.
    public var key: String { "\(script)/\(char)/\(variant)" }

    /// Bounding box of the centerlines.
    public var inkBounds: Rect { Polyline.bounds(strokes.map(\.points)) ?? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0) }

    /// Letter size used to normalise distances: the x-height of the ruling.
    public var unit: Double { ruling.xHeight }
}

/// One pen-down movement of a glyph, in writing order and direction.
public struct GlyphStroke: Sendable, Equatable {
    /// The authored path.
    public var path: PathData
    /// The centerline flattened to a polyline (Béziers within `GlyphCompiler.flatteningTolerance`).
    public var points: [Point]
    /// Cumulative arc length at each point of `points`.
    public var cumulative: [Double]
    /// Joints between path segments, with their turning angles.
    public var joints: [PathJoint]
    /// A dot (i, j, umlauts): drawn as a dot, direction not judged.
    public var isDot: Bool

    public var length: Double { cumulative.last ?? 0 }
    public var start: Point { points[0] }
    public var end: Point { points[points.count - 1] }

    /// Joints where the direction turns by more than `GlyphGuides.cornerAngle`.
    public var corners: [PathJoint] { joints.filter { $0.turn > GlyphGuides.cornerAngle } }
}
