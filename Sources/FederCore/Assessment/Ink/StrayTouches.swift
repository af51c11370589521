import Foundation

/// Free writing: a touch far from the letter — the pen set down and lifted beside or below it, a
/// knuckle, a tap on the way to a button — is no part of the letter. Left in, it stretched the box
/// the letter is fitted by: a tap half a letter below an A took its stars from two to none. Such a
/// touch is left out before the ink is fitted and judged (Klarheit leaves touches out on its own).
///
/// A touch is a stroke whose extent is at most `strayTouchSize` of the rest of the ink's (its box
/// diagonal); it is stray when it lies farther than `strayTouchDistance` of that diagonal from the
/// rest's box. Where the glyph has a dot (i, j, ä, ö, ü), a touch above the rest and within
/// `dotReach` of its size is its dot: the dot is judged, not dropped — as many as the glyph has dots,
/// the nearest. (Until 2026-11-29 any touch above was the dot "however high": one tap ten letters
/// above an i that had its dot took all its stars, a review found.)
enum StrayTouches {
    static func removed(from strokes: [[PenSample]], glyph: Glyph, config: AssessmentConfig) -> [[PenSample]] {
        kept(strokes, glyph: glyph, config: config).map { strokes[$0] }
    }

    /// The positions of the strokes that are not stray touches, in order.
    static func kept(_ strokes: [[PenSample]], glyph: Glyph, config: AssessmentConfig) -> [Int] {
        guard strokes.count > 1 else { return Array(strokes.indices) }
        let boxes = strokes.map { Polyline.bounds([$0.map(\.point)]) }
        let dots = dotsOf(boxes, count: glyph.strokes.filter(\.isDot).count, config: config)
        var kept = strokes.indices.map { _ in true }
        for i in strokes.indices where !dots.contains(i) {
            guard let own = boxes[i] else { continue }
            let others = strokes.indices.filter { $0 != i && kept[$0] }.compactMap { boxes[$0] }
            guard var rest = others.first else { continue }
            for box in others.dropFirst() { rest = rest.union(box) }
            let size = rest.width.hypot(rest.height)
            guard size > 0, own.width.hypot(own.height) <= config.strayTouchSize * size else { continue }
            if rest.distance(to: own.center) > config.strayTouchDistance * size { kept[i] = false }
        }
        return strokes.indices.filter { kept[$0] }
    }

    /// The touches that are the glyph's `count` dots: above the letter's body (its strokes that are
    /// not touches beside the largest), within `dotReach` of the body's size, the nearest first.
    static func dotsOf(_ boxes: [Rect?], count: Int, config: AssessmentConfig) -> Set<Int> {
        guard count > 0 else { return [] }
        let sizes = boxes.map { $0.map { $0.width.hypot($0.height) } ?? 0 }
        guard let largest = sizes.max(), largest > 0 else { return [] }
        let isTouch = sizes.map { $0 <= config.strayTouchSize * largest }
        let bodyBoxes = boxes.indices.filter { !isTouch[$0] }.compactMap { boxes[$0] }
        guard var body = bodyBoxes.first else { return [] }
        for box in bodyBoxes.dropFirst() { body = body.union(box) }
        let size = body.width.hypot(body.height)
        let candidates = boxes.indices.compactMap { i -> (index: Int, distance: Double)? in
            guard isTouch[i], let own = boxes[i], own.center.y < body.minY else { return nil }
            let distance = body.distance(to: own.center)
            return distance <= config.dotReach * size ? (i, distance) : nil
        }
        return Set(candidates.sorted { $0.distance < $1.distance }.prefix(count).map(\.index))
    }
}
