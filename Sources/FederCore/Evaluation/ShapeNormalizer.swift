import Foundation

/// Puts ink of any size and position into a common frame for shape comparison: the centroid of
/// the resampled ink at the origin and its root-mean-square radius scaled to 1. (Centroid and RMS
/// radius are steadier than the bounding box against the lead-in and exit strokes adults add.)
/// `feder eval templates` (TemplateEvaluation) compares letters in this frame.
enum ShapeNormalizer {
    /// Normalised strokes, resampled to about `total` points; nil when the ink has no extent.
    static func normalize(_ strokes: [[Point]], total: Int) -> [[Point]]? {
        let strokes = strokes.filter { !$0.isEmpty && $0.allSatisfy(\.isFinite) }
        guard !strokes.isEmpty else { return nil }
        let resampled = resample(strokes, total: total)
        let all = resampled.flatMap { $0 }
        let n = Double(all.count)
        let c = Point(all.reduce(0) { $0 + $1.x } / n, all.reduce(0) { $0 + $1.y } / n)
        let radius = (all.reduce(0) { $0 + $1.squaredDistance(to: c) } / n).squareRoot()
        guard radius > 0, radius.isFinite else { return nil }
        return resampled.map { $0.map { Point(($0.x - c.x) / radius, ($0.y - c.y) / radius) } }
    }

    /// About `total` points, each stroke getting a share by its length (at least two; one for a dot).
    static func resample(_ strokes: [[Point]], total: Int) -> [[Point]] {
        let lengths = strokes.map(Polyline.length)
        let sum = lengths.reduce(0, +)
        return zip(strokes, lengths).map { stroke, length in
            guard length > 0 else { return [stroke[0]] }
            let share = sum > 0 ? Int((Double(total) * length / sum).rounded()) : 2
            return Polyline.resample(stroke, count: max(2, share))
        }
    }
}

/// A shape ready to compare: the normalised points in writing order, read as an order-free point
/// cloud by `shapeDistance` and as one ordered path by `pathDistance`.
struct ShapeSignature: Sendable {
    var points: [Point]
    var strokes: [[Point]]

    init?(strokes: [[Point]], points: Int = 32) {
        guard let normalized = ShapeNormalizer.normalize(strokes, total: points) else { return nil }
        self.strokes = normalized
        self.points = normalized.flatMap { $0 }
    }

    /// Order- and direction-free: mean distance from each point to the other cloud, both ways.
    func shapeDistance(to other: ShapeSignature) -> Double {
        (Self.meanNearest(points, other.points) + Self.meanNearest(other.points, points)) / 2
    }

    /// Order- and direction-aware: discrete Fréchet distance between the paths, strokes in order.
    func pathDistance(to other: ShapeSignature) -> Double {
        CurveDistance.frechet(points, other.points)
    }

    static func meanNearest(_ a: [Point], _ b: [Point]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return .infinity }
        var total = 0.0
        for p in a {
            var best = Double.infinity
            for q in b { best = min(best, p.squaredDistance(to: q)) }
            total += best.squareRoot()
        }
        return total / Double(a.count)
    }
}
