import Foundation

/// Flattening of quadratic and cubic Bézier curves into polylines by adaptive subdivision.
public enum Bezier {
    /// Points of a quadratic curve from `p0` (excluded) to `p2` (included), deviating at most
    /// `tolerance` from the true curve.
    public static func flattenQuadratic(_ p0: Point, _ c: Point, _ p2: Point, tolerance: Double) -> [Point] {
        // A quadratic is a cubic with control points two thirds of the way to its control point.
        let c1 = p0 + (c - p0) * (2.0 / 3.0)
        let c2 = p2 + (c - p2) * (2.0 / 3.0)
        return flattenCubic(p0, c1, c2, p2, tolerance: tolerance)
    }

    /// Points of a cubic curve from `p0` (excluded) to `p3` (included), deviating at most
    /// `tolerance` from the true curve.
    public static func flattenCubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, tolerance: Double) -> [Point] {
        var out: [Point] = []
        subdivide(p0, c1, c2, p3, tolerance: max(tolerance, 1e-6), depth: 0, into: &out)
        return out
    }

    /// The point at parameter t of a cubic curve.
    public static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    private static func subdivide(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point,
                                  tolerance: Double, depth: Int, into out: inout [Point]) {
        // Flat enough when both control points lie within tolerance of the chord.
        let d1 = Polyline.distanceToSegment(c1, p0, p3).distance
        let d2 = Polyline.distanceToSegment(c2, p0, p3).distance
        if max(d1, d2) <= tolerance || depth >= 16 {
            out.append(p3)
            return
        }
        // de Casteljau split at t = 0.5.
        let p01 = p0.lerp(to: c1, 0.5), p12 = c1.lerp(to: c2, 0.5), p23 = c2.lerp(to: p3, 0.5)
        let p012 = p01.lerp(to: p12, 0.5), p123 = p12.lerp(to: p23, 0.5)
        let mid = p012.lerp(to: p123, 0.5)
        subdivide(p0, p01, p012, mid, tolerance: tolerance, depth: depth + 1, into: &out)
        subdivide(mid, p123, p23, p3, tolerance: tolerance, depth: depth + 1, into: &out)
    }
}
