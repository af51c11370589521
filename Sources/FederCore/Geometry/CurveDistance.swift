import Foundation

/// Distances between curves given as point sequences.
public enum CurveDistance {
    /// Discrete Fréchet distance (Eiter & Mannila 1994): the shortest leash with which a walker on `p`
    /// and one on `q` can both go from start to end, never moving backwards. Direction-aware: a curve
    /// and its reverse are far apart. Uses O(min(n, m)) memory. Empty input gives +∞.
    public static func frechet(_ p: [Point], _ q: [Point]) -> Double {
        guard !p.isEmpty, !q.isEmpty else { return .infinity }
        // Keep the shorter curve along the row so the buffers stay small.
        let (rows, cols) = p.count >= q.count ? (p, q) : (q, p)
        var previous = [Double](repeating: 0, count: cols.count)
        var current = [Double](repeating: 0, count: cols.count)
        for i in 0..<rows.count {
            let a = rows[i]
            for j in 0..<cols.count {
                let d = a.distance(to: cols[j])
                let reach: Double
                if i == 0 && j == 0 {
                    reach = d
                } else if i == 0 {
                    reach = max(current[j - 1], d)
                } else if j == 0 {
                    reach = max(previous[0], d)
                } else {
                    reach = max(min(previous[j], previous[j - 1], current[j - 1]), d)
                }
                current[j] = reach
            }
            swap(&previous, &current)
        }
        return previous[cols.count - 1]
    }

    /// Symmetric Hausdorff distance between two point sets: order- and direction-free. Empty → +∞.
    public static func hausdorff(_ p: [Point], _ q: [Point]) -> Double {
        guard !p.isEmpty, !q.isEmpty else { return .infinity }
        return max(directedHausdorff(p, q), directedHausdorff(q, p))
    }

    /// The largest distance from a point of `p` to its nearest point of `q`.
    public static func directedHausdorff(_ p: [Point], _ q: [Point]) -> Double {
        var worst = 0.0
        for a in p {
            var best = Double.infinity
            for b in q {
                let d = a.squaredDistance(to: b)
                if d < best { best = d; if best <= worst { break } }
            }
            worst = max(worst, best)
        }
        return worst.squareRoot()
    }

    /// Dynamic time warping: the smallest sum of point distances over a monotone alignment of both
    /// sequences. Divide by the path length for a mean if needed. Empty input gives +∞.
    /// O(min(n, m)) memory.
    public static func dtw(_ p: [Point], _ q: [Point]) -> Double {
        guard !p.isEmpty, !q.isEmpty else { return .infinity }
        let (rows, cols) = p.count >= q.count ? (p, q) : (q, p)
        var previous = [Double](repeating: .infinity, count: cols.count)
        var current = [Double](repeating: .infinity, count: cols.count)
        for i in 0..<rows.count {
            let a = rows[i]
            for j in 0..<cols.count {
                let d = a.distance(to: cols[j])
                let best: Double
                if i == 0 && j == 0 {
                    best = 0
                } else if i == 0 {
                    best = current[j - 1]
                } else if j == 0 {
                    best = previous[0]
                } else {
                    best = min(previous[j], previous[j - 1], current[j - 1])
                }
                current[j] = best + d
            }
            swap(&previous, &current)
        }
        return previous[cols.count - 1]
    }
}
