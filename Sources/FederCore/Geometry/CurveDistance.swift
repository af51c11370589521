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
}
