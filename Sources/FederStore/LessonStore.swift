import FederCore
import Foundation
import GRDB

/// Children, phase records and draft strokes.
public struct LessonStore: Sendable {
    let database: FederDatabase

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Ink with an infinite or NaN number: JSON cannot hold it (a live lesson filters such samples out).
        case inkNotFinite(lessonID: String)

        public var description: String {
            switch self {
            case .inkNotFinite(let lessonID): return "lesson \(lessonID): ink with a number that is not finite cannot be stored"
            }
        }
    }

    public init(database: FederDatabase) {
        self.database = database
    }

    /// The profiles in the same database.
    public var children: ChildStore { ChildStore(database: database) }

    /// The study's tables in the same database (a live session stores the child's paper rating).
    public var research: ResearchStore { ResearchStore(database: database) }

    // MARK: Children

    /// The child with this id, created with the default condition if it is new.
    public func child(id: String, now: Date = Date()) async throws -> ChildRecord {
        try await database.writer.write { db in
            if let existing = try ChildRecord.fetchOne(db, key: id) { return existing }
            // An id whose child an adult deleted is not made again (`ChildGone`).
            if try ChildStore.isDeleted(id, in: db) { throw ChildGone(id: id) }
            // A picture no child on "Wer schreibt heute?" has (a tablet that remembers an id from
            // another data folder must not add a second owl), the default only when all are taken.
            let avatar = try ChildStore.firstFreeAvatar(in: db) ?? ChildRecord.defaultAvatar
            let child = ChildRecord(id: id, createdAt: now, updatedAt: now, avatar: avatar)
            try child.insert(db)
            return child
        }
    }

    /// Stores the child's learner model only. A live session holds its own copy of the profile while
    /// adults (settings, name, course position) and the same child's other tabs or tablets may write
    /// it meanwhile: writing the session's copy back over theirs would undo their change.
    /// When the stored profile is still the one the session last read or wrote (its `updatedAt` is
    /// `previously`), one `UPDATE` of two columns writes the session's learner model and time: the
    /// profile is neither read nor rewritten (the usual case, once per letter). Otherwise, in the
    /// same transaction, the stored profile is read, the session's own changes are applied again on
    /// top of it (`rebase`: what the session did since it read the profile, such as the letters it
    /// finished) and written with the session's time; the profile so written is returned, for the
    /// session to go on from. A child that is gone is no error: nothing is written, nil is returned.
    @discardableResult
    public func saveLearner(of child: ChildRecord, previously: Date,
                            rebase: @escaping @Sendable (inout ChildRecord) -> Void) async throws -> ChildRecord? {
        let learner = try Self.learnerJSON(of: child)
        return try await database.writer.write { db in
            try Self.updateLearner(of: child, previously: previously, json: learner, rebase: rebase, in: db)
        }
    }

    /// A finished letter in one transaction: the learner model (as `saveLearner`, returning its
    /// rebased profile when there was one), the letter session when there is one (as
    /// `ChildStore.recordLetter`), and then the child's jar and streak on `day` (as
    /// `ChildStore.attendance`), the new session counted. A live session writes this once per
    /// letter; one transaction instead of three saves two trips to the writer.
    public func finishLetter(learnerOf child: ChildRecord, previously: Date, rebase: @escaping @Sendable (inout ChildRecord) -> Void,
                             session: LetterSessionRow?, attendanceOn day: CalendarDay) async throws -> (Attendance, ChildRecord?) {
        let learner = try Self.learnerJSON(of: child)
        return try await database.writer.write { db in
            let rebased = try Self.updateLearner(of: child, previously: previously, json: learner, rebase: rebase, in: db)
            if var session { try session.insert(db) }
            return (Attendance(lettersToday: try ChildStore.lettersFinished(childID: child.id, on: day, in: db),
                               practiceDays: try ChildStore.practiceDays(childID: child.id, in: db)), rebased)
        }
    }

    /// The same JSON as the record's own column encoding, so the row reads back as before.
    static func learnerJSON(of child: ChildRecord) throws -> String {
        String(decoding: try ChildRecord.databaseJSONEncoder(for: ChildRecord.Columns.learner.name).encode(child.learner), as: UTF8.self)
    }

    static func updateLearner(of child: ChildRecord, previously: Date, json learner: String,
                              rebase: (inout ChildRecord) -> Void, in db: Database) throws -> ChildRecord? {
        // Dates are bound in GRDB's stored text form, so the comparison is to the millisecond.
        let updatedAt = ChildRecord.Columns.updatedAt
        let unchanged = ChildRecord.filter(key: child.id).filter(updatedAt == previously)
        if try unchanged.updateAll(db, [ChildRecord.Columns.learner.set(to: learner), updatedAt.set(to: child.updatedAt)]) > 0 {
            return nil
        }
        guard var stored = try ChildRecord.fetchOne(db, key: child.id) else { return nil }
        rebase(&stored)
        stored.updatedAt = child.updatedAt
        try stored.update(db, columns: [ChildRecord.Columns.learner, updatedAt])
        return stored
    }

    public func save(_ child: ChildRecord) async throws {
        try await database.writer.write { db in try child.save(db) }
    }

    // MARK: Records

    /// Stores a finished phase attempt and removes its draft strokes, in one transaction.
    ///
    /// An attempt abandoned without ink (a connection closed on an empty slate) is not stored when
    /// the same attempt is already taken up again — it has a record or drafts, written by the page
    /// that resumed it on a new connection before the old one closed —: it would count the attempt
    /// twice and delete the resumed attempt's drafts. The row comes back without an id. Its direct
    /// taps, if any, go into the record that took the attempt up (`takeTaps`).
    @discardableResult
    public func save(_ row: PhaseRecordRow) async throws -> PhaseRecordRow {
        try await database.writer.write { db in
            if row.isInklessAbandonment, try Self.attemptIsTakenUp(row, in: db) { return try Self.giveTaps(of: row, in: db) }
            return try Self.insertClearingDrafts(row, in: db)
        }
    }

    /// A cut-off direct attempt whose attempt is taken up again: its taps go into the record that
    /// took it up — the one stored when it ended, else another part cut off or left — so that one
    /// attempt has one record; with none, it is stored for the resumed attempt to take them.
    static func giveTaps(of row: PhaseRecordRow, in db: Database) throws -> PhaseRecordRow {
        guard row.isCutOffAfterTaps else { return row }
        let others = try PhaseRecordRow.sameAttempt(as: row).fetchAll(db)
        if var takenUp = others.first(where: { $0.outcome != PhaseRecord.Outcome.abandoned.rawValue })
            ?? others.first(where: \.isCutOffAfterTaps) {
            takenUp.takeTaps(of: row)
            try takenUp.update(db)
            return row
        }
        return try insertClearingDrafts(row, in: db)
    }

    /// Whether another record or drafts of the same attempt exist.
    static func attemptIsTakenUp(_ row: PhaseRecordRow, in db: Database) throws -> Bool {
        let drafts = DraftStroke.Columns.lessonID == row.lessonID && DraftStroke.Columns.phase == row.phase
            && DraftStroke.Columns.attempt == row.attempt
        return try !PhaseRecordRow.sameAttempt(as: row).isEmpty(db) || !DraftStroke.filter(drafts).isEmpty(db)
    }

    /// Inserts a record and deletes the drafts of its attempt (call inside a write transaction).
    static func insertClearingDrafts(_ row: PhaseRecordRow, in db: Database) throws -> PhaseRecordRow {
        guard row.ink?.isStorable ?? true else { throw Failure.inkNotFinite(lessonID: row.lessonID) }
        var row = row
        try StoredLesson.ensure(id: row.lessonID, childID: row.childID, in: db)
        try row.insert(db)
        try DraftStroke
            .filter(DraftStroke.Columns.lessonID == row.lessonID && DraftStroke.Columns.phase == row.phase
                    && DraftStroke.Columns.attempt == row.attempt)
            .deleteAll(db)
        return row
    }

    public func appendDraft(_ stroke: DraftStroke) async throws {
        guard stroke.samples.isStorable else { throw Failure.inkNotFinite(lessonID: stroke.lessonID) }
        try await database.writer.write { db in
            var stroke = stroke
            try StoredLesson.ensure(id: stroke.lessonID, childID: stroke.childID, in: db)
            try stroke.insert(db)
        }
    }

    /// Stores records that never had drafts (generated or imported ones) in one transaction.
    public func insert(_ rows: [PhaseRecordRow]) async throws {
        try await database.writer.write { db in
            for var row in rows {
                guard row.ink?.isStorable ?? true else { throw Failure.inkNotFinite(lessonID: row.lessonID) }
                try StoredLesson.ensure(id: row.lessonID, childID: row.childID, in: db)
                try row.insert(db)
            }
        }
    }

    public func record(id: Int64) async throws -> PhaseRecordRow? {
        try await database.writer.read { db in try PhaseRecordRow.fetchOne(db, key: id) }
    }

    /// Newest first.
    public func recentRecords(limit: Int = 20, childID: String? = nil) async throws -> [PhaseRecordRow] {
        try await database.writer.read { db in
            var request = PhaseRecordRow.order(PhaseRecordRow.Columns.id.desc).limit(max(0, min(limit, 1000)))
            if let childID { request = request.filter(PhaseRecordRow.Columns.childID == childID) }
            return try request.fetchAll(db)
        }
    }

    public func recordCount() async throws -> Int {
        try await database.writer.read { db in try PhaseRecordRow.fetchCount(db) }
    }

    public func draftCount() async throws -> Int {
        try await database.writer.read { db in try DraftStroke.fetchCount(db) }
    }
}
