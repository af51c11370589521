import FederCore
import Foundation
import GRDB

// What an interrupted lesson left behind, and how its finished attempt replaces the pieces.
extension LessonStore {
    /// The lesson of the child's latest phase record (nil when it has none).
    public func latestLessonID(childID: String) async throws -> String? {
        try await database.writer.read { db in
            try String.fetchOne(db, PhaseRecordRow.filter(PhaseRecordRow.Columns.childID == childID)
                .order(PhaseRecordRow.Columns.id.desc).select(PhaseRecordRow.Columns.lessonID))
        }
    }

    /// The stored records of one lesson of one child, oldest first.
    public func lessonRecords(lessonID: String, childID: String) async throws -> [PhaseRecordRow] {
        try await database.writer.read { db in
            try PhaseRecordRow.filter(PhaseRecordRow.Columns.lessonID == lessonID && PhaseRecordRow.Columns.childID == childID)
                .order(PhaseRecordRow.Columns.id).fetchAll(db)
        }
    }

    /// The condition the lesson's waiting draft strokes were written in — the lesson's own, fixed
    /// at its start — if it has any: a lesson with no finished attempt yet (guided tracing only)
    /// resumes in it, not in an arm the child was moved to meanwhile.
    public func draftCondition(lessonID: String, childID: String) async throws -> StudyCondition? {
        try await database.writer.read { db in
            try DraftStroke.filter(DraftStroke.Columns.lessonID == lessonID && DraftStroke.Columns.childID == childID)
                .order(DraftStroke.Columns.id).fetchOne(db)?.condition
        }
    }

    /// Whether the lesson is another child's, so that this child cannot resume it: stored for
    /// another child, or handed out to or resumed by another child since start-up and not stored
    /// yet. A page on a shared tablet may still hold the last child's lesson, and a page may name any
    /// id: a lesson is one child's, or a deleted child would take the other's records with it.
    public func lessonIsAnotherChilds(lessonID: String, childID: String) async throws -> Bool {
        let stored = try await database.writer.read { db in try StoredLesson.fetchOne(db, key: lessonID) }
        if let stored, stored.childID != childID { return true }
        return database.lessonClaims.owner(of: lessonID).map { $0 != childID } ?? false
    }

    /// Claims the lesson for this child from here on: a new one when it is handed out, one to resume
    /// once it is served (not before: a refused resume claims nothing). False when another child
    /// claimed it first.
    public func claimLesson(_ lessonID: String, for childID: String) -> Bool {
        database.lessonClaims.claim(lessonID, for: childID)
    }

    /// The ink this child kept of an interrupted attempt: strokes of records recovered from drafts
    /// (a server restart), then draft strokes still waiting (a dropped connection), in writing order;
    /// and when the attempt first began (its wall-clock start, which the resumed attempt keeps).
    public func keptStrokes(lessonID: String, childID: String, phase: String, attempt: Int) async throws -> KeptAttempt? {
        try await database.writer.read { db -> KeptAttempt? in
            let recovered = try PhaseRecordRow.recoveredFromDrafts(lessonID: lessonID, phase: phase, attempt: attempt)
                .filter(PhaseRecordRow.Columns.childID == childID)
                .order(PhaseRecordRow.Columns.id).fetchAll(db)
            let drafts = try DraftStroke
                .filter(DraftStroke.Columns.lessonID == lessonID && DraftStroke.Columns.childID == childID
                        && DraftStroke.Columns.phase == phase && DraftStroke.Columns.attempt == attempt)
                .order(DraftStroke.Columns.strokeIndex).fetchAll(db)
            let strokes = recovered.flatMap { $0.ink?.strokes ?? [] } + drafts.map(\.samples)
            guard !strokes.isEmpty else { return nil }
            let pointer = drafts.first?.pointer ?? recovered.compactMap(\.ink?.pointer).first ?? .touch
            let began = (recovered.map(\.startedAt) + drafts.map(\.startedAt)).min()!
            return KeptAttempt(ink: Ink(pointer: pointer, strokes: strokes), began: began)
        }
    }

    /// Stores a finished attempt of a resumed lesson: its drafts go, and so do records recovered
    /// from its earlier drafts — but only those whose every stroke is in the new record's ink, so
    /// nothing stored is ever lost — and the record of the same attempt abandoned without ink when
    /// the connection closed on an empty slate (the attempt went on after all; kept, it counted the
    /// attempt twice). Like `save`, an ink-less abandonment of an attempt already taken up again
    /// (a resumed connection closing after a newer one resumed the same attempt) is not stored.
    /// A direct attempt cut off after taps is not lost with its record: the record stored takes its
    /// taps (`takeTaps`), so they are kept and the attempt counts once.
    @discardableResult
    public func saveResumed(_ row: PhaseRecordRow) async throws -> PhaseRecordRow {
        try await database.writer.write { db in
            if row.isInklessAbandonment, try Self.attemptIsTakenUp(row, in: db) { return try Self.giveTaps(of: row, in: db) }
            var row = row
            let cutOff = try PhaseRecordRow.sameAttempt(as: row).fetchAll(db).filter(\.isCutOffAfterTaps)
            for part in cutOff.sorted(by: { $0.startedAt > $1.startedAt }) {
                row.takeTaps(of: part)  // the latest first, so that the parts stand in the order they began
            }
            row = try Self.insertClearingDrafts(row, in: db)
            let recovered = try PhaseRecordRow.recoveredFromDrafts(lessonID: row.lessonID, phase: row.phase, attempt: row.attempt)
                .filter(PhaseRecordRow.Columns.id != row.id)
                .fetchAll(db)
            let kept = row.ink?.strokes ?? []
            for old in recovered where (old.ink?.strokes ?? []).allSatisfy({ kept.contains($0) }) {
                try old.delete(db)
            }
            let leftEmpty = try PhaseRecordRow.filter(PhaseRecordRow.Columns.lessonID == row.lessonID
                    && PhaseRecordRow.Columns.phase == row.phase && PhaseRecordRow.Columns.attempt == row.attempt
                    && PhaseRecordRow.Columns.id != row.id && PhaseRecordRow.Columns.recovered == false
                    && PhaseRecordRow.Columns.outcome == PhaseRecord.Outcome.abandoned.rawValue)
                .fetchAll(db)
            for old in leftEmpty where old.isInklessAbandonment { try old.delete(db) }
            return row
        }
    }
}

/// What an interrupted attempt left: its strokes, and when it began.
public struct KeptAttempt: Sendable, Equatable {
    public var ink: Ink
    /// The attempt's wall-clock start before the interruption.
    public var began: Date

    public init(ink: Ink, began: Date) { self.ink = ink; self.began = began }
}
