import Foundation

/// Generates pen input along a glyph's centerlines, as a steady hand would write it: used by tests,
/// the benchmark and `feder assess` examples. Deterministic.
public struct PenSimulator: Sendable {
    /// Samples per second (an Apple Pencil reports 120–240 Hz).
    public var rate: Double = 120
    /// Writing speed along the line, in glyph units per second (about 3 x-heights per second).
    public var speed: Double = 300
    /// Pause between strokes (pen in the air), seconds.
    public var liftPause: Double = 0.35
    public var pressure: Double? = 0.5

    public init(rate: Double = 120, speed: Double = 300, liftPause: Double = 0.35, pressure: Double? = 0.5) {
        self.rate = rate; self.speed = speed; self.liftPause = liftPause; self.pressure = pressure
    }

    /// Pen strokes following each centerline in writing order and direction.
    public func strokes(for glyph: Glyph, reversed: Bool = false, startTime: Double = 0) -> [[PenSample]] {
        var lines = glyph.strokes.map(\.points)
        if reversed { lines = lines.reversed().map { $0.reversed() } }
        return strokes(along: lines, startTime: startTime)
    }

    /// Pen strokes following arbitrary polylines.
    public func strokes(along lines: [[Point]], startTime: Double = 0) -> [[PenSample]] {
        var t = startTime
        var out: [[PenSample]] = []
        let step = speed / rate
        for line in lines where !line.isEmpty {
            let count = max(2, Int((Polyline.length(line) / step).rounded(.up)) + 1)
            let points = Polyline.resample(line, count: count)
            var stroke: [PenSample] = []
            stroke.reserveCapacity(points.count)
            for (i, p) in points.enumerated() {
                // Pressure swells in the middle of a stroke, as with a real pen.
                let phase = Double(i) / Double(max(1, points.count - 1))
                let pr = pressure.map { min(1, $0 * (0.8 + 0.4 * sin(Double.pi * phase))) }
                stroke.append(PenSample(x: p.x, y: p.y, t: t, pressure: pr))
                t += 1 / rate
            }
            out.append(stroke)
            t += liftPause
        }
        return out
    }
}
