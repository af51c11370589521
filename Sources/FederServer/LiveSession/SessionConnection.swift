import FederCore
import FederStore
import Foundation
import Logging

/// The state of one WebSocket connection: which child, which letter is being learnt. Turns each
/// client message (and each timer tick) into replies by driving a `LessonMachine`; every mistake is
/// answered with a typed error and changes nothing.
///
/// Storage as it goes: each finished phase attempt is a `PhaseRecordRow`; while a phase with ink
/// is in progress every finished stroke is written as a draft, so a crash loses at most the stroke
/// in flight; the child's learner model is saved when a letter ends. A write that fails is logged,
/// answered with `storage_failed`, and kept to be tried again (`SessionConnection+Storage`): the
/// lesson goes on.
struct SessionConnection: Sendable {
    let library: GlyphLibrary
    let store: any LiveSessionStore
    let recognizer: LetterRecognizer?
    let clock: ServerClock
    let logger: Logger
    let decoder = ClientMessageDecoder()

    var child: ChildRecord?
    /// What this connection did to the child's learner model that the store does not have yet, in
    /// order: a save failed, or is about to be made. Applied again on top of the stored profile
    /// whenever someone else (an adult, the same child's other tab or tablet) wrote it since, so that
    /// neither side's change is lost.
    var unsavedLearnerChanges: [LearnerChange] = []
    var lesson: ActiveLesson?
    /// A pen-up ended a stroke whose draft is not written yet (see `persistBeforeReply`).
    var draftDue = false
    /// Writes that failed, oldest first, waiting for another try.
    var pendingWrites: [PendingWrite] = []
    /// The finished letter the child may rate on paper (`SessionConnection+Paper`), until it does or
    /// another letter begins.
    var paperDue: PaperDue?
    /// A letter was started or resumed since the last `hello`: a face naming an earlier letter is
    /// no longer taken (it was skipped, as on the connection that finished it).
    var letterBegunSinceHello = false

    struct ActiveLesson: Sendable {
        var machine: LessonMachine
        let id: String
        /// Wall-clock start of the phase attempt in progress.
        var phaseWallStart: Date
        /// Strokes of the attempt in progress already written as drafts.
        var draftedStrokes = 0
        /// Picked up again after an interruption: its finished attempt replaces what was recovered.
        var resumed = false
        /// The scheduler picked this letter: its priority goes on the records (kept over a resume).
        var pick: SchedulerPick?
        /// A resumed attempt with kept strokes: when it first began, before the interruption. Its
        /// record and drafts keep that start (the resume's time made a day-old stroke look written
        /// after its attempt began); cleared once the attempt is stored.
        var attemptBegan: Date?

        /// The wall-clock start the attempt in progress is stored with.
        var attemptWallStart: Date { min(attemptBegan ?? phaseWallStart, phaseWallStart) }

        /// The attempt's strokes that are finished (the one being drawn, never answered, is not).
        var finishedStrokes: Int {
            (machine.inkInProgress?.strokes.count ?? 0) - (machine.isPenDown ? 1 : 0)
        }
    }

    init(library: GlyphLibrary, store: any LiveSessionStore, recognizer: LetterRecognizer? = nil,
                clock: ServerClock = .system(), logger: Logger = Logger(label: "feder.session")) {
        self.library = library
        self.store = store
        self.recognizer = recognizer
        self.clock = clock
        self.logger = logger
    }

    /// Judges the strokes of attempts recovered from drafts.
    var interruptedAttemptJudge: InterruptedAttemptJudge {
        InterruptedAttemptJudging.judge(library: library, recognizer: recognizer)
    }

    /// When the lesson next needs a `tick` (monotonic seconds), if ever.
    var nextDeadline: Double? { lesson?.machine.nextDeadline }

    /// Seconds on the lesson clock, for scheduling ticks.
    var now: Double { clock.monotonic() }

    /// Time passed: fires the lesson's timers (quiet pause, reminders). Replies carry no `re`.
    mutating func tick() async -> [ServerMessage] {
        guard let deadline = nextDeadline, clock.monotonic() >= deadline else { return [] }
        return logRefusals(await drive(.tick, id: nil))
    }

    /// Logs each refused message among `replies` (debug: the client's mistake, not the server's;
    /// a fuzzing client makes thousands) with the child, the lesson and the code, and returns
    /// `replies`. Storage failures are logged where they happen, as errors.
    func logRefusals(_ replies: [ServerMessage]) -> [ServerMessage] {
        for case .error(let re, let error) in replies where error.code != .storageFailed {
            logger.debug("refused a message", metadata: logMetadata(["code": "\(error.code.rawValue)",
                                                                    "re": "\(re.map(ReplyWriter.json) ?? "-")",
                                                                    "reason": "\(error.message)"]))
        }
        return replies
    }

    mutating func handle(_ message: ClientMessage, id: RequestID?) async -> [ServerMessage] {
        switch message {
        case .hello(let childID):
            return await hello(childID, re: id)
        case .ping:
            return [.pong(re: id)]
        case .start(let request):
            if let resume = request.resume { return await resumeLesson(resume, request: request, re: id) }
            return await startLesson(request, re: id)
        case .end:
            var replies = await abandonLesson(re: id)
            replies.append(.ended(re: id))
            return replies
        case .observed:
            return await drive(.observeCycleFinished, id: id)
        case .tap(let point, let dot):
            if let dot { return await drive(.tapDot(dot), id: id) }
            return await drive(.tap(point ?? .zero), id: id)
        case .restart:
            return await drive(.restart, id: id)
        case .down(let pointer, let sample):
            if let full = refusalIfFull(adding: 1, re: id) { return [full] }
            return await drive(.penDown(sample, pointer: pointer), id: id)
        case .move(let samples):
            if let full = refusalIfFull(adding: samples.count, re: id) { return [full] }
            return await drive(.penMove(samples), id: id)
        case .up(let sample):
            // At the limit the pen still lifts (the page must not be left with its pen down); only
            // the sample it brings is left out, and counted as ignored like any dropped sample.
            let overLimit = sample != nil && refusalIfFull(adding: 1, re: id) != nil
            return await drive(.penUp(overLimit ? nil : sample), id: id, alsoIgnored: overLimit ? 1 : 0)
        case .read(let request):
            return await read(request, re: id)
        case .onboarded(let pointer, let handedness):
            return await onboarded(pointer: pointer, handedness: handedness, re: id)
        case .paper(let face, let lessonID):
            return await ratePaper(face, lesson: lessonID, re: id)
        }
    }

    /// The draft of the strokes finished by a pen-up. The endpoint calls it before sending the
    /// message's replies, so a stroke the page has been answered for survives a crash.
    /// Returns a `storage_failed` error to send when the draft could not be written (the stroke is
    /// tried again at the next pen-up, and stays in the attempt's ink either way).
    @discardableResult
    mutating func persistBeforeReply() async -> [ServerMessage] {
        guard draftDue else { return [] }
        draftDue = false
        await retryPendingWrites()
        if let error = await writeDraft() {
            if await writerWasDeleted() { return [Self.childDeleted(re: nil)] }
            return [storageFailed("the finished stroke could not be kept as a draft", error, re: nil)]
        }
        return []
    }

    /// The connection closed. A lesson with ink in progress is kept for the page to resume: its
    /// finished strokes are (or are now) drafts, which become a record if the page never comes
    /// back. A lesson between strokes of observe or direct is recorded as abandoned.
    mutating func close() async {
        logger.info("live session closed", metadata: logMetadata(["keptForResuming": "\(lesson?.machine.inkInProgress.map { !$0.isEmpty } == true)"]))
        await retryPendingWrites()
        if let lesson, lesson.machine.inkInProgress.map({ !$0.isEmpty }) == true {
            draftDue = false
            // A stroke whose draft fails here is still in the page's ink, which it sends on resuming;
            // should the page never come back, the log is the last place it is kept.
            if let error = await writeDraft(), await !writerWasDeleted() {
                _ = storageFailed("the last strokes could not be kept as drafts as the connection closed", error, re: nil)
                logUndraftedStrokes()
            }
            self.lesson = nil
        } else {
            _ = await abandonLesson(re: nil, learn: false)
        }
        await logUnstoredWrites()
    }

    // MARK: - Driving the lesson

    /// `alsoIgnored`: samples the message brought that were left out before the lesson saw them.
    mutating func drive(_ input: LessonInput, id: RequestID?, alsoIgnored: Int = 0) async -> [ServerMessage] {
        switch step(input, id: id) {
        case .refused(let refusal):
            return [refusal]
        case .moved(let events, let ignored):
            let replies = await process(events, re: id, ignored: ignored + alsoIgnored)
            if case .penUp = input { draftDue = true }
            return replies
        }
    }

    /// `session_full` when `count` more samples would take the attempt past its limit.
    func refusalIfFull(adding count: Int, re id: RequestID?) -> ServerMessage? {
        guard let held = lesson?.machine.inkInProgress?.sampleCount, held + count > ProtocolLimits.samplesPerSession else { return nil }
        return .error(re: id, ProtocolError(.sessionFull, "this attempt has reached its sample limit; send restart"))
    }

    /// What one input did to the lesson.
    enum Step {
        case refused(ServerMessage)
        case moved([LessonEvent], ignored: Int)
    }

    /// Feeds one input to the lesson machine (nothing is stored yet).
    mutating func step(_ input: LessonInput, id: RequestID?) -> Step {
        guard lesson != nil else { return .refused(.error(re: id, ProtocolError(.noSession, "send start first"))) }
        let ignoredBefore = lesson!.machine.ignoredSamples
        let events: [LessonEvent]
        do {
            // Mutated in place: the machine holds the ink, which must not be copied per message.
            events = try lesson!.machine.handle(input, at: clock.monotonic())
        } catch {
            return .refused(.error(re: id, ProtocolError(Self.code(for: error), error.description)))
        }
        return .moved(events, ignored: max(0, (lesson?.machine.ignoredSamples ?? 0) - ignoredBefore))
    }

    /// The replies to events that finish nothing (no record, no letter): nil when they do, and
    /// `process` must store them.
    mutating func processWithoutStorage(_ events: [LessonEvent], re id: RequestID?, ignored: Int) -> [ServerMessage]? {
        for event in events {
            switch event {
            case .phaseFinished, .letterFinished: return nil
            default: continue
            }
        }
        for case .phaseStarted in events { startPhaseClock() }
        return [.events(re: id, events: events, ignored: ignored)]
    }

    /// A phase attempt begins: its wall-clock start, and no drafts yet.
    private mutating func startPhaseClock() {
        let wall = clock.wall()
        lesson?.phaseWallStart = wall
        lesson?.draftedStrokes = 0
    }

    /// Sends the events on and stores what they finish.
    mutating func process(_ events: [LessonEvent], re id: RequestID?, ignored: Int, learn learns: Bool = true) async -> [ServerMessage] {
        var replies: [ServerMessage] = [.events(re: id, events: events, ignored: ignored)]
        for event in events {
            switch event {
            case .phaseStarted:
                startPhaseClock()
            case .phaseFinished(let record):
                if let reply = await store(record, re: id) { replies.append(reply) }
            case .letterFinished(let result):
                logger.debug("letter finished", metadata: logMetadata(["glyph": "\(result.glyph.char)",
                                                                      "completed": "\(result.completed)"]))
                if learns {
                    replies += await learn(from: result).map { $0.replying(to: id) }
                }
                lesson = nil
            default:
                break
            }
        }
        return replies
    }

    mutating func store(_ record: PhaseRecord, re id: RequestID?) async -> ServerMessage? {
        guard let lesson else { return nil }
        let wallStart = lesson.phaseWallStart
        var record = record
        record.pick = lesson.pick
        var row = PhaseRecordRow(record: record, lessonID: lesson.id, childID: child?.id, wallStart: wallStart)
        // A resumed attempt began before the interruption: `startedAt` says so, while `endedAt` and
        // `activeSeconds` stay those of this connection (the time on screen before it is not known here).
        row.startedAt = lesson.attemptWallStart
        self.lesson?.attemptBegan = nil
        // Older writes first: a record kept from a failure is stored before this one.
        guard await retryPendingWrites() else {
            return await failedWrite(.record(row, resumed: lesson.resumed), "the record could not be stored (earlier writes still wait)",
                                     StorageStillFailing(), re: id)
        }
        do {
            let saved = lesson.resumed ? try await store.saveResumed(row) : try await store.save(row)
            logger.trace("phase record stored", metadata: logMetadata(["record": "\(saved.id ?? 0)", "phase": "\(record.phase.rawValue)",
                                                                      "outcome": "\(record.outcome.rawValue)"]))
            return .stored(re: id, record: saved.id ?? 0, phase: record.phase, completed: record.completed)
        } catch {
            return await failedWrite(.record(row, resumed: lesson.resumed), "the record could not be stored", error, re: id)
        }
    }

    /// The strokes finished since the last draft go to the database (after a pen-up, and when the
    /// connection closes — then also with the pen down: the stroke being drawn is left out, it was
    /// never answered). Returns the error when a draft could not be written (those strokes are tried
    /// again next time).
    @discardableResult
    mutating func writeDraft() async -> (any Error)? {
        guard let lesson, let phase = lesson.machine.phase, let ink = lesson.machine.inkInProgress else { return nil }
        let finished = lesson.finishedStrokes
        guard finished > lesson.draftedStrokes else { return nil }
        let glyph = lesson.machine.glyph
        let attempt = lesson.machine.currentAttempt
        for index in lesson.draftedStrokes..<finished {
            let draft = DraftStroke(lessonID: lesson.id, childID: child?.id, condition: lesson.machine.condition,
                                    script: glyph.script, glyph: glyph.char, variant: glyph.variant, phase: phase.rawValue,
                                    attempt: attempt, pointer: ink.pointer, startedAt: lesson.attemptWallStart,
                                    strokeIndex: index, samples: ink.strokes[index])
            do {
                try await store.appendDraft(draft)
            } catch {
                // Not marked as drafted: the next pen-up tries this stroke again.
                return error
            }
            self.lesson?.draftedStrokes = index + 1
        }
        return nil
    }

    /// Ends a lesson in progress (recording the attempt in progress as abandoned).
    mutating func abandonLesson(re id: RequestID?, learn: Bool = true) async -> [ServerMessage] {
        guard lesson != nil, lesson?.machine.isFinished == false else {
            lesson = nil
            return []
        }
        guard let events = try? lesson!.machine.handle(.abandon, at: clock.monotonic()) else {
            lesson = nil
            return []
        }
        // The page has moved on; only storage results and errors matter now.
        let replies = await process(events, re: id, ignored: 0, learn: learn).filter {
            if case .events = $0 { return false }
            return true
        }
        lesson = nil
        return replies
    }

    static func code(for error: LessonError) -> ProtocolError.Code {
        switch error {
        // A finished lesson is dropped at once (`process`), so its machine sees no later message;
        // were it to, the message would be one without a lesson.
        case .letterFinished: return .noSession
        case .notInThisPhase: return .notInThisPhase
        case .noSuchDot: return .noSuchDot
        case .pen(let e):
            switch e {
            case .penAlreadyDown: return .penAlreadyDown
            case .penNotDown: return .penNotDown
            }
        }
    }

    /// A word that cannot be built: its script or one of its letters is unknown.
    static func protocolError(forWord error: any Error) -> ProtocolError {
        switch error as? WordBuildError {
        case .unknownScript?: return ProtocolError(.unknownScript, String(describing: error))
        case .unknownLetter?: return ProtocolError(.unknownGlyph, String(describing: error))
        default: return ProtocolError(.invalidMessage, String(describing: error))
        }
    }

    static func protocolError(for error: GlyphLookupError) -> ProtocolError {
        switch error {
        case .unknownScript: return ProtocolError(.unknownScript, error.description)
        case .unknownGlyph: return ProtocolError(.unknownGlyph, error.description)
        case .unknownVariant: return ProtocolError(.unknownVariant, error.description)
        }
    }
}
