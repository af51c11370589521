import FederCore
import FederStore
import Foundation

// Who is writing: the profile behind `hello`, onboarding, and what a finished letter adds to the
// child's model, round, jar, streak and sticker book.
extension SessionConnection {
    mutating func hello(_ childID: String?, re id: RequestID?) async -> [ServerMessage] {
        // Another child takes the tablet: the letter in progress is the previous child's and ends
        // here (recorded as abandoned under that child), so no lesson is split between two children.
        var replies: [ServerMessage] = []
        if lesson != nil, childID != child?.id { replies += await abandonLesson(re: id) }
        if childID != child?.id { paperDue = nil }  // the letter on paper was another child's
        letterBegunSinceHello = false
        guard let childID else {
            child = nil
            return replies + [.hello(re: id, protocolVersion: ClientMessageDecoder.protocolVersion, child: nil, condition: nil)]
        }
        // Whoever wrote before is no longer writing, whether or not the new child can be loaded:
        // nothing from now on may be filed under the previous child.
        let previous = child?.id
        child = nil
        do {
            var record = try await store.child(id: childID, now: clock.wall())
            // The same child saying hello again keeps what it did that is not stored yet; another
            // child's changes are not this one's.
            if previous == childID { unsavedLearnerChanges.combined(&record) } else { unsavedLearnerChanges = [] }
            child = record
            logger.info("a child is writing on this connection", metadata: logMetadata(["condition": "\(record.condition.rawValue)"]))
            return replies + [.hello(re: id, protocolVersion: ClientMessageDecoder.protocolVersion, child: childID,
                                     condition: record.condition, profile: Self.profileInfo(record))]
        } catch is ChildGone {
            unsavedLearnerChanges = []
            forgetWrites(of: childID)
            return replies + [Self.childDeleted(re: id)]
        } catch {
            return replies + [storageFailed("the child could not be loaded", error, re: id, metadata: ["child": "\(childID.prefix(64))"])]
        }
    }

    static func profileInfo(_ child: ChildRecord) -> ProfileInfo {
        ProfileInfo(name: child.displayName, animal: child.animal, colour: child.colour, handedness: child.handedness,
                    pointer: child.pointer, script: child.script, needsOnboarding: child.onboardedAt == nil, archived: child.archivedAt != nil,
                    sound: child.settings.sound, captions: child.settings.captions, haptics: child.settings.haptics,
                    speechRate: child.settings.speechRate.factor, appearance: child.settings.appearance,
                    highContrast: child.settings.highContrast, lineWeight: child.settings.lineWeight)
    }

    mutating func onboarded(pointer: PointerKind, handedness: Handedness, re id: RequestID?) async -> [ServerMessage] {
        guard let current = child else { return [.error(re: id, ProtocolError(.noChild, "send hello with a child first"))] }
        let now = clock.wall()
        do {
            guard let updated = try await store.updateChild(id: current.id, now: now, { child in
                child.pointer = pointer
                child.handedness = handedness
                if child.onboardedAt == nil { child.onboardedAt = now }
            }) else {
                if await writerWasDeleted() { return [Self.childDeleted(re: id)] }
                return [.error(re: id, ProtocolError(.noChild, "the child is gone"))]
            }
            var onboarded = updated
            unsavedLearnerChanges.combined(&onboarded)  // what waits to be stored stays this connection's
            child = onboarded
            return [.hello(re: id, protocolVersion: ClientMessageDecoder.protocolVersion, child: updated.id,
                           condition: updated.condition, profile: Self.profileInfo(updated))]
        } catch {
            return [storageFailed("onboarding could not be stored", error, re: id)]
        }
    }

    /// A letter ended: the learner model learns, today's round ticks it off, the letter session is
    /// kept for the jar and the streak. Returns the `progress` the page shows next, after a
    /// `storage_failed` error for each write that failed (nothing without a child). A learner model
    /// that could not be saved stays this connection's and is saved with the next letter; a letter
    /// session that could not be written is kept and tried again, and counts in the jar meanwhile.
    mutating func learn(from result: LetterResult) async -> [ServerMessage] {
        // Another tab or tablet of the same child may have finished a letter meanwhile: this one is
        // learnt on top of it rather than overwriting it.
        await refreshProfile()
        paperDue = nil
        guard var child else { return [] }
        let now = clock.wall()
        let today = CalendarDay(now, timeZone: clock.timeZone)
        let scheduler = child.scheduler
        let stickersBefore = StickerBook.entries(course: scheduler.course, learner: child.learner).filter(\.earned).map(\.group)
        let roundWasDone = child.learner.round.map { $0.day == today && $0.isComplete } ?? false
        let change: LearnerChange = { child in
            child.learner.record(result, at: now)
            let scheduler = child.scheduler
            if result.completed, result.glyph.script == scheduler.course.script {
                scheduler.letterFinished(result.glyph.char, learner: &child.learner, on: today, now: now)
            }
        }
        change(&child)
        unsavedLearnerChanges.append(change)
        let previously = child.updatedAt
        child.updatedAt = now
        self.child = child
        let session = lesson.map {
            LetterSessionRow(childID: child.id, lessonID: $0.id, world: .schule, script: result.glyph.script,
                             glyph: result.glyph.char, day: today, finishedAt: now, completed: result.completed,
                             stars: result.stars, performance: result.performance)
        }
        var replies: [ServerMessage] = []
        guard let (lettersToday, days) = await storeFinishedLetter(of: child, previously: previously, session: session,
                                                                   on: today, replies: &replies) else {
            return replies
        }
        // Stored on top of another tab's or tablet's letters: the stickers are counted from that.
        if let stored = self.child { child = stored }
        var say: [Utterance] = []
        let stickers = StickerBook.entries(course: scheduler.course, learner: child.learner)
        let newSticker = stickers.first { $0.earned && !stickersBefore.contains($0.group) }
        let roundDone = child.learner.round.map { $0.day == today && $0.isComplete } ?? false
        paperDue = Self.paperDue(after: result, lessonID: lesson?.id, child: child)
        if newSticker != nil { say.append(AppPhrases.sticker) }
        if roundDone && !roundWasDone { say.append(AppPhrases.roundDone) }
        replies.append(.progress(re: nil, ProgressInfo(jar: DailyJar.fill(lettersToday: lettersToday, goal: child.settings.dailyGoal),
                                                      roundDone: roundDone, streak: Streak.current(practiceDays: days, today: today),
                                                      newSticker: newSticker?.sticker, say: say, paper: paperDue != nil)))
        return replies
    }

    /// Stores what a finished letter changes and reads the jar and streak: in one transaction when
    /// nothing waits to be written, otherwise (or when that fails) one step at a time, so that each
    /// failure is told on its own and what could not be written is kept, as `storeLetter` does.
    /// Returns the jar's letters of `day` and the practice days (writes kept for retry counted),
    /// nil when they could not be read.
    private mutating func storeFinishedLetter(of child: ChildRecord, previously: Date, session: LetterSessionRow?,
                                              on today: CalendarDay, replies: inout [ServerMessage]) async -> (Int, Set<CalendarDay>)? {
        if pendingWrites.isEmpty {
            do {
                let (attendance, rebased) = try await store.finishLetter(learnerOf: child, previously: previously,
                                                                         rebase: unsavedLearnerChanges.combined,
                                                                         session: session, attendanceOn: today)
                learnerStored(rebased)
                return (attendance.lettersToday, attendance.practiceDays)
            } catch {
                logger.warning("the finished letter could not be stored in one transaction; trying step by step",
                               metadata: logMetadata(["error": "\(error)"]))
            }
        }
        do {
            learnerStored(try await store.saveLearner(of: child, previously: previously, rebase: unsavedLearnerChanges.combined))
        } catch {
            replies.append(storageFailed("the learner model could not be stored (it is stored with the next letter)", error, re: nil))
        }
        if let session, let failure = await storeLetter(session) { replies.append(failure) }
        do {
            let waiting = pendingLetters(of: child.id, on: today)
            let attendance = try await store.attendance(childID: child.id, on: today)
            return (attendance.lettersToday + waiting, attendance.practiceDays.union(waiting > 0 ? [today] : []))
        } catch {
            replies.append(storageFailed("the child's jar and streak could not be read", error, re: nil))
            return nil
        }
    }

    /// The learner model is stored: nothing of it waits any more. When the store applied this
    /// connection's changes on top of a profile written elsewhere, that profile is the connection's now.
    mutating func learnerStored(_ rebased: ChildRecord?) {
        unsavedLearnerChanges = []
        if let rebased { child = rebased }
    }

    /// Writes a letter session (Schule or Werkstatt) after any kept writes; keeps it when that
    /// fails. Returns the `storage_failed` error to send, if any.
    mutating func storeLetter(_ row: LetterSessionRow) async -> ServerMessage? {
        guard await retryPendingWrites() else {
            return await failedWrite(.letter(row), "the finished letter could not be stored (earlier writes still wait)",
                                     StorageStillFailing(), re: nil)
        }
        do {
            try await store.recordLetter(row)
            return nil
        } catch {
            return await failedWrite(.letter(row), "the finished letter could not be stored", error, re: nil)
        }
    }

    /// Finished Schule letters of a child's day still waiting to be written (they count in the jar).
    func pendingLetters(of childID: String, on day: CalendarDay) -> Int {
        pendingWrites.filter {
            if case .letter(let row) = $0 { return row.childID == childID && row.day == day && row.completed && row.world == .schule }
            return false
        }.count
    }
}
