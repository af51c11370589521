import Foundation

/// What a device's glitch adds to ink that no hand wrote: a sample that jumps far off the letter
/// and back (a lost coordinate read as 0, 0), and a touch far from the letter (a tap on the way to a
/// button, a knuckle). Either stretches the box the ink is normalised by until the letter is a
/// speck, and the reader or the judge sees nothing of it: one (0, 0) sample appended to UNIPEN
/// letters left 8 of 400 read right, one single-sample tap at (0, 0) 18 of 400 (a review,
/// 2026-11-29). Both are found relative to the rest of the ink, so units and placement do not matter.
public enum InkGlitches {
    /// A sample is a spike when it lies farther than this many times the size (box diagonal) of the
    /// rest of the ink from the rest's box. No sample of a letter can: its neighbour is in the rest,
    /// and a sparse stroke's end (an i's stem of two samples) lies within about three.
    public static let spikeFactor = 5.0
    /// A touch (a stroke shorter than `touchShare` of the body's larger side) is far when it lies
    /// farther than this many body sizes (larger side) from the body, and not where dots go.
    public static let farTouchFactor = 1.0
    static let touchShare = 0.05
    /// Dots go above the body within this many body heights (UNIPEN's highest i-dot: 2.4).
    static let dotHeights = 3.0
    /// Ink of fewer samples is left alone: too little to tell a glitch from a letter.
    static let fewestSamples = 8
    /// Spikes are at most this share of the samples (and at least two may be); more far samples
    /// are no glitch but the ink.
    static let mostSpikeShare = 0.1

    /// The positions (stroke, sample) of spike samples. Candidates are the samples far outside the
    /// box of the ink's middle 90 % (in x and in y; at least the most extreme sample on each side
    /// left out, so that a short letter's one glitch is outside it), so that several glitches, in a row or apart,
    /// are found together; each is a spike when it lies farther than `spikeFactor` times the size of
    /// the ink without any candidate from that ink's box. A stroke never loses all its samples (a
    /// stroke far away is a touch, `farTouches`), so stroke numbers stay those of the ink as written.
    public static func spikes(_ strokes: [[Point]]) -> Set<SamplePosition> {
        let all = strokes.flatMap { $0 }
        guard all.count >= fewestSamples else { return [] }
        let xs = all.map(\.x).sorted(), ys = all.map(\.y).sorted()
        let lo = max(1, Int(Double(all.count - 1) * 0.05)), hi = min(all.count - 2, Int((Double(all.count - 1) * 0.95).rounded(.up)))
        let middle = Rect(minX: xs[lo], minY: ys[lo], maxX: xs[hi], maxY: ys[hi])
        let middleSize = middle.width.hypot(middle.height)
        guard middleSize > 0, middleSize.isFinite else { return [] }
        var candidates: Set<SamplePosition> = []
        for (k, stroke) in strokes.enumerated() where stroke.count >= 2 {
            for (i, p) in stroke.enumerated() where middle.distance(to: p) > spikeFactor * middleSize {
                candidates.insert(SamplePosition(stroke: k, sample: i))
            }
        }
        guard !candidates.isEmpty, Double(candidates.count) <= max(2, mostSpikeShare * Double(all.count)) else { return [] }
        let rest = dropping(candidates, from: strokes)
        guard let restBox = Polyline.bounds(rest) else { return [] }
        let restSize = restBox.width.hypot(restBox.height)
        guard restSize > 0 else { return [] }
        var found = candidates.filter { restBox.distance(to: strokes[$0.stroke][$0.sample]) > spikeFactor * restSize }
        // A stroke keeps at least one sample: one made only of far samples is a touch, not a spike.
        for (k, stroke) in strokes.enumerated() where stroke.indices.allSatisfy({ found.contains(SamplePosition(stroke: k, sample: $0)) }) {
            for i in stroke.indices { found.remove(SamplePosition(stroke: k, sample: i)) }
        }
        return found
    }

    /// Any kind of samples (points, pen samples) without their spikes, and how many there were
    /// (`spikes` leaves no stroke empty).
    public static func withoutSpikes<Sample>(_ strokes: [[Sample]], at point: (Sample) -> Point) -> (strokes: [[Sample]], removed: Int) {
        let found = spikes(strokes.map { $0.map(point) })
        return (found.isEmpty ? strokes : dropping(found, from: strokes), found.count)
    }

    /// The strokes without the samples at `positions`.
    static func dropping<Sample>(_ positions: Set<SamplePosition>, from strokes: [[Sample]]) -> [[Sample]] {
        strokes.enumerated().map { k, stroke in
            stroke.enumerated().filter { !positions.contains(SamplePosition(stroke: k, sample: $0.offset)) }.map(\.element)
        }
    }

    /// The strokes without spike samples and far touches.
    public static func removed(from strokes: [[Point]]) -> [[Point]] {
        let cleaned = withoutSpikes(strokes, at: { $0 }).strokes
        let far = farTouches(cleaned)
        return far.isEmpty ? cleaned : cleaned.enumerated().filter { !far.contains($0.offset) }.map(\.element)
    }

    /// The strokes that are touches far from the letter's body and not where dots go.
    public static func farTouches(_ strokes: [[Point]]) -> Set<Int> {
        guard strokes.count > 1 else { return [] }
        func body(touchesBelow length: Double) -> (isTouch: [Bool], box: Rect)? {
            let isTouch = strokes.map { Polyline.length($0) < length }
            return Polyline.bounds(zip(strokes, isTouch).filter { !$0.1 }.map(\.0)).map { (isTouch, $0) }
        }
        // Measured against the largest stroke first, then against the body it belongs to: against
        // the whole ink, a tap far away made every line of the letter a touch.
        let sides = strokes.map { Polyline.bounds([$0]).map { max($0.width, $0.height) } ?? 0 }
        guard let largest = sides.max(), largest > 0,
              let first = body(touchesBelow: touchShare * largest),
              let (isTouch, box) = body(touchesBelow: touchShare * max(first.box.width, first.box.height)) else { return [] }
        let side = max(box.width, box.height)
        guard side > 0 else { return [] }
        let dotZone = Rect(minX: box.minX - dotHeights * box.height / 2, minY: box.minY - dotHeights * box.height,
                           maxX: box.maxX + dotHeights * box.height / 2, maxY: box.minY)
        return Set(strokes.indices.filter { k in
            guard isTouch[k], let own = Polyline.bounds([strokes[k]]) else { return false }
            if dotZone.distance(to: own.center) == 0 { return false }
            return box.distance(to: own.center) > farTouchFactor * side
        })
    }
}

/// A sample's place in ink: its stroke and its index in the stroke.
public struct SamplePosition: Hashable, Sendable {
    public var stroke: Int
    public var sample: Int
    public init(stroke: Int, sample: Int) { self.stroke = stroke; self.sample = sample }
}
