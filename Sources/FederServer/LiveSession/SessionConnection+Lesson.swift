import FederCore
import FederStore
import Foundation

// Starting a letter: the one asked for, or the scheduler's pick.
extension SessionConnection {
    mutating func startLesson(_ request: ClientMessage.StartRequest, re id: RequestID?) async -> [ServerMessage] {
        // A refused start changes nothing: the letter asked for is looked up (and a child to schedule
        // for required) before the letter in progress ends.
        var named: Glyph?
        if request.next {
            guard child != nil else {
                return [.error(re: id, ProtocolError(.noChild, "the scheduler needs a child: send hello first"))]
            }
        } else if let char = request.glyph {
            do {
                named = try lookUp(char, script: request.script, variant: request.variant, isWord: request.isWord)
            } catch {
                return [.error(re: id, error)]
            }
        }
        let writer = child?.id
        paperDue = nil  // not rated before the next letter: skipped
        letterBegunSinceHello = true
        var replies = await abandonLesson(re: id)
        // Deleted meanwhile: found here, or already while the abandoned letter was learnt from.
        guard await refreshProfile(), writer == nil || child != nil else {
            return replies + [Self.childDeleted(re: id)]
        }
        // Archived meanwhile (the child left the class): a tablet left open on its home screen went
        // on writing letters as it; the page forgets it as it would a deleted one.
        if child?.archivedAt != nil {
            return replies + [Self.childArchived(re: id)]
        }
        var pick: LetterScheduler.Pick?
        var char = request.glyph
        var script = request.script
        var isWord = request.isWord
        if request.next {
            guard var current = child else {
                replies.append(.error(re: id, ProtocolError(.noChild, "the scheduler needs a child: send hello first")))
                return replies
            }
            let now = clock.wall()
            let today = CalendarDay(now, timeZone: clock.timeZone)
            let scheduler = current.scheduler
            pick = scheduler.next(for: &current.learner, on: today, now: now, after: char)
            script = scheduler.course.script
            char = pick?.char
            // Schulschrift: once today's round is done, a short word of learnt letters comes next.
            if pick?.extra == true, script == "schul",
               let word = WordPicker(words: WordList.bundled(script: script), script: script).next(for: current.learner) {
                char = word
                isWord = true
                pick?.kind = .word
            }
            if current.learner != child?.learner {
                // Today's round was planned: planned again on a profile written elsewhere meanwhile,
                // where a round of today already planned stays as it is.
                unsavedLearnerChanges.append { child in _ = child.scheduler.next(for: &child.learner, on: today, now: now, after: nil) }
                // A new time, so the same child's other tablet reads the round (and whatever waited
                // with it) before writing its own model, instead of writing over it.
                let previously = current.updatedAt
                current.updatedAt = now
                child = current
                do {
                    learnerStored(try await store.saveLearner(of: current, previously: previously,
                                                              rebase: unsavedLearnerChanges.combined))
                } catch {
                    replies.append(storageFailed("today's round could not be stored (it is stored with the next letter)", error, re: id))
                }
            }
        }
        guard let char else {
            replies.append(.error(re: id, ProtocolError(.unknownGlyph, "no letter to practise")))
            return replies
        }
        let glyph: Glyph
        if let named {
            glyph = named
        } else {
            do {
                glyph = try lookUp(char, script: script, variant: request.variant, isWord: isWord)
            } catch {
                replies.append(.error(re: id, error))
                return replies
            }
        }
        // Strokes left by lessons the page never came back to become judged records now; if that
        // write fails they stay drafts (recovered at the next try or start-up) and the page is told.
        // Not while older writes still wait: a kept record clears its own drafts when it is stored.
        if let childID = child?.id, await retryPendingWrites() {
            do {
                _ = try await store.recoverDrafts(childID: childID, except: nil, judge: interruptedAttemptJudge)
            } catch {
                replies.append(storageFailed("left-over strokes could not be recovered", error, re: id))
            }
        }
        let condition = child?.condition ?? .threePhase
        let plan = planFor(glyph, condition: condition)
        let (machine, events) = LessonMachine.begin(glyph: glyph, condition: condition, plan: plan,
                                                    recognizer: recognizer, at: clock.monotonic())
        let lessonID = UUID().uuidString.lowercased()
        if let childID = child?.id { _ = store.claimLesson(lessonID, for: childID) }
        lesson = ActiveLesson(machine: machine, id: lessonID, phaseWallStart: clock.wall(), pick: pick.map(SchedulerPick.init))
        logger.debug("letter started", metadata: logMetadata(["glyph": "\(glyph.char)", "script": "\(glyph.script)",
                                                             "picked": "\(pick.map { $0.kind.rawValue } ?? "asked")"]))
        replies.append(.started(re: id, glyph: GlyphGeometry(glyph: glyph, tolerance: plan.tolerance),
                                condition: condition, phases: condition.phases, lesson: lessonID,
                                pick: pick.map { PickInfo(extra: $0.extra, kind: $0.kind.rawValue) },
                                profile: child.map(Self.profileInfo)))
        replies += await process(events, re: id, ignored: 0)
        return replies
    }

    /// A letter from the library, or a word built from a joined script's letters.
    func lookUp(_ text: String, script: String, variant: String?, isWord: Bool) throws(ProtocolError) -> Glyph {
        do {
            return isWord ? try WordBuilder(library: library, script: script).build(text)
                : try library.glyph(text, script: script, variant: variant)
        } catch let error as GlyphLookupError {
            throw Self.protocolError(for: error)
        } catch {
            throw Self.protocolError(forWord: error)
        }
    }

    /// The answer to a child an adult archived since its hello: the page forgets it, as a deleted one.
    static func childArchived(re id: RequestID?) -> ServerMessage {
        .error(re: id, ProtocolError(.childArchived, "an adult archived this child: choose who is writing"))
    }

    /// Adults may have changed the profile since `hello` (settings, script, hand, course position),
    /// and the same child may have finished a letter on another tablet or tab: the next letter is
    /// planned, and a finished letter learnt, with what is stored now. The learner model stays the
    /// connection's own only while it holds changes a failed save left unstored. The profile is
    /// decoded only when its `updatedAt` is no longer the one this connection read or wrote. If the
    /// read fails the connection goes on with what it knew (logged; nothing is lost, so the child
    /// is not interrupted for it). Returns false when an adult deleted the child meanwhile: the
    /// connection then writes as nobody.
    @discardableResult
    mutating func refreshProfile() async -> Bool {
        guard let current = child else { return true }
        let found: ChildRecord?
        do {
            found = try await store.changedChild(id: current.id, since: current.updatedAt)
        } catch is ChildGone {
            forgetWrites(of: current.id)
            return false
        } catch {
            logger.warning("the profile could not be read again; the letter uses the connection's copy",
                           metadata: logMetadata(["error": "\(error)"]))
            return true
        }
        guard let stored = found else { return true }
        var fresh = stored
        // What this connection could not store yet is applied on top of what others stored.
        unsavedLearnerChanges.combined(&fresh)
        child = fresh
        return true
    }

    /// The learner model's plan for this letter, with the adults' fixed values applied.
    func planFor(_ glyph: Glyph, condition: StudyCondition) -> PracticePlan {
        let plan = (child?.learner ?? LearnerState()).plan(for: glyph, condition: condition)
        return child?.settings.applied(to: plan) ?? plan
    }
}
