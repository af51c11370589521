import FederCore
import FederStore
import Foundation

// Who is writing: the profile behind `hello`, onboarding, and what a finished letter adds to the
// child's model, round, jar, streak and sticker book.
extension SessionConnection {
    mutating func hello(_ childID: String?, re id: RequestID?) async -> [ServerMessage] {
        guard let childID else {
            child = nil
            return [.hello(re: id, protocolVersion: ClientMessageDecoder.protocolVersion, child: nil, condition: nil)]
        }
        do {
            let record = try await store.child(id: childID, now: clock.wall())
            child = record
            return [.hello(re: id, protocolVersion: ClientMessageDecoder.protocolVersion, child: childID,
                           condition: record.condition, profile: Self.profileInfo(record))]
        } catch {
            return [.error(re: id, ProtocolError(.storageFailed, "the child could not be loaded: \(error)"))]
        }
    }

    static func profileInfo(_ child: ChildRecord) -> ProfileInfo {
        ProfileInfo(name: child.displayName, animal: child.animal, colour: child.colour, handedness: child.handedness,
                    pointer: child.pointer, script: child.script, needsOnboarding: child.onboardedAt == nil,
                    sound: child.settings.sound, captions: child.settings.captions)
    }

    mutating func onboarded(pointer: PointerKind, handedness: Handedness, re id: RequestID?) async -> [ServerMessage] {
        guard let current = child else { return [.error(re: id, ProtocolError(.noChild, "send hello with a child first"))] }
        let now = clock.wall()
        do {
            guard let updated = try await store.children.update(id: current.id, now: now, { child in
                child.pointer = pointer
                child.handedness = handedness
                if child.onboardedAt == nil { child.onboardedAt = now }
            }) else { return [.error(re: id, ProtocolError(.noChild, "the child is gone"))] }
            child = updated
            return [.hello(re: id, protocolVersion: ClientMessageDecoder.protocolVersion, child: updated.id,
                           condition: updated.condition, profile: Self.profileInfo(updated))]
        } catch {
            return [.error(re: id, ProtocolError(.storageFailed, "onboarding could not be stored: \(error)"))]
        }
    }

    /// A letter ended: the learner model learns, today's round ticks it off, the letter session is
    /// kept for the jar and the streak. Returns what the page shows next, or a `storage_failed`
    /// error when it could not be stored (nil without a child).
    mutating func learn(from result: LetterResult) async -> Result<ProgressInfo, ProtocolError>? {
        guard var child else { return nil }
        let now = clock.wall()
        let today = CalendarDay(now, timeZone: clock.timeZone)
        let scheduler = child.scheduler
        let stickersBefore = StickerBook.entries(course: scheduler.course, learner: child.learner).filter(\.earned).map(\.group)
        let roundWasDone = child.learner.round.map { $0.day == today && $0.isComplete } ?? false
        child.learner.record(result, at: now)
        if result.completed, result.glyph.script == scheduler.course.script {
            scheduler.letterFinished(result.glyph.char, learner: &child.learner, on: today, now: now)
        }
        child.updatedAt = now
        self.child = child
        var say: [Utterance] = []
        do {
            try await store.saveLearner(of: child)
            if let lesson {
                try await store.children.recordLetter(LetterSessionRow(
                    childID: child.id, lessonID: lesson.id, world: .schule, script: result.glyph.script, glyph: result.glyph.char,
                    day: today, finishedAt: now, completed: result.completed, stars: result.stars, performance: result.performance))
            }
            let lettersToday = try await store.children.lettersFinished(childID: child.id, on: today)
            let days = try await store.children.practiceDays(childID: child.id)
            let stickers = StickerBook.entries(course: scheduler.course, learner: child.learner)
            let newSticker = stickers.first { $0.earned && !stickersBefore.contains($0.group) }
            let roundDone = child.learner.round.map { $0.day == today && $0.isComplete } ?? false
            if newSticker != nil { say.append(AppPhrases.sticker) }
            if roundDone && !roundWasDone { say.append(AppPhrases.roundDone) }
            return .success(ProgressInfo(jar: DailyJar.fill(lettersToday: lettersToday, goal: child.settings.dailyGoal),
                                         roundDone: roundDone, streak: Streak.current(practiceDays: days, today: today),
                                         newSticker: newSticker?.sticker, say: say))
        } catch {
            return .failure(ProtocolError(.storageFailed, "the child's progress could not be stored: \(error)"))
        }
    }
}
