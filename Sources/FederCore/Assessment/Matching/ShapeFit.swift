import Foundation

/// Lays free-written ink onto the glyph so that its shape can be compared: a uniform scale and a
/// shift, never a stretch.
///
/// A bounding-box fit alone is fooled by missing or extra parts (an i without its dot gets its stem
/// stretched over the dot's place), so the fit is refined by least squares on the points of the
/// strokes that matched, and the ink is matched again, as long as that explains the ink better as
/// the letter's strokes (the matcher's cost, and that cost plus the shape distance) without moving the
/// ink away from the letter (`shapeLossLimit`), and only while the matched strokes are most of the ink
/// (`minMatchedShare`).
///
/// When the ink sits on known ruling lines and comes out about the right size (0.8–1.25), its size is
/// kept and only the shift is fitted: at its true size a V whose point stops short of the baseline
/// has a cut corner, where scaling it up would hide the cut. Letters clearly too big or small are
/// scaled (their size is reported by SizeCheck) so that their shape can still be judged.
enum ShapeFit {
    struct Result {
        var fit: Placement
        var fitted: [[Point]]
        var match: StrokeMatch
        /// Form's Fréchet distance under this fit (glyph units).
        var formDistance: Double
        /// How far the shape's ink lies from the letter under this fit (glyph units; `FormScore.Measure.inkAway`).
        var inkAway: Double

        /// The matcher's cost plus the shape distance (x-heights): a step that matches the strokes a
        /// little more cheaply by shrinking a one-stroke g onto its tail, its bowl left uncovered,
        /// explains the letter worse, not better.
        func explains(_ glyph: Glyph) -> Double { match.cost + formDistance / glyph.unit }
    }

    static let keptSize = 0.8...1.25
    /// The page is already in glyph units: the fit may correct a letter up to four times too big or
    /// too small, and does not blow a tiny touch up to letter size.
    static let scaleLimits = 0.25...4.0
    /// A refinement that explains the strokes better but moves the ink this much farther from the
    /// letter (x-heights, `FormScore.Measure.inkAway`) has matched the wrong strokes (one long stroke taken for
    /// a single leg of an A and blown up to that leg's size); it is not taken. On 60 real UNIPEN
    /// letters in five forms (as written, resampled, split, with a tap), steps that found the right
    /// strokes moved the ink by at most 0.39 x-heights, those that found wrong ones by 0.70 to 1.08.
    /// The ink's side of the shape distance, not all of it: a refinement that rightly lays an i's stem
    /// onto the stem leaves the missing dot uncovered, and that must not stop it.
    static let shapeLossLimit = 0.5
    /// The fit is refined only on matched strokes that make up at least this share of the ink's
    /// length: a letter placed by its short bar alone (the rest not yet recognised as its strokes) is
    /// placed by a guess.
    static let minMatchedShare = 0.5

    static func best(_ page: [[Point]], bounds: Rect, glyph: Glyph, placementKnown: Bool, config: AssessmentConfig) -> Result {
        let scaled = refined(evaluate(page, fit: .fitting(bounds, onto: glyph.inkBounds, limits: scaleLimits), glyph: glyph, config: config),
                             page: page, glyph: glyph, config: config, keepScale: false)
        guard placementKnown, keptSize.contains(1 / scaled.fit.scale) else { return scaled }
        // Same centre as the scaled fit, true size.
        let c = bounds.center, target = scaled.fit.apply(c)
        let start = Placement(scale: 1, offset: target - c)
        return refined(evaluate(page, fit: start, glyph: glyph, config: config),
                       page: page, glyph: glyph, config: config, keepScale: true)
    }

    private static func refined(_ start: Result, page: [[Point]], glyph: Glyph, config: AssessmentConfig, keepScale: Bool) -> Result {
        var result = start
        for _ in 0..<5 {
            guard let fit = refine(result, glyph: glyph, keepScale: keepScale), fit != result.fit else { break }
            let next = evaluate(page, fit: fit, glyph: glyph, config: config)
            guard next.match.cost <= result.match.cost + 1e-9, next.explains(glyph) <= result.explains(glyph) + 1e-9,
                  next.inkAway <= result.inkAway + shapeLossLimit * glyph.unit else { break }
            result = next
        }
        return result
    }

    static func evaluate(_ page: [[Point]], fit: Placement, glyph: Glyph, config: AssessmentConfig) -> Result {
        let fitted = page.map { $0.map(fit.apply) }
        let match = StrokeMatcher.match(fitted, glyph: glyph, config: config)
        let shape = FormScore.measure(ink: FormScore.shapeInk(fitted, match: match, unit: glyph.unit, config: config),
                                      glyph: glyph, config: config)
        return Result(fit: fit, fitted: fitted, match: match, formDistance: shape.distance, inkAway: shape.inkAway)
    }

    /// Least-squares scale (unless kept) and shift taking the matched ink onto its glyph strokes, point
    /// for point at equal fractions of arc length (dots left out: children place them freely).
    static func refine(_ r: Result, glyph: Glyph, keepScale: Bool) -> Placement? {
        var pairs: [(p: Point, q: Point)] = []
        var matchedLength = 0.0
        for (j, stroke) in glyph.strokes.enumerated() where !stroke.isDot {
            guard let points = r.match.primaryPoints(of: j, in: r.fitted), let d = r.match.distances[j], points.count >= 2 else { continue }
            matchedLength += Polyline.length(points)
            // Points at the same fraction of arc length correspond (for a similar shape, exactly).
            let ink = d.backward < d.forward ? Array(points.reversed()) : points
            let count = Curves.sampleCount(length: stroke.length, unit: glyph.unit)
            let line = Polyline.resample(stroke.points, count: count)
            for (p, q) in zip(Polyline.resample(ink, count: count), line) { pairs.append((r.fit.invert(p), q)) }
        }
        let inkLength = r.fitted.reduce(0) { $0 + Polyline.length($1) }
        guard pairs.count >= 4, matchedLength >= minMatchedShare * inkLength else { return nil }
        let n = Double(pairs.count)
        let pMean = pairs.reduce(Point.zero) { $0 + $1.p } * (1 / n)
        let qMean = pairs.reduce(Point.zero) { $0 + $1.q } * (1 / n)
        if keepScale { return Placement(scale: r.fit.scale, offset: qMean - pMean * r.fit.scale) }
        var cross = 0.0, spread = 0.0
        for (p, q) in pairs {
            let a = p - pMean, b = q - qMean
            cross += a.dot(b)
            spread += a.dot(a)
        }
        guard spread > 1e-9, cross > 0 else { return nil }
        let scale = min(max(cross / spread, scaleLimits.lowerBound), scaleLimits.upperBound)
        return Placement(scale: scale, offset: qMean - pMean * scale)
    }
}
