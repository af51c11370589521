import Foundation

/// What the engine derives from a glyph's centerlines: checkpoints, start dots, direction arrows and
/// corners. Never stored in glyph files.
public struct GlyphGuides: Sendable, Equatable {
    /// Direction changes sharper than this (radians, 35°) are corners.
    public static let cornerAngle = 35.0 * Double.pi / 180
    /// Checkpoints are at most this far apart along a stroke, as a fraction of the x-height.
    public static let checkpointSpacing = 0.25
    /// Arrows run along the stroke from this arc length …
    public static let arrowStart = 0.1
    /// … to this one (fractions of the x-height).
    public static let arrowEnd = 0.6

    public struct Arrow: Sendable, Equatable, Codable {
        /// The stretch of centerline the arrow follows, in writing direction.
        public var points: [Point]
        /// Unit vector of the direction at the arrow's tip.
        public var direction: Point

        public init(points: [Point], direction: Point) {
            self.points = points
            self.direction = direction
        }
    }

    /// Per stroke, the checkpoints in order.
    public var checkpoints: [[Point]]
    /// Arc length of each checkpoint along its stroke.
    public var checkpointArcLengths: [[Double]]
    /// Per stroke, its start point (shown as a numbered dot).
    public var startDots: [Point]
    /// Per stroke, its direction arrow.
    public var arrows: [Arrow]
    /// Per stroke, the corner points.
    public var corners: [[Point]]

    public var checkpointCount: Int { checkpoints.reduce(0) { $0 + $1.count } }

    public init(glyph: Glyph) {
        let unit = glyph.unit
        var checkpoints: [[Point]] = []
        var arcs: [[Double]] = []
        var arrows: [Arrow] = []
        var corners: [[Point]] = []
        for stroke in glyph.strokes {
            let (points, s) = Self.checkpoints(for: stroke, spacing: Self.checkpointSpacing * unit)
            checkpoints.append(points)
            arcs.append(s)
            arrows.append(Self.arrow(for: stroke, unit: unit))
            corners.append(stroke.corners.map { stroke.points[$0.index] })
        }
        self.checkpoints = checkpoints
        self.checkpointArcLengths = arcs
        self.startDots = glyph.strokes.map(\.start)
        self.arrows = arrows
        self.corners = corners
    }

    /// Evenly spread checkpoints on each corner-free section of the stroke, so that the start, the
    /// end and every corner carry one.
    static func checkpoints(for stroke: GlyphStroke, spacing: Double) -> ([Point], [Double]) {
        let total = stroke.length
        if stroke.isDot || total <= 0 {
            let middle = Polyline.point(atArcLength: total / 2, in: stroke.points, cumulative: stroke.cumulative)
            return ([middle], [total / 2])
        }
        // Section ends are exact vertices (start, corners, end), not interpolated approximations.
        let ends = [0] + stroke.corners.map(\.index) + [stroke.points.count - 1]
        var points: [Point] = []
        var arcs: [Double] = []
        for k in 1..<ends.count {
            let a = stroke.cumulative[ends[k - 1]], b = stroke.cumulative[ends[k]]
            guard b - a > 1e-9 else { continue }
            let n = max(1, Int(((b - a) / spacing).rounded(.up)))
            for i in (points.isEmpty ? 0 : 1)...n {
                let s = a + (b - a) * Double(i) / Double(n)
                let p = i == 0 ? stroke.points[ends[k - 1]] : i == n ? stroke.points[ends[k]]
                    : Polyline.point(atArcLength: s, in: stroke.points, cumulative: stroke.cumulative)
                points.append(p)
                arcs.append(s)
            }
        }
        return (points, arcs)
    }

    static func arrow(for stroke: GlyphStroke, unit: Double) -> Arrow {
        let total = stroke.length
        var from = arrowStart * unit, to = arrowEnd * unit
        if to > total * 0.8 { from = total * 0.1; to = total * 0.55 }
        var points: [Point] = [Polyline.point(atArcLength: from, in: stroke.points, cumulative: stroke.cumulative)]
        for (i, s) in stroke.cumulative.enumerated() where s > from && s < to { points.append(stroke.points[i]) }
        let tip = Polyline.point(atArcLength: to, in: stroke.points, cumulative: stroke.cumulative)
        points.append(tip)
        let before = Polyline.point(atArcLength: max(from, to - 0.05 * unit), in: stroke.points, cumulative: stroke.cumulative)
        let d = tip - before
        let length = d.length
        return Arrow(points: points, direction: length > 0 ? d * (1 / length) : Point(0, 1))
    }
}
