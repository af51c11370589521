import FederCore
import Foundation
import GRDB

/// A child that is not (or no longer) stored: an adult deleted it.
public struct ChildGone: Error, Equatable, Sendable {
    public var id: String
}

/// Another child on "Wer schreibt heute?" already has this picture: a child who cannot read finds
/// itself by its animal and colour alone, so two children in the class never share them.
public struct AvatarTaken: Error, Equatable, Sendable {
    public var avatar: Avatar
}

/// Profiles and their letter sessions: who writes on this server, and what they finished when.
public struct ChildStore: Sendable {
    let database: FederDatabase

    public init(database: FederDatabase) {
        self.database = database
    }

    // MARK: Profiles

    /// Active profiles (oldest first), for "Wer schreibt heute?".
    public func profiles(includeArchived: Bool = false) async throws -> [ChildRecord] {
        try await database.writer.read { db in
            var request = ChildRecord.order(ChildRecord.Columns.createdAt, ChildRecord.Columns.id)
            if !includeArchived { request = request.filter(ChildRecord.Columns.archivedAt == nil) }
            return try request.fetchAll(db)
        }
    }

    /// A new profile with a fresh pseudonymous id.
    /// Throws `AvatarTaken` when a child shown on "Wer schreibt heute?" (not archived) has the avatar.
    public func create(avatar: Avatar, displayName: String? = nil, now: Date) async throws -> ChildRecord {
        let child = ChildRecord(id: UUID().uuidString.lowercased(), createdAt: now, updatedAt: now,
                                displayName: displayName, avatar: avatar)
        try await database.writer.write { db in
            if try Self.avatarShown(avatar, besides: child.id, in: db) { throw AvatarTaken(avatar: avatar) }
            try child.insert(db)
        }
        return child
    }

    /// An avatar that no child on "Wer schreibt heute?" shows, from the end of the lists (the last
    /// colour's animals first, backwards: a class's chosen pictures tend to come from the front);
    /// nil when the class has all 72.
    static func firstFreeAvatar(in db: Database) throws -> Avatar? {
        let shown = Set(try ChildRecord.filter(ChildRecord.Columns.archivedAt == nil).fetchAll(db).map { "\($0.animal.rawValue)/\($0.colour.rawValue)" })
        for colour in AvatarColour.allCases.reversed() {
            for animal in Animal.allCases.reversed() where !shown.contains("\(animal.rawValue)/\(colour.rawValue)") {
                return Avatar(animal: animal, colour: colour)
            }
        }
        return nil
    }

    /// Whether a child other than `id` that is not archived shows this avatar.
    static func avatarShown(_ avatar: Avatar, besides id: String, in db: Database) throws -> Bool {
        try ChildRecord
            .filter(ChildRecord.Columns.animal == avatar.animal.rawValue && ChildRecord.Columns.colour == avatar.colour.rawValue)
            .filter(ChildRecord.Columns.archivedAt == nil && ChildRecord.Columns.id != id)
            .fetchCount(db) > 0
    }

    public func find(id: String) async throws -> ChildRecord? {
        try await database.writer.read { db in try ChildRecord.fetchOne(db, key: id) }
    }

    /// Whether a child of this id is stored (for commands that run without concurrency).
    public func exists(id: String) throws -> Bool {
        try database.writer.read { db in try ChildRecord.exists(db, key: id) }
    }

    /// The stored profile if it was written since `known` (its `updatedAt`), nil when it was not.
    /// A live session asks at every letter; the profile, learner model included, is decoded only
    /// when someone changed it. Dates are compared as stored (to the millisecond, in GRDB's text
    /// form), so the `updatedAt` a connection read or wrote matches. Throws `ChildGone` when there is
    /// no such child (an adult deleted it while it was writing).
    public func find(id: String, ifUpdatedOtherThan known: Date) async throws -> ChildRecord? {
        try await database.writer.read { db in
            let changed = try ChildRecord.filter(key: id).select(ChildRecord.Columns.updatedAt != known, as: Bool.self).fetchOne(db)
            guard let changed else { throw ChildGone(id: id) }
            return changed ? try ChildRecord.fetchOne(db, key: id) : nil
        }
    }

    /// What became of a deletion on disk.
    public struct Deletion: Sendable, Equatable {
        /// The write-ahead log was folded into the file and emptied. False while a reader (an
        /// export being written) held it, or when emptying it failed (`logFailure`): the log then
        /// keeps the deleted rows until the next deletion empties it or the server stops.
        public var logEmptied: Bool
        /// Why the file could not be rebuilt, when it had to be (a file an older version wrote that
        /// start-up could not rebuild) and that failed or was not tried for lack of disk space: the
        /// child is deleted all the same, its rows overwritten; free space left by the older version
        /// may still hold old drafts.
        public var rebuildFailure: String?
        /// Why emptying the log failed, when it did (rather than waiting for a reader).
        public var logFailure: String?

        public init(logEmptied: Bool, rebuildFailure: String? = nil, logFailure: String? = nil) {
            self.logEmptied = logEmptied
            self.rebuildFailure = rebuildFailure
            self.logFailure = logFailure
        }
    }

    /// Deletes the child and everything stored about it — profile, lessons, phase records, stroke
    /// drafts, letter sessions, study enrolment, arm changes, paper ratings (the schema's foreign
    /// keys cascade from the profile) — and keeps only its random id, so that a tablet that still
    /// remembers it is told instead of bringing it back. Deleted rows are overwritten
    /// (`secure_delete`, on for every connection: the freed pages and the rest of each page are
    /// zeroed); a file whose free space an older version may have left holding deleted drafts is
    /// rebuilt first (`FederDatabase.overwriteFreeSpace()`, which start-up normally did already:
    /// every live write waits for it; it is not tried when the disk has less free space than it
    /// needs; when it fails or is not tried, `Deletion.rebuildFailure` says why and the deletion
    /// stands). The write-ahead log, which still holds the pages as they
    /// were, is then folded into the file and emptied, tried for up to two seconds while readers
    /// hold it. Returns nil when there was no such child.
    public func delete(id: String, now: Date) async throws -> Deletion? {
        let deleted = try await database.writer.write { db -> Bool in
            guard try ChildRecord.deleteOne(db, key: id) else { return false }
            try db.execute(sql: "INSERT OR REPLACE INTO deletedChild (id, deletedAt) VALUES (?, ?)", arguments: [id, now])
            return true
        }
        guard deleted else { return nil }
        guard database.file != nil else { return Deletion(logEmptied: true) }
        // Asked and done on the writer, so that two deletions at once do not both rebuild. Not
        // tried without the disk space it needs: a rebuild failing half-way would fill the disk,
        // and every tablet's writes would fail until it gave up.
        let file = database.file
        var rebuildFailure: String?
        do {
            try await database.writer.writeWithoutTransaction { db in
                if try FederDatabase.freeSpaceMayHoldDeletedData(db) {
                    try FederDatabase.overwriteFreeSpace(db, checkingSpaceBeside: file)
                }
            }
        } catch {
            rebuildFailure = "\(error)"
        }
        // The child is deleted from here on, whatever happens to the log.
        for _ in 0..<10 {
            let busy: Int
            do {
                // The first column of the checkpoint's answer is 1 while a reader kept it from finishing.
                busy = try await database.writer.writeWithoutTransaction { db in
                    try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") ?? 1
                }
            } catch {
                return Deletion(logEmptied: false, rebuildFailure: rebuildFailure, logFailure: "\(error)")
            }
            if busy == 0 { return Deletion(logEmptied: true, rebuildFailure: rebuildFailure) }
            try await Task.sleep(for: .milliseconds(200))
        }
        return Deletion(logEmptied: false, rebuildFailure: rebuildFailure)
    }

    /// Whether an adult deleted the child of this id.
    public func isDeleted(id: String) async throws -> Bool {
        try await database.writer.read { db in try Self.isDeleted(id, in: db) }
    }

    static func isDeleted(_ id: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM deletedChild WHERE id = ?)", arguments: [id]) ?? false
    }

    /// Changes a stored profile; returns the updated record, or nil if there is no such child.
    /// Throws `AvatarTaken`, changing nothing, when the change gives the child (or, restored from
    /// the archive, brings back) the avatar of another child on "Wer schreibt heute?"; two children
    /// that shared one before this rule keep it until an adult changes one of them.
    public func update(id: String, now: Date, _ change: @Sendable (inout ChildRecord) -> Void) async throws -> ChildRecord? {
        try await database.writer.write { db in
            guard var child = try ChildRecord.fetchOne(db, key: id) else { return nil }
            let before = child
            change(&child)
            let showsAnother = child.avatar != before.avatar || (before.archivedAt != nil && child.archivedAt == nil)
            if showsAnother, child.archivedAt == nil, try Self.avatarShown(child.avatar, besides: id, in: db) {
                throw AvatarTaken(avatar: child.avatar)
            }
            child.updatedAt = now
            try child.update(db)
            return child
        }
    }

    // MARK: Letter sessions

    public func recordLetter(_ row: LetterSessionRow) async throws {
        try await database.writer.write { db in
            var row = row
            try row.insert(db)
        }
    }

    /// Days on which the child finished at least one letter.
    public func practiceDays(childID: String) async throws -> Set<CalendarDay> {
        try await database.writer.read { db in try Self.practiceDays(childID: childID, in: db) }
    }

    /// The last day the child practised: a letter finished or left (a letter session, in either
    /// world), a phase of a letter begun (a phase record, watching included) or a stroke kept of an
    /// attempt not yet stored (a draft) — each on the day it began in `timeZone` — so a child who
    /// practised today and went home part-way practised today; nil before any of these. The class
    /// list's "Zuletzt geübt" (until 2026-11-30 the last day with a finished letter).
    public func lastWritten(childID: String, timeZone: TimeZone) async throws -> CalendarDay? {
        try await database.writer.read { db in
            let session = try LetterSessionRow
                .filter(LetterSessionRow.Columns.childID == childID)
                .select(max(LetterSessionRow.Columns.day), as: String.self)
                .fetchOne(db).flatMap(CalendarDay.init)
            let phase = try Self.lastPhaseRequest(childID: childID).fetchOne(db)
            let draft = try DraftStroke
                .filter(DraftStroke.Columns.childID == childID)
                .select(max(DraftStroke.Columns.startedAt), as: Date.self)
                .fetchOne(db)
            let began = [phase, draft].compactMap { $0 }.map { CalendarDay($0, timeZone: timeZone) }
            return (began + [session].compactMap { $0 }).max()
        }
    }

    /// When the child's latest phase record began (answered from `phaseRecord_on_child_startedAt`;
    /// a test checks the plan).
    static func lastPhaseRequest(childID: String) -> QueryInterfaceRequest<Date> {
        PhaseRecordRow
            .filter(PhaseRecordRow.Columns.childID == childID)
            .select(max(PhaseRecordRow.Columns.startedAt), as: Date.self)
    }

    /// Letters finished on `day` in Schule (the jar counts these).
    public func lettersFinished(childID: String, on day: CalendarDay) async throws -> Int {
        try await database.writer.read { db in try Self.lettersFinished(childID: childID, on: day, in: db) }
    }

    /// The jar's letters of `day` and the practice days, read together (once per finished letter).
    public func attendance(childID: String, on day: CalendarDay) async throws -> Attendance {
        try await database.writer.read { db in
            Attendance(lettersToday: try Self.lettersFinished(childID: childID, on: day, in: db),
                       practiceDays: try Self.practiceDays(childID: childID, in: db))
        }
    }

    static func practiceDays(childID: String, in db: Database) throws -> Set<CalendarDay> {
        Set(try practiceDaysRequest(childID: childID).fetchAll(db).compactMap(CalendarDay.init))
    }

    static func lettersFinished(childID: String, on day: CalendarDay, in db: Database) throws -> Int {
        try lettersFinishedRequest(childID: childID, on: day).fetchCount(db)
    }

    // The two reads of every finished letter; the index `letterSession_on_child_completed_day`
    // answers both without visiting the child's older session rows (a test checks the plan).
    static func practiceDaysRequest(childID: String) -> QueryInterfaceRequest<String> {
        LetterSessionRow
            .select(LetterSessionRow.Columns.day, as: String.self).distinct()
            .filter(LetterSessionRow.Columns.childID == childID && LetterSessionRow.Columns.completed == true)
    }

    static func lettersFinishedRequest(childID: String, on day: CalendarDay) -> QueryInterfaceRequest<LetterSessionRow> {
        LetterSessionRow
            .filter(LetterSessionRow.Columns.childID == childID && LetterSessionRow.Columns.day == day.description
                    && LetterSessionRow.Columns.completed == true && LetterSessionRow.Columns.world == LetterSessionRow.World.schule.rawValue)
    }
}

/// What a child's jar and streak are made of.
public struct Attendance: Sendable, Equatable {
    /// Schule letters finished on the day asked for.
    public var lettersToday: Int
    /// Days with at least one finished letter.
    public var practiceDays: Set<CalendarDay>

    public init(lettersToday: Int, practiceDays: Set<CalendarDay>) {
        self.lettersToday = lettersToday
        self.practiceDays = practiceDays
    }
}
