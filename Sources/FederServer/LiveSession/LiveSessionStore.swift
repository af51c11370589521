import FederCore
import FederStore
import Foundation

/// Everything a live session reads and writes. The server uses `LessonStore` (the SQLite file);
/// tests put a store in its place that fails on demand, to see that no failure goes unanswered.
protocol LiveSessionStore: Sendable {
    func child(id: String, now: Date) async throws -> ChildRecord
    /// The stored profile when its `updatedAt` is no longer `known`; nil when unchanged or gone.
    func changedChild(id: String, since known: Date) async throws -> ChildRecord?
    func updateChild(id: String, now: Date, _ change: @Sendable (inout ChildRecord) -> Void) async throws -> ChildRecord?
    /// The learner model and `updatedAt`; when the stored profile is no longer `previously`, the
    /// session's changes applied again on top of it (`rebase`), and that profile returned.
    func saveLearner(of child: ChildRecord, previously: Date, rebase: @escaping @Sendable (inout ChildRecord) -> Void) async throws -> ChildRecord?
    func recordLetter(_ row: LetterSessionRow) async throws
    func attendance(childID: String, on day: CalendarDay) async throws -> Attendance
    /// `saveLearner`, `recordLetter` (when there is a session) and `attendance` in one transaction:
    /// all or nothing.
    func finishLetter(learnerOf child: ChildRecord, previously: Date, rebase: @escaping @Sendable (inout ChildRecord) -> Void,
                      session: LetterSessionRow?, attendanceOn day: CalendarDay) async throws -> (Attendance, ChildRecord?)

    func save(_ row: PhaseRecordRow) async throws -> PhaseRecordRow
    func saveResumed(_ row: PhaseRecordRow) async throws -> PhaseRecordRow
    func appendDraft(_ stroke: DraftStroke) async throws
    func recoverDrafts(childID: String, except lessonID: String?, judge: InterruptedAttemptJudge?) async throws -> Int
    func lessonRecords(lessonID: String, childID: String) async throws -> [PhaseRecordRow]
    /// Whether the lesson is another child's (`LessonStore.lessonIsAnotherChilds`).
    func lessonIsAnotherChilds(lessonID: String, childID: String) async throws -> Bool
    /// Claims it for this child from now on; false when another child did first.
    func claimLesson(_ lessonID: String, for childID: String) -> Bool
    func keptStrokes(lessonID: String, childID: String, phase: String, attempt: Int) async throws -> KeptAttempt?
    func draftCondition(lessonID: String, childID: String) async throws -> StudyCondition?
    /// Whether an adult deleted the child of this id (false when that cannot be read).
    func isDeleted(childID: String) async -> Bool
    /// The child's own paper-transfer rating of a letter it finished.
    func addPaperRating(_ rating: PaperRatingWrite) async throws
    /// The face the child gave the lesson on paper, if it rated it.
    func childsPaperFace(lessonID: String, childID: String) async throws -> PaperFace?
    /// The lesson of the child's latest stored record.
    func latestLessonID(childID: String) async throws -> String?
}

extension LessonStore: LiveSessionStore {
    func isDeleted(childID: String) async -> Bool {
        (try? await children.isDeleted(id: childID)) ?? false
    }

    func changedChild(id: String, since known: Date) async throws -> ChildRecord? {
        try await children.find(id: id, ifUpdatedOtherThan: known)
    }

    func updateChild(id: String, now: Date, _ change: @Sendable (inout ChildRecord) -> Void) async throws -> ChildRecord? {
        try await children.update(id: id, now: now, change)
    }

    func recordLetter(_ row: LetterSessionRow) async throws { try await children.recordLetter(row) }

    func addPaperRating(_ rating: PaperRatingWrite) async throws {
        func add(lessonID: String?) async throws {
            try await research.addPaperRating(childID: rating.childID, lessonID: lessonID, script: rating.script,
                                              glyph: rating.glyph, face: rating.face, ratedBy: "child", note: nil,
                                              now: rating.ratedAt)
        }
        do {
            try await add(lessonID: rating.lessonID)
        } catch ResearchStore.Failure.unknownLesson {
            // None of the lesson's records was ever stored (given up after failing for long): the
            // face is kept without its lesson rather than waiting for ever ahead of later writes.
            try await add(lessonID: nil)
        }
    }

    func childsPaperFace(lessonID: String, childID: String) async throws -> PaperFace? {
        try await research.paperFace(childID: childID, lessonID: lessonID, ratedBy: "child")
    }

    func attendance(childID: String, on day: CalendarDay) async throws -> Attendance {
        try await children.attendance(childID: childID, on: day)
    }
}

/// One change a connection made to its child's learner model, kept until it is stored so that it
/// can be applied again to a profile someone else wrote meanwhile.
typealias LearnerChange = @Sendable (inout ChildRecord) -> Void

extension [LearnerChange] {
    /// All of them, in order, as one change.
    var combined: LearnerChange {
        let changes = self
        return { child in for change in changes { change(&child) } }
    }
}
