import Foundation

/// Free writing: a touch far from the letter — the pen set down and lifted beside or below it, a
/// knuckle, a tap on the way to a button — is no part of the letter. Left in, it stretched the box
/// the letter is fitted by: a tap half a letter below an A took its stars from two to none. Such a
/// touch is left out before the ink is fitted and judged (Klarheit leaves touches out on its own).
///
/// A touch is a stroke whose extent is at most `strayTouchSize` of the rest of the ink's (its box
/// diagonal); it is stray when it lies farther than `strayTouchDistance` of that diagonal from the
/// rest's box. Where the glyph has a dot (i, j, ä, ö, ü), a touch above the rest is its dot, however
/// high: the dot is judged, not dropped.
enum StrayTouches {
    static func removed(from strokes: [[PenSample]], glyph: Glyph, config: AssessmentConfig) -> [[PenSample]] {
        kept(strokes, glyph: glyph, config: config).map { strokes[$0] }
    }

    /// The positions of the strokes that are not stray touches, in order.
    static func kept(_ strokes: [[PenSample]], glyph: Glyph, config: AssessmentConfig) -> [Int] {
        guard strokes.count > 1 else { return Array(strokes.indices) }
        let boxes = strokes.map { Polyline.bounds([$0.map(\.point)]) }
        let hasDot = glyph.strokes.contains(where: \.isDot)
        var kept = strokes.indices.map { _ in true }
        for i in strokes.indices {
            guard let own = boxes[i] else { continue }
            let others = strokes.indices.filter { $0 != i && kept[$0] }.compactMap { boxes[$0] }
            guard var rest = others.first else { continue }
            for box in others.dropFirst() { rest = rest.union(box) }
            let size = rest.width.hypot(rest.height)
            guard size > 0, own.width.hypot(own.height) <= config.strayTouchSize * size else { continue }
            if hasDot && own.center.y < rest.minY { continue }  // where a dot goes
            if rest.distance(to: own.center) > config.strayTouchDistance * size { kept[i] = false }
        }
        return strokes.indices.filter { kept[$0] }
    }
}
