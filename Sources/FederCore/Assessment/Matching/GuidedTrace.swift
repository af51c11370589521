import Foundation

/// Guided tracing as it happens: the live tracker, the ink, and per ink stroke what the tracker
/// expected when the pen went down and which checkpoints the stroke reached. That context says which
/// glyph stroke each piece of ink was written for, so the assessment needs no guessing. The lesson
/// feeds it live; `replay` rebuilds the same trace from recorded ink (`feder assess --phase guided`).
public struct GuidedTrace: Sendable {
    /// A checkpoint reached: glyph stroke, checkpoint index, and the ink sample that reached it.
    public struct Hit: Sendable, Equatable {
        public var stroke: Int
        public var checkpoint: Int
        public var sample: Int
    }

    /// What the tracker knew about one ink stroke.
    public struct StrokeContext: Sendable, Equatable {
        /// The glyph stroke expected at pen-down; equals the stroke count once the letter was complete.
        public var aimedStroke: Int
        /// The next checkpoint of that stroke at pen-down (0: a fresh stroke).
        public var checkpointAtDown: Int
        public var hits: [Hit]
    }

    public let glyph: Glyph
    public let tolerance: TrackingTolerance
    public private(set) var tracker: LetterTracker
    public private(set) var contexts: [StrokeContext] = []
    private var recorder: InkRecorder

    public init(glyph: Glyph, tolerance: TrackingTolerance = .standard) {
        self.glyph = glyph
        self.tolerance = tolerance
        tracker = LetterTracker(glyph: glyph, tolerance: tolerance)
        recorder = InkRecorder(glyph: glyph)
    }

    public var ink: Ink { recorder.ink }
    public var ignoredSamples: Int { recorder.ignoredSamples }
    public var isPenDown: Bool { recorder.isPenDown }
    public var isComplete: Bool { tracker.isComplete }

    public mutating func penDown(_ sample: PenSample, pointer: PointerKind, into events: inout [TrackerEvent]) throws(PenOrderError) {
        let clean = try recorder.penDown(sample, pointer: pointer)
        contexts.append(StrokeContext(aimedStroke: tracker.strokeIndex, checkpointAtDown: tracker.nextCheckpoint, hits: []))
        let before = events.count
        tracker.penDown(at: clean?.point, into: &events)
        note(events[before...])
    }

    public mutating func move(_ samples: [PenSample], into events: inout [TrackerEvent]) throws(PenOrderError) {
        // Hits are attributed to the exact sample that reached them, also in long batches (replays).
        // A local copy keeps the closure from overlapping the access to `recorder`; only scalars of the
        // tracker change, so no storage is copied.
        var tracker = self.tracker
        var hits: [Hit] = []
        var sample = (recorder.ink.strokes.last?.count ?? 0) - 1
        try recorder.move(samples) {
            sample += 1
            let before = events.count
            tracker.penMove(to: $0.point, into: &events)
            for case .checkpoint(let stroke, let index, _) in events[before...] {
                hits.append(Hit(stroke: stroke, checkpoint: index, sample: sample))
            }
        }
        self.tracker = tracker
        if !hits.isEmpty, !contexts.isEmpty { contexts[contexts.count - 1].hits += hits }
    }

    /// Ends the stroke. Returns the index of the finished ink stroke, or nil when it had no sample.
    @discardableResult
    public mutating func penUp(_ sample: PenSample?, into events: inout [TrackerEvent]) throws(PenOrderError) -> Int? {
        let strokesBefore = recorder.ink.strokes.count
        let last = try recorder.penUp(sample)
        let before = events.count
        tracker.penUp(at: last?.point, into: &events)
        note(events[before...])
        guard recorder.ink.strokes.count == strokesBefore else {
            contexts.removeLast()
            return nil
        }
        return strokesBefore - 1
    }

    /// Attributes checkpoint events to the latest accepted sample of the stroke in flight.
    private mutating func note(_ events: ArraySlice<TrackerEvent>) {
        guard !contexts.isEmpty else { return }
        let sample = max(0, (recorder.ink.strokes.last?.count ?? 1) - 1)
        for case .checkpoint(let stroke, let index, _) in events {
            contexts[contexts.count - 1].hits.append(Hit(stroke: stroke, checkpoint: index, sample: sample))
        }
    }

    /// The trace a live session would have produced for this ink.
    public static func replay(_ ink: Ink, glyph: Glyph, tolerance: TrackingTolerance) -> GuidedTrace {
        var trace = GuidedTrace(glyph: glyph, tolerance: tolerance)
        var events: [TrackerEvent] = []
        for stroke in ink.strokes where !stroke.isEmpty {
            // The ink was filtered already; recorded strokes are replayed sample by sample.
            try? trace.penDown(stroke[0], pointer: ink.pointer, into: &events)
            try? trace.move(Array(stroke.dropFirst()), into: &events)
            try? trace.penUp(nil, into: &events)
            events.removeAll(keepingCapacity: true)
        }
        return trace
    }
}

extension GuidedTrace {
    /// Whether ink stroke `k` is the first one aimed at its glyph stroke.
    func isFirstTry(_ k: Int) -> Bool {
        let j = contexts[k].aimedStroke
        return !contexts[..<k].contains { $0.aimedStroke == j }
    }

    /// Whether the ink of `context` really traced glyph stroke `j`, rather than touch a checkpoint or
    /// two on the way (a reversed try reaches the start dot last; the stem of u's up-stroke lies on the
    /// first checkpoints of its stem): the stroke it was aimed at needs more than two checkpoints or
    /// its last one; a later stroke, reached without lifting, at least half of its checkpoints.
    func advanced(_ j: Int, by context: StrokeContext) -> Bool {
        let hits = context.hits.filter { $0.stroke == j }
        let count = tracker.guides.checkpoints[j].count
        if j == context.aimedStroke { return hits.count > 2 || hits.contains { $0.checkpoint == count - 1 } }
        return 2 * hits.count >= max(2, count)
    }

    /// Per glyph stroke, the pieces of ink (stroke, sample range) that advanced it, in writing order.
    /// A piece starts where its ink stroke starts if the stroke was aimed at it, else at its first
    /// checkpoint; it ends at the stroke's end unless the same ink went on to the next glyph stroke.
    func pieces() -> [[(stroke: Int, range: ClosedRange<Int>)]] {
        var out = [[(stroke: Int, range: ClosedRange<Int>)]](repeating: [], count: glyph.strokes.count)
        let strokes = ink.strokes
        for (k, context) in contexts.enumerated() where k < strokes.count {
            let touched = Array(Set(context.hits.map(\.stroke))).sorted().filter { advanced($0, by: context) }
            for (position, j) in touched.enumerated() {
                let hits = context.hits.filter { $0.stroke == j }
                guard !hits.isEmpty else { continue }
                let lo = j == context.aimedStroke ? 0 : hits.first!.sample
                let hi = position == touched.count - 1 ? strokes[k].count - 1 : hits.last!.sample
                out[j].append((k, min(lo, hi)...hi))
            }
        }
        return out
    }
}
