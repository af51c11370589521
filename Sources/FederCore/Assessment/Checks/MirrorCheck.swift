import Foundation

/// Spiegelschrift: a letter written as its mirror image (a reversed s, z, N, 3). The ink is mirrored
/// left to right and fitted again; when the mirror image is clearly the better fit, the letter was
/// written mirrored. Letters that are their own mirror image (A, H, O, …) fit both ways alike and
/// are never flagged; a b for a d is the recognizer's to catch (it is another letter, not a mirror
/// image of one written the right way round).
enum MirrorCheck {
    static func run(_ page: [[Point]], bounds: Rect, shape: ShapeFit.Result, context c: CheckContext) -> WritingError? {
        let config = c.config, unit = c.unit
        guard shape.formDistance.isFinite else { return nil }
        let axis = bounds.minX + bounds.maxX
        let flipped = page.map { $0.map { Point(axis - $0.x, $0.y) } }
        let mirrored = ShapeFit.best(flipped, bounds: bounds, glyph: c.glyph, placementKnown: false, config: config)
        guard mirrored.formDistance < config.mirrorRatio * shape.formDistance,
              mirrored.formDistance <= config.mirrorFit * unit,
              shape.formDistance - mirrored.formDistance >= config.mirrorMargin * unit else { return nil }
        let box = c.glyph.inkBounds
        return WritingError(code: .mirrored, stroke: nil, at: c.page(box.center),
                            amount: (shape.formDistance - mirrored.formDistance) / unit, tip: Phrases.mirrored)
    }
}
