import Foundation

/// One pen-down stroke as a smooth movement: positions on a regular 100 Hz time grid, smoothed with
/// a Gaussian (σ = 20 ms) so that touch-screen timing jitter does not show up as speed changes, and
/// the speed along it. Tempo, Rhythmus and the velocity inversions all read from it.
struct SpeedProfile: Sendable {
    static let step = 0.01
    static let sigma = 2.0  // in steps
    /// A stroke longer than this (seconds) gets no profile: no child draws one line for ten minutes,
    /// and one wild time would otherwise ask for billions of grid points.
    static let longestStroke = 600.0

    /// Smoothed positions (glyph units) and speeds (x-heights per second), one per time step.
    let positions: [Point]
    let speeds: [Double]

    var duration: Double { Double(max(speeds.count - 1, 0)) * Self.step }

    /// Nil for a stroke too short in time to have a speed (a tap), or longer than `longestStroke`.
    init?(_ samples: [PenSample], unit: Double) {
        guard samples.count >= 2, let t0 = samples.first?.t, let t1 = samples.last?.t, t1 - t0 >= 2 * Self.step,
              t1 - t0 <= Self.longestStroke else { return nil }
        let count = Int(((t1 - t0) / Self.step).rounded(.down)) + 1
        var raw = [Point](); raw.reserveCapacity(count)
        var k = 0
        for i in 0..<count {
            let t = t0 + Double(i) * Self.step
            while k < samples.count - 2 && samples[k + 1].t <= t { k += 1 }
            let a = samples[k], b = samples[k + 1]
            let span = b.t - a.t
            let f = span > 0 ? min(max((t - a.t) / span, 0), 1) : 1
            raw.append(a.point.lerp(to: b.point, f))
        }
        positions = Self.smoothed(raw)
        var speeds = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let lo = max(i - 1, 0), hi = min(i + 1, count - 1)
            speeds[i] = hi > lo ? positions[lo].distance(to: positions[hi]) / (Double(hi - lo) * Self.step) / unit : 0
        }
        self.speeds = speeds
    }

    /// Gaussian smoothing. Beyond the ends the path is continued by point reflection (p[−k] =
    /// 2·p[0] − p[k]), so a steady movement stays exactly steady up to its last sample.
    private static func smoothed(_ p: [Point]) -> [Point] {
        let radius = Int((3 * sigma).rounded(.up))
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        let last = p.count - 1
        func at(_ j: Int) -> Point {
            if j < 0 { return p[0] * 2 - p[min(-j, last)] }
            if j > last { return p[last] * 2 - p[max(2 * last - j, 0)] }
            return p[j]
        }
        var out = [Point](); out.reserveCapacity(p.count)
        for i in p.indices {
            var x = 0.0, y = 0.0
            for o in -radius...radius {
                let q = at(i + o), kw = kernel[o + radius]
                x += q.x * kw; y += q.y * kw
            }
            out.append(Point(x / total, y / total))
        }
        return out
    }

    /// Index ranges where the pen stands (nearly) still for at least `minDuration`.
    func pauses(stillSpeed: Double, minDuration: Double) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var start: Int?
        for (i, v) in speeds.enumerated() {
            if v < stillSpeed { if start == nil { start = i } }
            if v >= stillSpeed || i == speeds.count - 1, let s = start {
                let end = v >= stillSpeed ? i - 1 : i
                if Double(end - s + 1) * Self.step >= minDuration { out.append(s...end) }
                start = nil
            }
        }
        return out
    }
}
