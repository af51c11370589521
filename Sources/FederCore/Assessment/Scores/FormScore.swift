import Foundation

/// Form: how far the written letter is, as a shape, from the glyph's centerline, in x-heights, mapped
/// linearly to 1 (identical) … 0 (`formTolerance` or more). Shape only: however the letter was split
/// into strokes, in whatever order and direction they were drawn (a one-stroke a, an H with the bar
/// first, an O drawn clockwise), the same ink has the same Form. The plan (stroke count, order,
/// direction, start) is judged on its own, by the formation checks and the per-stroke scores.
///
/// The distance is symmetric: every part of the centerline must have ink near it (its largest gap:
/// a missing stroke or dot counts in full) and the ink must lie near the centerline (the distance
/// that all but `formInkOutliers` of the ink's length stays within: a pen's landing hook is no fault
/// of shape, a stray line is). It is the Fréchet leash of the main seed with the walking order set
/// free, which is what "however it was split" asks. As in Hanzi Writer's shape test the ink is also
/// tried turned by ±π/32 and ±π/16 about its centre and the closest is kept: a slant up to about 11°
/// is no fault of form (slant is measured on its own, in the kinematics); and it is tried 20 % narrower
/// and 25 % wider: adults and children write letters narrower or wider than the school model, which
/// a teacher never counts against the shape.
enum FormScore {
    static let turns = [0, Double.pi / 32, -Double.pi / 32, Double.pi / 16, -Double.pi / 16]
    static let widths = [1, 0.8, 1.25]

    /// The shape distance (glyph units), and the ink's side of it as placed (`awayPercentile`, not
    /// turned or narrowed), which the shape fit watches so that a refinement does not move the ink
    /// off the letter (`ShapeFit.shapeLossLimit`).
    struct Measure {
        var distance: Double
        var inkAway: Double
    }

    static func measure(ink: [[Point]], glyph: Glyph, config: AssessmentConfig = .standard) -> Measure {
        let spacing = Curves.samplingStep * glyph.unit
        let strokes = ink.filter { !$0.isEmpty }.map { Polyline.resample($0, maxSpacing: spacing) }
        let lines = glyph.strokes.map { Polyline.resample($0.points, maxSpacing: spacing) }
        let count = strokes.reduce(0) { $0 + $1.count }
        guard count > 0, !lines.isEmpty else { return Measure(distance: .infinity, inkAway: .infinity) }
        let centre = strokes.joined().reduce(Point.zero, +) * (1 / Double(count))
        let inkAway = awayPercentile(strokes, lines, inkOutliers: config.formInkOutliers)
        var best = Double.infinity
        for width in widths {
            for angle in turns {
                let c = cos(angle), s = sin(angle)
                let turned = angle == 0 && width == 1 ? strokes : strokes.map { $0.map { p in
                    let d = p - centre
                    return Point(centre.x + width * (c * d.x - s * d.y), centre.y + s * d.x + c * d.y)
                } }
                let untouched = angle == 0 && width == 1
                best = min(best, shapeDistance(turned, lines, inkOutliers: config.formInkOutliers, below: best,
                                               away: untouched ? inkAway : nil))
            }
        }
        return Measure(distance: best, inkAway: inkAway)
    }

    /// max(largest gap of the centerline to the ink, the ink's distance to the centerline that all but
    /// `inkOutliers` of its points stay within). `below`: stop early once the answer cannot beat it;
    /// `away`: the second half when already known.
    static func shapeDistance(_ ink: [[Point]], _ lines: [[Point]], inkOutliers: Double, below: Double = .infinity,
                              away: Double? = nil) -> Double {
        func nearest(_ p: Point, _ set: [[Point]]) -> Double {
            var d = Double.infinity
            for line in set { d = min(d, Curves.distance(p, to: line)) }
            return d
        }
        var gap = 0.0
        for line in lines {
            for p in line {
                gap = max(gap, nearest(p, ink))
                if gap >= below { return gap }
            }
        }
        return max(gap, away ?? awayPercentile(ink, lines, inkOutliers: inkOutliers))
    }

    /// The distance from the letter's centerline that all but `inkOutliers` of the ink's points stay
    /// within: the half of the shape distance that a missing part does not raise.
    static func awayPercentile(_ ink: [[Point]], _ lines: [[Point]], inkOutliers: Double) -> Double {
        var away = ink.joined().map { p in lines.reduce(Double.infinity) { min($0, Curves.distance(p, to: $1)) } }
        guard !away.isEmpty else { return .infinity }
        away.sort()
        let index = min(away.count - 1, Int((Double(away.count) * (1 - inkOutliers)).rounded(.down)))
        return away[max(index, 0)]
    }

    static func score(distance: Double, unit: Double, config: AssessmentConfig) -> Double {
        guard distance.isFinite else { return 0 }
        return clamp01(1 - distance / (config.formTolerance * unit))
    }

    /// The ink that is part of the letter's shape: strokes that belong to the letter and any other
    /// ink long enough to be a line (tiny touches dropped).
    static func shapeInk(_ ink: [[Point]], match: StrokeMatch, unit: Double, config: AssessmentConfig) -> [[Point]] {
        ink.enumerated().compactMap { i, stroke in
            match.owner[i] != nil || Polyline.length(stroke) >= config.minOffRun * unit ? stroke : nil
        }
    }
}

@inlinable func clamp01(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
