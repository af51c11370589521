import Foundation

/// Follows a child tracing one glyph, sample by sample, and reports checkpoints, proximity, strokes
/// and completion. Pure value type: time comes from the samples, nothing else.
///
/// Rules: strokes in order, checkpoints in order within a stroke. A checkpoint counts when the pen
/// passes within `radius` of it (tested along the segment between consecutive samples; samples more
/// than two near bands apart are walked in radius-sized steps that must stay in the corridor, so a
/// fast or sparsely sampled pen does not skip one). Leaving the corridor (farther than the near band from the stretch being traced)
/// disarms tracking until the pen comes back to the last reached or the next checkpoint, so
/// scribbling across the letter does not collect checkpoints.
public struct LetterTracker: Sendable {
    public let glyph: Glyph
    public let guides: GlyphGuides
    /// Radius and near band in glyph units.
    public let radius: Double
    public let nearBand: Double

    public private(set) var strokeIndex = 0
    public private(set) var nextCheckpoint = 0
    public private(set) var reached = 0
    public private(set) var isPenDown = false
    public private(set) var proximity: Proximity?

    private let total: Int
    /// Per stroke, per next-checkpoint index: the stretch of centerline that forms the corridor.
    private let sections: [[[Point]]]
    private var armed = false
    private var lastPoint: Point?

    public init(glyph: Glyph, tolerance: TrackingTolerance = .standard) {
        self.glyph = glyph
        self.guides = GlyphGuides(glyph: glyph)
        let radius = tolerance.radius * glyph.unit
        let nearBand = tolerance.nearBand * glyph.unit
        self.radius = radius
        self.nearBand = nearBand
        self.total = guides.checkpointCount
        var sections: [[[Point]]] = []
        for (s, stroke) in glyph.strokes.enumerated() {
            let arcs = guides.checkpointArcLengths[s]
            sections.append(arcs.indices.map { k in
                let from = k == 0 ? arcs[0] : arcs[k - 1] - radius
                let to = arcs[k] + nearBand
                return Self.stretch(of: stroke, from: from, to: to)
            })
        }
        self.sections = sections
    }

    public var isComplete: Bool { total > 0 && reached == total }
    public var progress: Double { total == 0 ? 0 : Double(reached) / Double(total) }
    public var checkpointCount: Int { total }

    /// Pen touches down. Appends events to `events`.
    public mutating func penDown(at p: Point?, into events: inout [TrackerEvent]) {
        isPenDown = true
        lastPoint = nil
        armed = false
        if let p { track(p, into: &events) }
    }

    /// Pen moves while down.
    public mutating func penMove(to p: Point, into events: inout [TrackerEvent]) {
        guard isPenDown else { return }
        track(p, into: &events)
    }

    /// Pen lifts (optionally with a final position).
    public mutating func penUp(at p: Point?, into events: inout [TrackerEvent]) {
        if let p, isPenDown { track(p, into: &events) }
        isPenDown = false
        armed = false
        lastPoint = nil
        if proximity != nil { proximity = nil }
    }

    private mutating func track(_ p: Point, into events: inout [TrackerEvent]) {
        guard !isComplete, strokeIndex < glyph.strokes.count else { return }
        var from = lastPoint
        if armed, let last = lastPoint, last.distance(to: p) > 2 * nearBand {
            from = walk(from: last, to: p, into: &events)
            guard !isComplete, strokeIndex < glyph.strokes.count else {
                lastPoint = p
                return
            }
        }
        let distance = corridorDistance(p)
        let now: Proximity = distance <= radius ? .on : (distance <= nearBand ? .near : .off)
        if now != proximity {
            proximity = now
            events.append(.proximity(now))
        }
        if now == .off { armed = false }
        if !armed {
            if isNearLastReached(p) || isWithinRadius(of: nextPoint, p) {
                armed = true
                from = nil
            } else {
                lastPoint = p
                return
            }
        }
        sweep(from ?? p, p, into: &events)
        lastPoint = p
    }

    /// Samples far apart (a fast pen, a device that reports sparsely): the way between them is walked
    /// in steps no longer than the radius, each checked against the corridor as it moves on, so a
    /// fast stroke along the letter cannot skip a checkpoint. Returns the last step, from which the
    /// end point is swept; nil when a step left the corridor (a jump across the letter), so that
    /// only what the end point touches counts.
    private mutating func walk(from last: Point, to p: Point, into events: inout [TrackerEvent]) -> Point? {
        let steps = Int((last.distance(to: p) / radius).rounded(.up))
        var from = last
        for k in 1..<steps {
            guard !isComplete, strokeIndex < glyph.strokes.count else { return from }
            let q = last + (p - last) * (Double(k) / Double(steps))
            guard corridorDistance(q) <= nearBand else { return nil }
            sweep(from, q, into: &events)
            from = q
        }
        return from
    }

    /// Reaches every checkpoint in turn that lies within the radius of the segment `a`–`b`.
    private mutating func sweep(_ a: Point, _ b: Point, into events: inout [TrackerEvent]) {
        while !isComplete, strokeIndex < glyph.strokes.count,
              Polyline.distanceToSegment(nextPoint, a, b).distance <= radius {
            reach(into: &events)
        }
    }

    private var nextPoint: Point { guides.checkpoints[strokeIndex][nextCheckpoint] }

    private mutating func reach(into events: inout [TrackerEvent]) {
        reached += 1
        events.append(.checkpoint(stroke: strokeIndex, index: nextCheckpoint, progress: progress))
        nextCheckpoint += 1
        if nextCheckpoint == guides.checkpoints[strokeIndex].count {
            events.append(.strokeDone(stroke: strokeIndex))
            strokeIndex += 1
            nextCheckpoint = 0
            if strokeIndex == glyph.strokes.count { events.append(.letterDone) }
        }
    }

    private func isWithinRadius(of target: Point, _ p: Point) -> Bool { target.distance(to: p) <= radius }

    private func isNearLastReached(_ p: Point) -> Bool {
        guard nextCheckpoint > 0 else { return false }
        return isWithinRadius(of: guides.checkpoints[strokeIndex][nextCheckpoint - 1], p)
    }

    /// Distance from the pen to the stretch of line between the last reached and the next checkpoint.
    private func corridorDistance(_ p: Point) -> Double {
        let section = sections[strokeIndex][nextCheckpoint]
        if section.count == 1 { return p.distance(to: section[0]) }
        var best = Double.infinity
        for i in 1..<section.count {
            best = min(best, Polyline.distanceToSegment(p, section[i - 1], section[i]).distance)
        }
        return best
    }

    /// The part of a stroke's centerline between two arc lengths (clamped).
    static func stretch(of stroke: GlyphStroke, from a: Double, to b: Double) -> [Point] {
        let lo = max(0, a), hi = min(stroke.length, b)
        guard hi > lo else {
            return [Polyline.point(atArcLength: lo, in: stroke.points, cumulative: stroke.cumulative)]
        }
        var out = [Polyline.point(atArcLength: lo, in: stroke.points, cumulative: stroke.cumulative)]
        for (i, s) in stroke.cumulative.enumerated() where s > lo && s < hi { out.append(stroke.points[i]) }
        out.append(Polyline.point(atArcLength: hi, in: stroke.points, cumulative: stroke.cumulative))
        return out
    }
}
