import Foundation

/// Spiegelschrift: a letter written as its mirror image (a reversed s, z, N, 3). The ink is mirrored
/// left to right and fitted again; when the mirror image is clearly the better fit, the letter was
/// written mirrored. Letters that are their own mirror image (A, H, O, …) fit both ways alike and
/// are never flagged; a b for a d is the recognizer's to catch (it is another letter, not a mirror
/// image of one written the right way round).
///
/// Slant is taken out before the verdict stands. Turning a letter round turns its slant too, and the
/// fit corrects only about 11° of it (`FormScore`): a t without its hook written with a strong
/// forward slant, its stem's foot to the left, fits the mirror image better — turned round, the foot
/// points right like the model's hook. So a letter judged mirrored is stood up as the model stands
/// (its slant beyond the glyph's own sheared out, `uprightLimit` at most) and judged again; only a
/// letter still mirrored upright is. A hookless t stands up as a plain cross, its own mirror image; a
/// t whose hook points left stays mirrored however it leans. Glyphs that lean themselves (a 7's or a
/// z's diagonal) are not stood up (`uprightGlyphs`; docs/ASSESSMENT.md §8).
enum MirrorCheck {
    /// The most slant taken out (degrees): a forward slant of about 30° is common in adults' print.
    static let uprightLimit = 35.0
    /// Less slant than this beyond the glyph's own is left as it is (the fit absorbs it).
    static let uprightFrom = 5.0
    /// Only a glyph that stands about as upright as its script (its own slant within this many degrees
    /// of the script's, `Glyph.slant`: Schulschrift's paths lean 5°) is stood up: turning a letter round
    /// turns its own lean as well, and in a 1, 2, 3, 7, N, y or z (8–43° in Druckschrift) that lean
    /// is part of which way the letter faces — a turned 7 sheared back leans as a 7 does.
    static let uprightGlyphs = 5.0

    static func run(_ page: [[Point]], bounds: Rect, shape: ShapeFit.Result, context c: CheckContext) -> WritingError? {
        guard let amount = mirroredBy(page, bounds: bounds, shape: shape, context: c) else { return nil }
        if let upright = stoodUp(page, context: c), let box = Polyline.bounds(upright) {
            let uprightShape = ShapeFit.best(upright, bounds: box, glyph: c.glyph, placementKnown: false, config: c.config)
            guard mirroredBy(upright, bounds: box, shape: uprightShape, context: c) != nil else { return nil }
        }
        let box = c.glyph.inkBounds
        return WritingError(code: .mirrored, stroke: nil, at: c.page(box.center), amount: amount, tip: Phrases.mirrored)
    }

    /// How much better (x-heights) the ink's mirror image fits the glyph than the ink, when it fits
    /// clearly better; nil when it does not.
    private static func mirroredBy(_ page: [[Point]], bounds: Rect, shape: ShapeFit.Result, context c: CheckContext) -> Double? {
        let config = c.config, unit = c.unit
        guard shape.formDistance.isFinite else { return nil }
        let axis = bounds.minX + bounds.maxX
        let flipped = page.map { $0.map { Point(axis - $0.x, $0.y) } }
        let mirrored = ShapeFit.best(flipped, bounds: bounds, glyph: c.glyph, placementKnown: false, config: config)
        guard mirrored.formDistance < config.mirrorRatio * shape.formDistance,
              mirrored.formDistance <= config.mirrorFit * unit,
              shape.formDistance - mirrored.formDistance >= config.mirrorMargin * unit else { return nil }
        return (shape.formDistance - mirrored.formDistance) / unit
    }

    /// The ink sheared so that its slant is the glyph's own, about the middle of its height; nil when
    /// it leans less than `uprightFrom` beyond the glyph, when the glyph leans itself, or when either
    /// slant cannot be measured.
    static func stoodUp(_ page: [[Point]], context c: CheckContext) -> [[Point]]? {
        guard let slant = Slant.degrees(page, unit: c.unit),
              let own = Slant.degrees(c.glyph.strokes.filter { !$0.isDot }.map(\.points), unit: c.glyph.unit),
              abs(own - c.glyph.slant) < uprightGlyphs, let box = Polyline.bounds(page) else { return nil }
        let lean = min(max(slant - own, -uprightLimit), uprightLimit)
        guard abs(lean) >= uprightFrom else { return nil }
        // Top leaning right: points above the middle move left, those below move right.
        let shear = tan(lean * .pi / 180), middle = (box.minY + box.maxY) / 2
        return page.map { $0.map { Point($0.x + shear * ($0.y - middle), $0.y) } }
    }
}
