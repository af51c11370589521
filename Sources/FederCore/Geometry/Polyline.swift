import Foundation

/// Operations on open polylines (arrays of points), the engine's common currency for strokes.
public enum Polyline {
    /// Total length along the polyline.
    public static func length(_ points: [Point]) -> Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += points[i - 1].distance(to: points[i]) }
        return total
    }

    /// Cumulative arc length at each vertex; the first entry is 0.
    public static func cumulativeLengths(_ points: [Point]) -> [Double] {
        var result = [Double](repeating: 0, count: points.count)
        guard points.count > 1 else { return result }
        for i in 1..<points.count { result[i] = result[i - 1] + points[i - 1].distance(to: points[i]) }
        return result
    }

    /// The point at arc length `s` (clamped to the polyline).
    public static func point(atArcLength s: Double, in points: [Point], cumulative: [Double]) -> Point {
        guard let first = points.first else { return .zero }
        guard points.count > 1, s > 0 else { return first }
        let total = cumulative[cumulative.count - 1]
        if s >= total { return points[points.count - 1] }
        // Binary search for the segment containing s.
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= s { lo = mid } else { hi = mid }
        }
        let segment = cumulative[hi] - cumulative[lo]
        let t = segment > 0 ? (s - cumulative[lo]) / segment : 0
        return points[lo].lerp(to: points[hi], t)
    }

    /// Resamples to exactly `count` points equally spaced by arc length. Both endpoints are kept.
    /// A polyline of zero length gives `count` copies of its first point; an empty one gives `[]`.
    public static func resample(_ points: [Point], count: Int) -> [Point] {
        guard let first = points.first, count > 0 else { return [] }
        if count == 1 { return [first] }
        let cumulative = cumulativeLengths(points)
        let total = cumulative[cumulative.count - 1]
        guard total > 0 else { return [Point](repeating: first, count: count) }
        var result = [Point]()
        result.reserveCapacity(count)
        let step = total / Double(count - 1)
        var segment = 1
        for i in 0..<count {
            let s = i == count - 1 ? total : Double(i) * step
            while segment < points.count - 1 && cumulative[segment] < s { segment += 1 }
            let a = cumulative[segment - 1], b = cumulative[segment]
            let t = b > a ? min(max((s - a) / (b - a), 0), 1) : 0
            result.append(points[segment - 1].lerp(to: points[segment], t))
        }
        result[count - 1] = points[points.count - 1]
        return result
    }

    /// Resamples so that neighbouring points are at most `spacing` apart along the arc, spreading the
    /// points evenly so that the last one falls on the end.
    public static func resample(_ points: [Point], maxSpacing spacing: Double) -> [Point] {
        let total = length(points)
        guard spacing > 0, total > 0 else { return points.isEmpty ? [] : [points[0]] }
        let segments = max(1, Int((total / spacing).rounded(.up)))
        return resample(points, count: segments + 1)
    }

    /// Distance from `p` to the segment `a`–`b`, and the parameter t ∈ [0, 1] of the nearest point.
    @inlinable
    public static func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> (distance: Double, t: Double) {
        let abx = b.x - a.x, aby = b.y - a.y
        let lengthSquared = abx * abx + aby * aby
        var t = 0.0
        if lengthSquared > 0 {
            t = ((p.x - a.x) * abx + (p.y - a.y) * aby) / lengthSquared
            t = min(max(t, 0), 1)
        }
        let nx = a.x + abx * t - p.x, ny = a.y + aby * t - p.y
        return ((nx * nx + ny * ny).squareRoot(), t)
    }

    /// The nearest point on the polyline to `p`: its distance and its arc-length position.
    public static func nearest(to p: Point, on points: [Point], cumulative: [Double]) -> (distance: Double, arcLength: Double) {
        guard let first = points.first else { return (.infinity, 0) }
        guard points.count > 1 else { return (p.distance(to: first), 0) }
        var best = Double.infinity, bestS = 0.0
        for i in 1..<points.count {
            let (d, t) = distanceToSegment(p, points[i - 1], points[i])
            if d < best {
                best = d
                bestS = cumulative[i - 1] + t * (cumulative[i] - cumulative[i - 1])
            }
        }
        return (best, bestS)
    }

    /// Axis-aligned bounding box of several polylines; nil when there are no points.
    public static func bounds(_ strokes: [[Point]]) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for stroke in strokes {
            for p in stroke {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable, Codable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }

    /// The smallest box holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// How far `p` is from the box (0 inside it).
    public func distance(to p: Point) -> Double {
        let dx = max(minX - p.x, 0, p.x - maxX), dy = max(minY - p.y, 0, p.y - maxY)
        return dx.hypot(dy)
    }
}
