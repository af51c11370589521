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
    /// Joined scripts: where the join from the previous letter arrives (the start of the first stroke).
    public var entry: Point?
    /// Joined scripts: where the join to the next letter leaves (the end of the last body stroke).
    public var exit: Point?
    /// How the join arrives at `entry` and leaves `exit` (nil: not a joined letter).
    public var entryJoin: JoinType?
    public var exitJoin: JoinType?
    /// Baseline entries: how many path segments at the start of the first stroke are the lead-in
    /// (Anstrich), written only when the letter begins a joined run.
    public var leadInSegments: Int = 0
    /// Baseline entries: how many segments a high join (from a middle exit) replaces.
    public var highLeadInSegments: Int = 0
    /// The glyph belongs to a joined (cursive) script.
    public var joinedScript: Bool = false
    /// Slant of the script in degrees (positive leans right); the paths are already slanted.
    public var slant: Double = 0
    /// Words: the joins between letters, in writing order (empty for a single letter).
    public var joins: [LetterJoin] = []
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
    /// Joined scripts: written after the word's joined part (dots, t-bars, the x cross).
    public var isLifted: Bool = false

    /// Flattens `path` and derives its arc lengths and joints.
    public init(path: PathData, isDot: Bool, isLifted: Bool = false) {
        let (points, joints) = path.flattened(tolerance: GlyphCompiler.flatteningTolerance)
        self.path = path
        self.points = points
        self.cumulative = Polyline.cumulativeLengths(points)
        self.joints = joints
        self.isDot = isDot
        self.isLifted = isLifted || isDot
    }

    public var length: Double { cumulative.last ?? 0 }
    public var start: Point { points[0] }
    public var end: Point { points[points.count - 1] }
    /// The point half way along the line.
    public var middle: Point { Polyline.point(atArcLength: length / 2, in: points, cumulative: cumulative) }

    /// A loop that ends where it began (O, o, 0, 8, Q's ring): it reads the same begun anywhere on
    /// it, so where the ink began is judged by the start alone (`StrokeMatcher`, `OvershootCheck`).
    public var isClosed: Bool { !isDot && points.count > 2 && start.distance(to: end) <= Self.closedGap * length }
    /// Ends this close (a share of the length) are one point.
    static let closedGap = 0.01

    /// Joints where the direction turns by more than `GlyphGuides.cornerAngle`.
    public var corners: [PathJoint] { joints.filter { $0.turn > GlyphGuides.cornerAngle } }
}

/// The height at which a join arrives at a letter or leaves it (docs/GLYPHS.md, "Schulschrift").
public enum JoinType: String, Codable, Sendable, Equatable, CaseIterable {
    /// Leaves from the baseline with an up-swing; arrives at a letter that begins on the baseline
    /// with its own lead-in.
    case baseline
    /// Leaves at the middle line (after b o v w); arrives at the top of a letter that begins at the
    /// middle line or at the top of its bowl, where the pen turns.
    case middle
    /// Not joined: capitals that stand alone, letters after which the pen is lifted.
    case none
}

/// One join of a word: the connecting line between two letters, inside one stroke of the word glyph.
public struct LetterJoin: Sendable, Equatable, Codable {
    /// Index of the letter the join leaves (0-based, in the word).
    public var fromLetter: Int
    /// The word glyph's stroke that carries the join.
    public var stroke: Int
    /// Arc length along that stroke where the join begins and ends.
    public var startArc: Double
    public var endArc: Double
    /// Where it leaves the first letter and arrives at the second.
    public var from: Point
    public var to: Point
    /// The exit's join type (baseline or middle).
    public var type: JoinType

    public init(fromLetter: Int, stroke: Int, startArc: Double, endArc: Double, from: Point, to: Point, type: JoinType) {
        self.fromLetter = fromLetter; self.stroke = stroke; self.startArc = startArc; self.endArc = endArc
        self.from = from; self.to = to; self.type = type
    }
}
