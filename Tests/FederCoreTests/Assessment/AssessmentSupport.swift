import Foundation
@testable import FederCore

/// Builders for test ink.
enum TestInk {
    static let library = try! GlyphLibrary.bundled()

    static func glyph(_ char: String, variant: String? = nil) -> Glyph {
        try! library.glyph(char, script: "druck", variant: variant)
    }

    /// Ink along polylines as a steady pen writes them (PenSimulator: 120 Hz, 3 x-heights/s, pen-ups).
    static func along(_ lines: [[Point]], pointer: PointerKind = .pen, simulator: PenSimulator = PenSimulator()) -> Ink {
        var sim = simulator
        if !pointer.measuresPressure { sim.pressure = nil }
        return Ink(pointer: pointer, strokes: sim.strokes(along: lines))
    }

    /// The glyph's own centerlines written by a steady pen.
    static func centerline(_ glyph: Glyph, pointer: PointerKind = .pen, simulator: PenSimulator = PenSimulator()) -> Ink {
        along(glyph.strokes.map(\.points), pointer: pointer, simulator: simulator)
    }

    /// Every sample moved by up to ±`amplitude` glyph units in x and y (seeded).
    static func jittered(_ ink: Ink, amplitude: Double, seed: UInt64 = 7) -> Ink {
        var rng = SplitMix64(seed: seed)
        return Ink(pointer: ink.pointer, strokes: ink.strokes.map { stroke in
            stroke.map { s in
                var s = s
                s.x += Double.random(in: -amplitude...amplitude, using: &rng)
                s.y += Double.random(in: -amplitude...amplitude, using: &rng)
                return s
            }
        })
    }

    /// A random walk of `steps` samples starting at `start`, 120 Hz, one stroke: each step goes
    /// `step` units in a fresh random direction.
    static func randomWalk(from start: Point, steps: Int, step: Double, seed: UInt64) -> [PenSample] {
        var rng = SplitMix64(seed: seed)
        var p = start
        var out: [PenSample] = []
        for i in 0..<steps {
            out.append(PenSample(x: p.x, y: p.y, t: Double(i) / 120, pressure: 0.5))
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            p = Point(p.x + cos(angle) * step, p.y + sin(angle) * step)
        }
        return out
    }

    /// Samples along a line with per-segment durations (for speed patterns).
    static func timed(_ points: [Point], intervals: (Int) -> Double, pressure: Double? = nil) -> [PenSample] {
        var t = 0.0
        return points.enumerated().map { i, p in
            if i > 0 { t += intervals(i) }
            return PenSample(x: p.x, y: p.y, t: t, pressure: pressure)
        }
    }
}
