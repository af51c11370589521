import FederCore
import FederStore
import Foundation

// An interrupted lesson goes on where it was: after a dropped connection or a server restart.
extension SessionConnection {
    mutating func resumeLesson(_ resume: ClientMessage.ResumeRequest, request: ClientMessage.StartRequest,
                               re id: RequestID?) async -> [ServerMessage] {
        guard child != nil else {
            return [.error(re: id, ProtocolError(.noChild, "resuming needs the child: send hello first"))]
        }
        // An adult deleted the child since its hello: nothing of it is served again (as at `start`).
        guard await refreshProfile(), let current = child else { return [Self.childDeleted(re: id)] }
        if current.archivedAt != nil { return [Self.childArchived(re: id)] }
        // A refused resume changes nothing, so the letter in progress ends only once the lesson to
        // resume is known — unless it is that very letter: then it is recorded first, so that what
        // is read back includes it.
        let resumesTheLetterInProgress = lesson?.id == resume.lesson
        var replies = resumesTheLetterInProgress ? await abandonLesson(re: id) : []
        let stored: StoredLesson
        switch await storedLesson(resume, request: request, childID: current.id, re: id) {
        case .success(let found): stored = found
        case .failure(let refusal): return replies + [refusal.reply]
        }
        let (rows, glyph) = (stored.rows, stored.glyph)
        // The lesson's own condition: from its records, else from its drafts (an arm changed
        // meanwhile applies from the next letter, as at every start), else the child's.
        let condition: StudyCondition
        if let recorded = rows.first?.condition {
            condition = recorded
        } else {
            do {
                condition = try await store.draftCondition(lessonID: resume.lesson, childID: current.id) ?? current.condition
            } catch {
                return replies + [storageFailed("the lesson could not be loaded", error, re: id)]
            }
        }
        // Phases already passed count; the lesson goes on at the first phase not passed, and never
        // later than the phase the page was in.
        let earlier = rows.compactMap(\.record).filter(\.completed)
        let passed = Set(earlier.map(\.phase))
        let firstOpen = condition.phases.first { !passed.contains($0) } ?? condition.phases[condition.phases.count - 1]
        let phase: LessonPhase, attempt: Int
        switch ResumePoint.of(rows, requested: resume.phase, attempt: resume.attempt, phases: condition.phases) {
        case .letterFinished:
            return replies + [.error(re: id, ProtocolError(.letterFinished, "lesson \(resume.lesson.prefix(64)) has ended; start the next letter"))]
        case .after(let next, let nextAttempt):
            (phase, attempt) = (next, nextAttempt)
        case nil:
            let phaseIndex = min(condition.phases.firstIndex(of: resume.phase) ?? 0, condition.phases.firstIndex(of: firstOpen) ?? 0)
            phase = condition.phases[phaseIndex]
            attempt = phase == resume.phase ? resume.attempt : 1
        }
        let kept: KeptAttempt?
        do {
            kept = try await store.keptStrokes(lessonID: resume.lesson, childID: current.id, phase: phase.rawValue, attempt: attempt)
        } catch {
            replies.append(storageFailed("the kept strokes could not be loaded", error, re: id))
            return replies
        }
        // Served from here on, as this child's lesson (another child resuming it meanwhile was first):
        // the letter in progress ends, and a finished letter's paper face is no longer asked for
        // (a refused resume above changed neither, and claimed nothing).
        guard store.claimLesson(resume.lesson, for: current.id) else {
            return replies + [.error(re: id, ProtocolError(.noSuchLesson, "lesson \(resume.lesson.prefix(64)) is not this child's"))]
        }
        paperDue = nil
        letterBegunSinceHello = true
        if !resumesTheLetterInProgress {
            replies = await abandonLesson(re: id)
        }
        let plan = earlier.last?.plan ?? planFor(glyph, condition: condition)
        let (machine, events) = LessonMachine.resume(glyph: glyph, condition: condition, plan: plan, recognizer: recognizer,
                                                     phase: phase, attempt: attempt, earlier: earlier, keptInk: kept?.ink,
                                                     tappedDots: Self.dotsTapped(in: rows, phase: phase, attempt: attempt),
                                                     at: clock.monotonic())
        let keptCount = machine.inkInProgress?.strokes.count ?? 0
        lesson = ActiveLesson(machine: machine, id: resume.lesson, phaseWallStart: clock.wall(),
                              draftedStrokes: keptCount, resumed: true, pick: rows.compactMap(\.record?.pick).last,
                              attemptBegan: kept?.began)
        logger.debug("letter resumed", metadata: logMetadata(["glyph": "\(glyph.char)", "phase": "\(phase.rawValue)",
                                                             "attempt": "\(attempt)", "keptStrokes": "\(keptCount)"]))
        replies.append(.started(re: id, glyph: GlyphGeometry(glyph: glyph, tolerance: plan.tolerance),
                                condition: condition, phases: condition.phases, lesson: resume.lesson))
        replies += await process(events, re: id, ignored: 0)
        // The phase's start above counted no drafts; the kept strokes are drafts already (counted
        // as none, they were drafted again at the next pen-up, and a second resume replayed each twice).
        if self.lesson?.machine.phase == phase, self.lesson?.machine.currentAttempt == attempt {
            self.lesson?.draftedStrokes = keptCount
        }
        replies.append(.resumed(re: id, lesson: resume.lesson, phase: phase, attempt: attempt, strokes: keptCount,
                                traced: self.lesson?.machine.tracedSoFar, dots: self.lesson?.machine.dotsTapped))
        return replies
    }

    /// The start dots tapped in order before the cut: where the last tap of the attempt's cut-off
    /// parts left the due dot (each tap keeps the dot that was due; a right one moved it on). Read
    /// from the last tap, not by counting: a part stored late, after a later part had begun at the
    /// first dot again, is merged into it and would be counted twice. (A part whose record is not
    /// stored yet — its connection has not closed — is not known here: the attempt then goes on at
    /// the first dot, and the later merge still keeps every tap.)
    static func dotsTapped(in rows: [PhaseRecordRow], phase: LessonPhase, attempt: Int) -> Int {
        guard phase == .direct else { return 0 }
        let parts = rows.filter { $0.phase == LessonPhase.direct.rawValue && $0.attempt == attempt }
            .compactMap { row in row.record.map { (row.startedAt, $0) } }
            .filter { $0.1.outcome == .abandoned }
            .sorted { $0.0 < $1.0 }
        guard let last = parts.last?.1.direct?.taps.last else { return 0 }
        return last.correct ? last.expected + 1 : last.expected
    }

    /// What is stored of a lesson to resume, and its letter.
    struct StoredLesson {
        var rows: [PhaseRecordRow]
        var glyph: Glyph
    }

    /// The reply that refuses a resume.
    struct ResumeRefusal: Error {
        var reply: ServerMessage
    }

    /// The lesson's records and letter, or the refusal: another child's lesson, nothing known of it,
    /// or storage that cannot be read.
    func storedLesson(_ resume: ClientMessage.ResumeRequest, request: ClientMessage.StartRequest, childID: String,
                      re id: RequestID?) async -> Result<StoredLesson, ResumeRefusal> {
        let rows: [PhaseRecordRow]
        do {
            if try await store.lessonIsAnotherChilds(lessonID: resume.lesson, childID: childID) {
                return .failure(ResumeRefusal(reply: .error(re: id, ProtocolError(.noSuchLesson, "lesson \(resume.lesson.prefix(64)) is not this child's"))))
            }
            rows = try await store.lessonRecords(lessonID: resume.lesson, childID: childID)
        } catch {
            return .failure(ResumeRefusal(reply: storageFailed("the lesson could not be loaded", error, re: id)))
        }
        // The letter: from the stored records, else as the page names it.
        let char = rows.first?.glyph ?? request.glyph
        let script = rows.first?.script ?? request.script
        let isWord = request.isWord || (char.map { $0.count > 1 } ?? false)
        guard let char, let glyph = try? lookUp(char, script: script, variant: rows.first?.variant ?? request.variant, isWord: isWord) else {
            return .failure(ResumeRefusal(reply: .error(re: id, ProtocolError(.noSuchLesson, "nothing is known of lesson \(resume.lesson.prefix(64))"))))
        }
        return .success(StoredLesson(rows: rows, glyph: glyph))
    }
}
