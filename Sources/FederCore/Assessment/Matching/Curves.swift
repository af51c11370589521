import Foundation

/// Curve comparisons the assessment shares, all in glyph units.
enum Curves {
    /// The spacing (x-heights) at which the assessment resamples ink and lines before comparing them:
    /// fine enough that a discrete distance errs by at most a few glyph units.
    static let samplingStep = 0.04

    /// How many resampled points to use for curves of this length: about one every `samplingStep`,
    /// at least 16, at most `limit`, so the discrete Fréchet distance errs by at most a few units.
    static func sampleCount(length: Double, unit: Double, limit: Int = 160) -> Int {
        min(max(Int((length / (samplingStep * unit)).rounded(.up)) + 1, 16), limit)
    }

    /// Discrete Fréchet distance of `ink` to `line`, both walked forwards, and of the reversed ink.
    /// Both are resampled to the same number of points.
    static func frechetBothWays(_ ink: [Point], _ line: [Point], unit: Double) -> (forward: Double, backward: Double) {
        guard !ink.isEmpty, !line.isEmpty else { return (.infinity, .infinity) }
        let n = sampleCount(length: max(Polyline.length(ink), Polyline.length(line)), unit: unit)
        let a = Polyline.resample(ink, count: n), b = Polyline.resample(line, count: n)
        return (CurveDistance.frechet(a, b), CurveDistance.frechet(a.reversed(), b))
    }

    /// Distance from `p` to the nearest point of a polyline.
    static func distance(_ p: Point, to line: [Point]) -> Double {
        guard let first = line.first else { return .infinity }
        guard line.count > 1 else { return p.distance(to: first) }
        var best = Double.infinity
        for i in 1..<line.count {
            best = min(best, Polyline.distanceToSegment(p, line[i - 1], line[i]).distance)
        }
        return best
    }

    /// How far the ink moves forwards and backwards along `line` (projected to its nearest point), and
    /// which fraction of the ink lies within `band` of the line. Steps longer than `maxStep` along the
    /// line are jumps between far-apart parts (a closed loop's seam, a retraced stem) and are ignored.
    static func progress(of ink: [Point], along line: [Point], cumulative: [Double], band: Double,
                         maxStep: Double) -> (forward: Double, backward: Double, near: Double) {
        guard !ink.isEmpty, !line.isEmpty else { return (0, 0, 0) }
        var forward = 0.0, backward = 0.0, near = 0
        var previous: Double?
        for p in ink {
            let (d, s) = Polyline.nearest(to: p, on: line, cumulative: cumulative)
            if d <= band { near += 1 }
            if let previous, d <= band {
                let step = s - previous
                if abs(step) <= maxStep { if step > 0 { forward += step } else { backward -= step } }
            }
            previous = d <= band ? s : nil
        }
        return (forward, backward, Double(near) / Double(ink.count))
    }

    /// The stretch of `points` between arc lengths `a` and `b` (clamped), ends interpolated.
    static func stretch(_ points: [Point], cumulative: [Double], from a: Double, to b: Double) -> [Point] {
        let total = cumulative.last ?? 0
        let lo = min(max(0, a), total), hi = min(max(lo, b), total)
        var out = [Polyline.point(atArcLength: lo, in: points, cumulative: cumulative)]
        for (i, s) in cumulative.enumerated() where s > lo && s < hi { out.append(points[i]) }
        out.append(Polyline.point(atArcLength: hi, in: points, cumulative: cumulative))
        return out
    }
}
