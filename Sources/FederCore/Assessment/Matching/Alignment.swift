import Foundation

/// A monotone alignment of ink to a line by dynamic time warping: which part of the ink was drawn for
/// which part of the line. Unlike nearest-point projection it follows retraced strokes (n, m, h) and
/// closed loops correctly, because it must walk both curves from start to end.
struct Alignment: Sendable {
    /// The resampled line and ink.
    let line: [Point]
    let ink: [Point]
    /// Arc length of each resampled ink point.
    let inkArc: [Double]
    /// Per line point: the first and last ink index paired with it.
    let first: [Int]
    let last: [Int]

    init(ink rawInk: [Point], line rawLine: [Point], unit: Double) {
        let n = Curves.sampleCount(length: Polyline.length(rawLine), unit: unit, limit: 200)
        let m = Curves.sampleCount(length: Polyline.length(rawInk), unit: unit, limit: 200)
        line = Polyline.resample(rawLine, count: n)
        ink = Polyline.resample(rawInk, count: m)
        inkArc = Polyline.cumulativeLengths(ink)
        // Full cost matrix (n, m ≤ 200): cheap, and the path is needed.
        var cost = [Double](repeating: .infinity, count: n * m)
        for i in 0..<n {
            for j in 0..<m {
                let d = line[i].distance(to: ink[j])
                let best: Double
                if i == 0 && j == 0 { best = 0 }
                else if i == 0 { best = cost[j - 1] }
                else if j == 0 { best = cost[(i - 1) * m] }
                else { best = min(cost[(i - 1) * m + j], cost[(i - 1) * m + j - 1], cost[i * m + j - 1]) }
                cost[i * m + j] = best + d
            }
        }
        var first = [Int](repeating: m - 1, count: n), last = [Int](repeating: 0, count: n)
        var i = n - 1, j = m - 1
        while true {
            first[i] = min(first[i], j); last[i] = max(last[i], j)
            if i == 0 && j == 0 { break }
            if i == 0 { j -= 1; continue }
            if j == 0 { i -= 1; continue }
            let diag = cost[(i - 1) * m + j - 1], up = cost[(i - 1) * m + j], left = cost[i * m + j - 1]
            if diag <= up && diag <= left { i -= 1; j -= 1 } else if up <= left { i -= 1 } else { j -= 1 }
        }
        self.first = first
        self.last = last
    }

    /// Arc length between neighbouring points of the resampled line.
    var lineSpacing: Double { line.count > 1 ? Polyline.length(line) / Double(line.count - 1) : 0 }

    /// The line index nearest to arc length `s`.
    func lineIndex(atArc s: Double) -> Int {
        let spacing = lineSpacing
        guard spacing > 0 else { return 0 }
        return min(max(Int((s / spacing).rounded()), 0), line.count - 1)
    }
}
