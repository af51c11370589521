import Foundation

/// One child, one letter, all its phases: a pure state machine the server drives message by message.
/// Every input comes with the time (the server's clock); the machine never reads a clock, and an input
/// that does not fit leaves it unchanged and throws a typed `LessonError`.
///
/// ```swift
/// var (lesson, events) = LessonMachine.begin(glyph: g, condition: .threePhase, plan: plan, at: now)
/// events = try lesson.handle(.tap(p), at: now)            // observe skipped, direct begins
/// events = try lesson.handle(.tick, at: lesson.nextDeadline!)  // timers fire on ticks
/// ```
public struct LessonMachine: Sendable {
    public let glyph: Glyph
    public let condition: StudyCondition
    public let plan: PracticePlan
    public let config: LessonConfig
    public let guides: GlyphGuides
    /// Reads free writing for Klarheit; without one, free writing is judged without it.
    public let recognizer: LetterRecognizer?

    /// The phase in progress; nil once the letter is finished.
    public internal(set) var phase: LessonPhase?
    /// Every attempt so far, in order.
    public internal(set) var records: [PhaseRecord] = []
    public internal(set) var result: LetterResult?

    // The attempt in progress.
    var attempt = 1
    var attemptStart: Double
    var firstInput: Double?
    var lastActivity: Double
    var now: Double
    let letterStart: Double
    var praiseCount = 0

    // Per-phase state; only the current phase's is set. Kept as optionals, not enum payloads, so
    // that traces and ink are mutated in place (no copy per pen sample).
    var observeCycles = 0
    var direct: DirectState?
    var guided: GuidedState?
    var free: FreeWriteState?

    struct DirectState: Sendable {
        var next = 0
        var taps: [DirectDetail.Tap] = []
        var finishAt: Double?
    }

    struct GuidedState: Sendable {
        var trace: GuidedTrace
        /// How often each live tip has been said in this attempt.
        var tipsSaid: [Utterance: Int] = [:]
    }

    struct FreeWriteState: Sendable {
        var recorder: InkRecorder
        var quietUntil: Double?
    }

    init(glyph: Glyph, condition: StudyCondition, plan: PracticePlan, config: LessonConfig,
                 recognizer: LetterRecognizer?, at now: Double) {
        self.glyph = glyph
        self.condition = condition
        self.plan = plan
        self.config = config
        self.recognizer = recognizer
        self.guides = GlyphGuides(glyph: glyph)
        self.attemptStart = now
        self.lastActivity = now
        self.now = now
        self.letterStart = now
    }

    /// Starts a lesson: its first phase begins at once.
    public static func begin(glyph: Glyph, condition: StudyCondition, plan: PracticePlan = .standard,
                             config: LessonConfig = .standard, recognizer: LetterRecognizer? = nil,
                             at now: Double) -> (LessonMachine, [LessonEvent]) {
        var machine = LessonMachine(glyph: glyph, condition: condition, plan: plan, config: config,
                                    recognizer: recognizer, at: now)
        var events: [LessonEvent] = []
        machine.enter(condition.phases[0], into: &events)
        return (machine, events)
    }

    public var isFinished: Bool { phase == nil }

    /// The number of the attempt in progress at the current phase (1 for the first).
    public var currentAttempt: Int { attempt }

    /// The ink of the attempt in progress (guided and free writing), for drafts and limits.
    public var inkInProgress: Ink? { guided?.trace.ink ?? free?.recorder.ink }

    /// How far tracing has come in the attempt in progress (guided only): the stroke being traced,
    /// its next checkpoint, and the fraction of all checkpoints reached. A page that lost its view of
    /// the letter (reloaded) shows the traced strokes again from this.
    public var tracedSoFar: TracedSoFar? {
        guard let tracker = guided?.trace.tracker else { return nil }
        return TracedSoFar(stroke: tracker.strokeIndex, checkpoint: tracker.nextCheckpoint, progress: tracker.progress)
    }

    /// How many start dots have been tapped in order in the attempt in progress (direct only).
    public var dotsTapped: Int? { direct?.next }

    /// Samples dropped so far in the attempt in progress (non-finite, absurd, out of order).
    public var ignoredSamples: Int { guided?.trace.ignoredSamples ?? free?.recorder.ignoredSamples ?? 0 }

    /// When the server should next send `.tick` (the quiet timer, the pause after the last dot, or a
    /// reminder); nil when nothing is pending.
    public var nextDeadline: Double? {
        guard let phase else { return nil }
        // Asked after every pen message: no array, and each part read once.
        let finishAt = direct?.finishAt
        let quietUntil = free?.quietUntil
        switch (finishAt, quietUntil) {
        case (let a?, let b?): return min(a, b)
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return phase != .observe && !isPenDown ? lastActivity + config.reminderSeconds : nil
        }
    }

    public var isPenDown: Bool { guided?.trace.isPenDown ?? free?.recorder.isPenDown ?? false }

    /// Handles one input at time `now` and returns what the page should do, in order.
    public mutating func handle(_ input: LessonInput, at now: Double) throws(LessonError) -> [LessonEvent] {
        guard let phase else { throw .letterFinished }
        let previous = self.now
        self.now = max(now, previous)  // the server's clock never runs backwards here
        do {
            return try dispatch(input, in: phase)
        } catch {
            self.now = previous
            throw error
        }
    }

    private mutating func dispatch(_ input: LessonInput, in phase: LessonPhase) throws(LessonError) -> [LessonEvent] {
        var events: [LessonEvent] = []
        switch input {
        case .tick:
            tick(phase, into: &events)
        case .restart:
            close(.restarted, into: &events)
            attempt += 1
            enter(phase, into: &events)
        case .abandon:
            close(.abandoned, into: &events)
            finishLetter(completed: false, into: &events)
        case .observeCycleFinished:
            if phase == .observe { observeCycleFinished(into: &events) }  // late callbacks are harmless
        case .tap(let p):
            switch phase {
            case .observe: noteInput(); pass(into: &events)
            case .direct: noteInput(); tapDirect(dot: dot(at: p), at: p, into: &events)
            default: throw .notInThisPhase(input: input.name, phase: phase)
            }
        case .tapDot(let i):
            guard phase == .direct else { throw .notInThisPhase(input: input.name, phase: phase) }
            guard guides.startDots.indices.contains(i) else { throw .noSuchDot(i) }
            noteInput()
            tapDirect(dot: i, at: guides.startDots[i], into: &events)
        case .penDown(let sample, let pointer):
            try penDown(sample, pointer: pointer, phase: phase, into: &events)
        case .penMove(let samples):
            try penMove(samples, phase: phase, into: &events)
        case .penUp(let sample):
            try penUp(sample, phase: phase, into: &events)
        }
        return events
    }

    // MARK: Phase flow

    /// Starts `phase` (attempt `attempt`) and says its prompt.
    mutating func enter(_ phase: LessonPhase, into events: inout [LessonEvent]) {
        self.phase = phase
        attemptStart = now
        lastActivity = now
        firstInput = nil
        observeCycles = 0
        direct = nil; guided = nil; free = nil
        switch phase {
        case .observe: break
        case .direct: direct = DirectState()
        case .guided: guided = GuidedState(trace: GuidedTrace(glyph: glyph, tolerance: plan.tolerance))
        case .freeWrite: free = FreeWriteState(recorder: InkRecorder(glyph: glyph))
        }
        events.append(.phaseStarted(phase: phase, attempt: attempt, display: PhaseDisplay.of(phase, plan: plan)))
        events.append(.say(phase.prompt))
    }

    /// The attempt is done: record it and move on, or, when it earned no star, once more.
    mutating func pass(into events: inout [LessonEvent]) {
        guard let phase else { return }
        let judged = assessAttempt(phase)
        if attempt <= config.retriesWithoutStar, let judged, judged.stars == 0 {
            close(.repeated, judged: judged, into: &events)
            attempt += 1
            enter(phase, into: &events)
            return
        }
        close(.passed, judged: judged, into: &events)
        guard let index = condition.phases.firstIndex(of: phase) else { return }
        if index + 1 < condition.phases.count {
            attempt = 1
            enter(condition.phases[index + 1], into: &events)
        } else {
            finishLetter(completed: true, into: &events)
        }
    }

    mutating func noteInput() {
        if firstInput == nil { firstInput = now }
        lastActivity = now
    }

    /// Timers: the pause after the last dot, the quiet end of free writing, reminders.
    mutating func tick(_ phase: LessonPhase, into events: inout [LessonEvent]) {
        if let t = direct?.finishAt, now >= t { pass(into: &events); return }
        if let t = free?.quietUntil, now >= t, free?.recorder.isPenDown == false {
            pass(into: &events)
            return
        }
        if phase != .observe, !isPenDown, direct?.finishAt == nil, free?.quietUntil == nil,
           now - lastActivity >= config.reminderSeconds {
            lastActivity = now
            events.append(.say(phase.reminder))
        }
    }
}
