import Foundation

/// Turns on-line ink into the recognizer's two inputs. This is the Swift twin of
/// `scripts/recognizer/ink.py` (the reference); the agreement test checks that both compute the
/// same features. Every step is documented there; in short:
///
/// 1. drop non-finite points and empty strokes (nothing left: `RecognitionError.emptyInk`);
///    coordinates beyond ±1e12 are scaled down first so nothing overflows;
/// 2. centre the bounding box and scale its longer side to [-1, 1], keeping the aspect ratio
///    (no extent: `RecognitionError.inkHasNoExtent`);
/// 3. trajectory: `points` samples at equal arc length along the strokes joined in writing order,
///    each `(x, y, dx/step, dy/step, penDown)`;
/// 4. raster: a `raster`×`raster` image of the pen-down ink, bilinear splats every ≤ 0.5 px, clamped to 1.
struct InkPreprocessor: Sendable {
    var points: Int = 64
    var raster: Int = 24
    var margin: Double = 2
    var splatStep: Double = 0.5

    static let trajectoryChannels = 5
    static let huge = 1e12

    struct Features: Sendable {
        /// Channel-major: `trajectory[c * points + i]`.
        var trajectory: [Float]
        /// Row-major: `raster[r * size + c]`.
        var raster: [Float]
    }

    /// Finite points only, empty strokes removed, huge coordinates scaled down.
    static func sanitize(_ strokes: [[Point]]) throws -> [[Point]] {
        var out: [[Point]] = []
        out.reserveCapacity(strokes.count)
        var maxAbs = 0.0
        for stroke in strokes {
            let s = stroke.filter { $0.x.isFinite && $0.y.isFinite }
            if s.isEmpty { continue }
            for p in s { maxAbs = max(maxAbs, abs(p.x), abs(p.y)) }
            out.append(s)
        }
        if out.isEmpty { throw RecognitionError.emptyInk }
        if maxAbs > huge {
            out = out.map { $0.map { Point($0.x / maxAbs, $0.y / maxAbs) } }
        }
        return out
    }

    /// Bounding-box normalisation: centre -> 0, longer side -> [-1, 1]. The result is rounded to
    /// `grid`: the same ink in other units or another place differs here only by the last bits of a
    /// Double, and without the rounding those bits could tip a count of splats or a resampling step
    /// (`rounded(.up)`, `<`) and read the same letter a little differently.
    static func normalize(_ strokes: [[Point]]) throws -> [[Point]] {
        guard let box = Polyline.bounds(strokes) else { throw RecognitionError.inkHasNoExtent }
        let side = max(box.width, box.height)
        guard side > 0, side.isFinite else { throw RecognitionError.inkHasNoExtent }
        let cx = (box.minX + box.maxX) / 2, cy = (box.minY + box.maxY) / 2
        let k = 2.0 / side
        func snap(_ v: Double) -> Double { (v / grid).rounded(.toNearestOrEven) * grid }
        return strokes.map { $0.map { Point(snap(($0.x - cx) * k), snap(($0.y - cy) * k)) } }
    }

    /// 2⁻³⁰ ≈ 1e-9 of the half-side: far below anything the networks can see, far above a Double's
    /// rounding at any scale.
    static let grid = 1.0 / 1_073_741_824

    func features(_ strokes: [[Point]]) throws -> Features {
        // A device's glitches (`InkGlitches`) go before the box is measured: the one step without
        // a twin in ink.py, as it changes only ink that no hand wrote.
        let norm = try Self.normalize(InkGlitches.removed(from: Self.sanitize(strokes)))
        return Features(trajectory: try trajectory(norm), raster: rasterize(norm))
    }

    func trajectory(_ norm: [[Point]]) throws -> [Float] {
        var pts: [Point] = []
        var down: [Double] = []
        for (si, s) in norm.enumerated() {
            if si > 0 { down.append(0) }
            pts.append(contentsOf: s)
            if s.count > 1 { down.append(contentsOf: repeatElement(1.0, count: s.count - 1)) }
        }
        let nseg = pts.count - 1
        guard nseg > 0 else { throw RecognitionError.inkHasNoExtent }
        var seglen = [Double](repeating: 0, count: nseg)
        var cum = [Double](repeating: 0, count: nseg + 1)
        var acc = 0.0
        for i in 0..<nseg {
            seglen[i] = Foundation.hypot(pts[i + 1].x - pts[i].x, pts[i + 1].y - pts[i].y)
            acc += seglen[i]
            cum[i + 1] = acc
        }
        let total = acc
        guard total > 0 else { throw RecognitionError.inkHasNoExtent }
        let n = points
        var xs = [Double](repeating: 0, count: n), ys = xs, pen = xs
        var k = 0
        for i in 0..<n {
            let t = total * Double(i) / Double(n - 1)
            // smallest k with cum[k + 1] >= t (numpy searchsorted, side "left")
            while k < nseg - 1 && cum[k + 1] < t { k += 1 }
            let lk = seglen[k]
            let frac = lk > 0 ? (t - cum[k]) / lk : 0
            xs[i] = pts[k].x + (pts[k + 1].x - pts[k].x) * frac
            ys[i] = pts[k].y + (pts[k + 1].y - pts[k].y) * frac
            pen[i] = down[k]
        }
        let step = total / Double(n - 1)
        var out = [Float](repeating: 0, count: Self.trajectoryChannels * n)
        for i in 0..<n {
            let j = i < n - 1 ? i : n - 2
            let dx = (xs[j + 1] - xs[j]) / step
            let dy = (ys[j + 1] - ys[j]) / step
            out[i] = Float(xs[i])
            out[n + i] = Float(ys[i])
            out[2 * n + i] = Float(dx)
            out[3 * n + i] = Float(dy)
            out[4 * n + i] = Float(pen[i])
        }
        return out
    }

    func rasterize(_ norm: [[Point]]) -> [Float] {
        let r = raster
        var img = [Double](repeating: 0, count: r * r)
        let half = (Double(r) - 2 * margin) / 2
        func add(_ xx: Int, _ yy: Int, _ wt: Double) {
            if xx >= 0 && xx < r && yy >= 0 && yy < r { img[yy * r + xx] += wt }
        }
        func splat(_ u: Double, _ v: Double) {
            let px = u - 0.5, py = v - 0.5
            let fx = px.rounded(.down), fy = py.rounded(.down)
            let ax = px - fx, ay = py - fy
            let x0 = Int(fx), y0 = Int(fy)
            add(x0, y0, (1 - ax) * (1 - ay))
            add(x0 + 1, y0, ax * (1 - ay))
            add(x0, y0 + 1, (1 - ax) * ay)
            add(x0 + 1, y0 + 1, ax * ay)
        }
        for s in norm {
            let u = s.map { ($0.x + 1) * half + margin }
            let v = s.map { ($0.y + 1) * half + margin }
            if s.count > 1 {
                for i in 0..<(s.count - 1) {
                    let du = u[i + 1] - u[i], dv = v[i + 1] - v[i]
                    let len = Foundation.hypot(du, dv)
                    let n = max(1, Int((len / splatStep).rounded(.up)))
                    for j in 0..<n {
                        let f = Double(j) / Double(n)
                        splat(u[i] + du * f, v[i] + dv * f)
                    }
                }
            }
            splat(u[u.count - 1], v[v.count - 1])
        }
        return img.map { Float(min($0, 1)) }
    }
}
