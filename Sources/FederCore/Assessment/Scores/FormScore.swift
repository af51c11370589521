import Foundation

/// Form: the discrete Fréchet distance (Eiter & Mannila) between the child's whole trajectory and the
/// glyph's centerline, in x-heights, mapped linearly to 1 (identical) … 0 (a leash of
/// `formTolerance` or more). Both are single paths with straight pen-up jumps between strokes, walked
/// in writing direction, so a reversed stroke scores low. The child's strokes are taken in the
/// glyph's order (stroke order has its own score and error); ink that belongs to no stroke comes last.
/// As in Hanzi Writer's shape test, the ink is also tried turned by ±π/32 and ±π/16 about its centre
/// and the closest is kept: a slant up to about 11° is not a fault of form (slant is measured on its
/// own, in the kinematics).
enum FormScore {
    static let turns = [0, Double.pi / 32, -Double.pi / 32, Double.pi / 16, -Double.pi / 16]

    static func distance(ink: [[Point]], glyph: Glyph) -> Double {
        let a = Curves.joined(ink), b = Curves.joined(glyph.strokes.map(\.points))
        guard !a.isEmpty, !b.isEmpty else { return .infinity }
        let n = Curves.sampleCount(length: max(Polyline.length(a), Polyline.length(b)), unit: glyph.unit, limit: 300)
        let ink = Polyline.resample(a, count: n), line = Polyline.resample(b, count: n)
        let centre = ink.reduce(Point.zero, +) * (1 / Double(n))
        var best = Double.infinity
        for angle in turns {
            let c = cos(angle), s = sin(angle)
            let turned = angle == 0 ? ink : ink.map { p in
                let d = p - centre
                return Point(centre.x + c * d.x - s * d.y, centre.y + s * d.x + c * d.y)
            }
            best = min(best, CurveDistance.frechet(turned, line))
        }
        return best
    }

    static func score(distance: Double, unit: Double, config: AssessmentConfig) -> Double {
        guard distance.isFinite else { return 0 }
        return clamp01(1 - distance / (config.formTolerance * unit))
    }

    /// The ink strokes in glyph order: each glyph stroke's pieces, then unowned ink (tiny touches dropped).
    static func ordered(_ ink: [[Point]], match: StrokeMatch, unit: Double, config: AssessmentConfig) -> [[Point]] {
        var out: [[Point]] = match.pieces.flatMap { $0.map { ink[$0] } }
        for (i, owner) in match.owner.enumerated() where owner == nil && Polyline.length(ink[i]) >= config.minOffRun * unit {
            out.append(ink[i])
        }
        return out
    }
}

@inlinable func clamp01(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
