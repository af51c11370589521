import Testing
@testable import FederCore

@Suite("Letter tracker")
struct LetterTrackerTests {
    static let library = try! GlyphLibrary.bundled()

    func run(_ glyph: Glyph, _ strokes: [[PenSample]], tolerance: TrackingTolerance = .standard) -> (GuidedTrace, [TrackerEvent]) {
        GuidedTrace.traced(glyph, strokes, tolerance: tolerance)
    }

    @Test(arguments: library.allGlyphs(in: "druck"))
    func tracingTheCenterlineAt120HzCompletesEveryGlyph(glyph: Glyph) {
        let (trace, events) = run(glyph, PenSimulator().strokes(for: glyph))
        #expect(trace.isComplete, "\(glyph.key) did not complete: \(trace.tracker.reached)/\(trace.tracker.checkpointCount)")
        #expect(events.last == .letterDone)
        #expect(events.filter { if case .strokeDone = $0 { true } else { false } }.count == glyph.strokes.count)
    }

    @Test(arguments: library.allGlyphs(in: "druck").filter { $0.strokes.contains { !$0.isDot } })
    func tracingItReversedDoesNotComplete(glyph: Glyph) {
        let (trace, _) = run(glyph, PenSimulator().strokes(for: glyph, reversed: true))
        #expect(!trace.isComplete, "\(glyph.key) completed backwards")
    }

    @Test func checkpointEventsComeInOrderWithRisingProgress() throws {
        let a = try Self.library.glyph("A", script: "druck")
        let (_, events) = run(a, PenSimulator().strokes(for: a))
        var last = (stroke: 0, index: -1, progress: 0.0)
        for case .checkpoint(let s, let i, let p) in events {
            #expect(s > last.stroke || (s == last.stroke && i == last.index + 1))
            #expect(p > last.progress)
            last = (s, i, p)
        }
        #expect(last.progress == 1)
    }

    @Test func aFastPenThatSkipsOverCheckpointsStillCountsThem() throws {
        let l = try Self.library.glyph("l", script: "druck")
        // 30 Hz at 6 x-heights per second: samples 20 units apart, larger than the radius.
        let (trace, _) = run(l, PenSimulator(rate: 30, speed: 600).strokes(for: l))
        #expect(trace.isComplete)
    }

    @Test(arguments: ["l", "O", "A"])
    func aFastPenWithSamplesFartherApartThanTwoBandsStillCountsEveryCheckpoint(char: String) throws {
        let glyph = try Self.library.glyph(char, script: "druck")
        // 10 Hz at 10 x-heights per second: samples 100 units apart, more than twice the near band
        // (45 units); the straight lines between them still pass within the radius of every
        // checkpoint, so a pen that went this way cannot have skipped one.
        let strokes = PenSimulator(rate: 10, speed: 1000).strokes(for: glyph)
        let gaps = strokes.flatMap { s in zip(s, s.dropFirst()).map { $0.point.distance(to: $1.point) } }
        #expect(gaps.contains { $0 > 2 * TrackingTolerance.standard.nearBand * glyph.unit })
        let guides = GlyphGuides(glyph: glyph)
        for (stroke, samples) in zip(guides.checkpoints, strokes) {
            for checkpoint in stroke {
                let nearest = zip(samples, samples.dropFirst())
                    .map { Polyline.distanceToSegment(checkpoint, $0.point, $1.point).distance }.min() ?? .infinity
                #expect(nearest <= TrackingTolerance.standard.radius * glyph.unit, "the samples of \(char) miss \(checkpoint)")
            }
        }
        let (trace, events) = run(glyph, strokes)
        #expect(trace.isComplete, "\(char): \(trace.tracker.reached)/\(trace.tracker.checkpointCount)")
        #expect(events.last == .letterDone)
    }

    @Test func aFastSparseStrokeTracedBackwardsStillDoesNotComplete() throws {
        for char in ["l", "O", "A", "U", "e", "M"] {
            let glyph = try Self.library.glyph(char, script: "druck")
            let (trace, _) = run(glyph, PenSimulator(rate: 10, speed: 1000).strokes(for: glyph, reversed: true))
            #expect(!trace.isComplete, "\(char) completed backwards")
        }
    }

    @Test func aLongJumpAcrossTheLetterCollectsOnlyWhatItsEndTouches() throws {
        let o = try Self.library.glyph("O", script: "druck")
        let cps = LetterTracker(glyph: o).guides.checkpoints[0]
        var tracker = LetterTracker(glyph: o)
        var events: [TrackerEvent] = []
        tracker.penDown(at: cps[0], into: &events)
        // Straight through the middle of the O to the checkpoint halfway round: the chord leaves
        // the corridor, so the checkpoints along the ring in between are not collected.
        tracker.penMove(to: cps[cps.count / 2], into: &events)
        #expect(cps.count >= 4)
        #expect(tracker.reached == 1)
    }

    @Test func theRadiusIsRelativeToLetterSizeAndIsotropic() throws {
        let l = try Self.library.glyph("l", script: "druck")
        let start = l.strokes[0].start
        let r = TrackingTolerance.standard.radius * l.unit
        for (dx, dy) in [(r * 0.999, 0.0), (0.0, r * 0.999), (-r * 0.7, -r * 0.7)] {
            var tracker = LetterTracker(glyph: l)
            var events: [TrackerEvent] = []
            tracker.penDown(at: Point(start.x + dx, start.y + dy), into: &events)
            #expect(tracker.reached >= 1, "inside the radius at (\(dx), \(dy))")
        }
        for (dx, dy) in [(r * 1.001, 0.0), (0.0, -r * 1.001)] {
            var tracker = LetterTracker(glyph: l)
            var events: [TrackerEvent] = []
            tracker.penDown(at: Point(start.x + dx, start.y + dy), into: &events)
            #expect(tracker.reached == 0, "outside the radius at (\(dx), \(dy))")
        }
    }

    @Test func proximityReportsOnNearAndOff() throws {
        let l = try Self.library.glyph("l", script: "druck")
        var tracker = LetterTracker(glyph: l)
        var events: [TrackerEvent] = []
        let s = l.strokes[0].start
        tracker.penDown(at: s, into: &events)
        tracker.penMove(to: Point(s.x + 30, s.y + 20), into: &events)
        tracker.penMove(to: Point(s.x + 120, s.y + 20), into: &events)
        let proximities = events.compactMap { if case .proximity(let p) = $0 { p } else { nil } }
        #expect(proximities == [.on, .near, .off])
    }

    @Test func scribblingAcrossTheLetterCollectsFewCheckpoints() throws {
        let a = try Self.library.glyph("A", script: "druck")
        // Fast zigzags over the whole letter box, crossing the lines again and again.
        var samples: [PenSample] = []
        var t = 0.0
        for row in 0..<20 {
            let y = Double(row) * 10
            for x in stride(from: 0.0, through: 180, by: 6) {
                samples.append(PenSample(x: row % 2 == 0 ? x : 180 - x, y: y + x / 18, t: t))
                t += 1 / 120
            }
        }
        let (trace, _) = run(a, [samples])
        #expect(!trace.isComplete)
        #expect(trace.tracker.progress < 0.5)
    }

    @Test func randomWalksNeverComplete() throws {
        var rng = SplitMix64(seed: 42)
        for char in ["A", "O", "e", "4", "M"] {
            let glyph = try Self.library.glyph(char, script: "druck")
            for _ in 0..<20 {
                var p = Point(Double.random(in: 0...glyph.width, using: &rng), Double.random(in: 0...300, using: &rng))
                var samples: [PenSample] = []
                for i in 0..<1200 {
                    p = Point(p.x + Double.random(in: -8...8, using: &rng), p.y + Double.random(in: -8...8, using: &rng))
                    samples.append(PenSample(x: p.x, y: p.y, t: Double(i) / 120))
                }
                let (trace, _) = run(glyph, [samples])
                #expect(!trace.isComplete, "random walk completed \(char)")
            }
        }
    }
}

@Suite("Guided trace input handling")
struct GuidedTraceInputTests {
    let glyph = try! GlyphLibrary.bundled().glyph("l", script: "druck")

    @Test func nonFiniteAndAbsurdSamplesAreIgnoredAndNothingCrashes() throws {
        var trace = GuidedTrace(glyph: glyph)
        var events: [TrackerEvent] = []
        let s = glyph.strokes[0].start
        try trace.penDown(PenSample(x: s.x, y: s.y, t: 1, pressure: 0.5), pointer: .pen, into: &events)
        try trace.move([
            PenSample(x: .nan, y: 10, t: 1.01),
            PenSample(x: 10, y: .infinity, t: 1.02),
            PenSample(x: 1e308, y: 1e308, t: 1.03),
            PenSample(x: s.x, y: s.y + 5, t: .nan),
            PenSample(x: s.x, y: s.y + 5, t: 0.5),            // back in time
            PenSample(x: s.x, y: s.y + 5, t: 1.04, pressure: .nan),
            PenSample(x: s.x, y: s.y + 6, t: 1.05, pressure: 7, tiltX: 400),
        ], into: &events)
        #expect(trace.ignoredSamples == 6)
        #expect(trace.ink.strokes[0].count == 2)
        #expect(trace.ink.strokes[0][1].pressure == 1)
        #expect(trace.ink.strokes[0][1].tiltX == 90)
    }

    @Test func outOfOrderCallsAreTypedErrorsAndLeaveTheTraceUsable() throws {
        var trace = GuidedTrace(glyph: glyph)
        var events: [TrackerEvent] = []
        #expect(throws: PenOrderError.penNotDown) { try trace.move([PenSample(x: 0, y: 0, t: 0)], into: &events) }
        #expect(throws: PenOrderError.penNotDown) { try trace.penUp(nil, into: &events) }
        try trace.penDown(PenSample(x: 0, y: 0, t: 0), pointer: .touch, into: &events)
        #expect(throws: PenOrderError.penAlreadyDown) {
            try trace.penDown(PenSample(x: 0, y: 0, t: 0), pointer: .touch, into: &events)
        }
        try trace.penUp(nil, into: &events)
        #expect(trace.ink.strokes.count == 1 && trace.contexts.count == 1)
        for stroke in PenSimulator().strokes(for: glyph, startTime: 1) {
            try trace.penDown(stroke[0], pointer: .touch, into: &events)
            try trace.move(Array(stroke.dropFirst()), into: &events)
            try trace.penUp(nil, into: &events)
        }
        #expect(trace.isComplete)
        #expect(events.last == .letterDone)
    }

    @Test func inkAfterTheLetterIsCompleteIsKeptButReachesNothing() throws {
        var (trace, _) = GuidedTrace.traced(glyph, PenSimulator().strokes(for: glyph))
        #expect(trace.isComplete)
        let reached = trace.tracker.reached, strokes = trace.ink.strokes.count
        var events: [TrackerEvent] = []
        let stroke = PenSimulator().strokes(for: glyph, startTime: 9)[0]
        try trace.penDown(stroke[0], pointer: .pen, into: &events)
        try trace.move(Array(stroke.dropFirst()), into: &events)
        try trace.penUp(nil, into: &events)
        #expect(events.isEmpty)
        #expect(trace.tracker.reached == reached)
        #expect(trace.ink.strokes.count == strokes + 1)
        #expect(trace.contexts.last?.aimedStroke == glyph.strokes.count && trace.contexts.last?.hits.isEmpty == true)
    }
}

/// A small deterministic random number generator for reproducible tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
