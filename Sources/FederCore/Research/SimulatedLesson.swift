import Foundation

/// A whole lesson played through a real `LessonMachine` by a simulated child: observe skipped with
/// a tap, the dots tapped in order, the letter traced and written along its centerlines with a
/// little seeded tremor and speed. Gives genuine phase records (scores, motor dimensions,
/// kinematics, recognition) for benchmarks and tests. Deterministic for a seed.
public struct SimulatedLesson: Sendable {
    public var glyph: Glyph
    public var condition: StudyCondition
    public var recognizer: LetterRecognizer?
    /// How far the hand strays from the line, glyph units (the tracking radius is 18).
    public var tremor: Double
    public var seed: UInt64

    public init(glyph: Glyph, condition: StudyCondition, recognizer: LetterRecognizer? = nil, tremor: Double = 3, seed: UInt64 = 1) {
        self.glyph = glyph; self.condition = condition; self.recognizer = recognizer; self.tremor = tremor; self.seed = seed
    }

    /// Every phase record of the lesson, in order, with their ink.
    public func records(plan: PracticePlan = .standard) throws -> [PhaseRecord] {
        var random = SeededRandom(seed: seed)
        var (lesson, events) = LessonMachine.begin(glyph: glyph, condition: condition, plan: plan, recognizer: recognizer, at: 0)
        var records = Self.finished(events)
        var now = 0.0
        func handle(_ input: LessonInput) throws {
            records += Self.finished(try lesson.handle(input, at: now))
        }
        func runTimers() throws {
            while let deadline = lesson.nextDeadline, !lesson.isFinished, lesson.phase != .guided, lesson.phase != .freeWrite {
                now = max(now, deadline)
                try handle(.tick)
            }
        }
        if lesson.phase == .observe {
            now += 2 + random.unit() * 3
            try handle(.tap(.zero))
        }
        if lesson.phase == .direct {
            for dot in glyph.strokes.indices {
                now += 0.5 + random.unit()
                try handle(.tapDot(dot))
            }
            try runTimers()
        }
        var guidedTries = 0
        while lesson.phase == .guided, guidedTries < 3 {
            guidedTries += 1
            now += 1 + random.unit()
            try write(into: &lesson, random: &random, now: &now, records: &records)
        }
        if lesson.phase == .freeWrite {
            now += 1 + random.unit()
            try write(into: &lesson, random: &random, now: &now, records: &records)
            while let deadline = lesson.nextDeadline, lesson.phase == .freeWrite {
                now = max(now, deadline)
                records += Self.finished(try lesson.handle(.tick, at: now))
            }
        }
        if !lesson.isFinished {
            records += Self.finished(try lesson.handle(.abandon, at: now + 1))
        }
        return records
    }

    private func write(into lesson: inout LessonMachine, random: inout SeededRandom, now: inout Double,
                       records: inout [PhaseRecord]) throws {
        let simulator = PenSimulator(rate: 120, speed: 200 + 200 * random.unit(), pressure: 0.3 + 0.4 * random.unit())
        let strokes = simulator.strokes(for: glyph, startTime: now).map { stroke in
            stroke.map { s -> PenSample in
                var s = s
                s.x += tremor * (2 * random.unit() - 1)
                s.y += tremor * (2 * random.unit() - 1)
                return s
            }
        }
        for stroke in strokes where !stroke.isEmpty {
            now = stroke[0].t
            records += Self.finished(try lesson.handle(.penDown(stroke[0], pointer: .pen), at: now))
            for start in stride(from: 1, to: stroke.count, by: 2) {
                let batch = Array(stroke[start..<min(start + 2, stroke.count)])
                now = batch.last!.t
                records += Self.finished(try lesson.handle(.penMove(batch), at: now))
            }
            records += Self.finished(try lesson.handle(.penUp(nil), at: now))
        }
    }

    static func finished(_ events: [LessonEvent]) -> [PhaseRecord] {
        events.compactMap { if case .phaseFinished(let record) = $0 { record } else { nil } }
    }
}

/// SplitMix64: small, seeded, the same on every platform.
public struct SeededRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        return ArmAssignment.splitMix64(state &- 0x9e37_79b9_7f4a_7c15)
    }

    /// Uniform in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
