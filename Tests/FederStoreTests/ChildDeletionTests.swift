import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

/// An adult deletes a child: every row about it goes, in every table that names a child, another
/// child's rows stay, the id cannot come back as a new profile, and the deleted data is not left in
/// the database file or its write-ahead log.
@Suite("Deleting a child")
struct ChildDeletionTests {
    static let start = Date(timeIntervalSince1970: 1_795_420_800)

    func record(lesson: String, child: String) -> PhaseRecordRow {
        PhaseRecordRow(lessonID: lesson, childID: child, condition: .threePhase, script: "druck", glyph: "a", variant: "standard",
                       phase: "guided", attempt: 1, outcome: "passed", completed: true, pointer: .pen,
                       startedAt: Self.start, endedAt: Self.start.addingTimeInterval(4), activeSeconds: 4, score: 0.8, stars: 2,
                       record: nil, ink: Ink(pointer: .pen, strokes: [[PenSample(x: 1, y: 2, t: 0), PenSample(x: 2, y: 3, t: 0.1)]]))
    }

    func draft(lesson: String, child: String) -> DraftStroke {
        DraftStroke(lessonID: lesson, childID: child, condition: .threePhase, script: "druck", glyph: "a", variant: "standard",
                    phase: "freeWrite", attempt: 1, pointer: .pen, startedAt: Self.start, strokeIndex: 0,
                    samples: [PenSample(x: 1, y: 1, t: 0)])
    }

    /// A child with a nickname, a lesson with a record and a draft, a letter session, a study
    /// enrolment with an arm change, and a paper rating.
    func practised(_ name: String, _ avatar: Avatar, lessons: LessonStore, research: ResearchStore) async throws -> String {
        let child = try await lessons.children.create(avatar: avatar, displayName: name, now: Self.start)
        let lesson = "lesson-\(child.id)"
        _ = try await lessons.save(record(lesson: lesson, child: child.id))
        try await lessons.appendDraft(draft(lesson: lesson, child: child.id))
        try await lessons.children.recordLetter(LetterSessionRow(childID: child.id, lessonID: lesson, world: .schule, script: "druck",
                                                                 glyph: "a", day: CalendarDay(Self.start, timeZone: .gmt),
                                                                 finishedAt: Self.start, completed: true, stars: 2, performance: 0.8))
        _ = try await research.enrol(childID: child.id, consentDate: "2026-11-20", consentBy: .parent, consentReference: "form 1", now: Self.start)
        try await research.overrideArm(childID: child.id, to: .control, by: "R1", reason: "test", now: Self.start)
        _ = try await research.addPaperRating(childID: child.id, lessonID: lesson, script: "druck", glyph: "a", face: .almost,
                                              ratedBy: "adult", note: nil, now: Self.start)
        return child.id
    }

    /// Rows per table that has a `childID` column, for one child.
    func rows(of child: String, in database: FederDatabase) throws -> [String: Int] {
        try database.writer.read { db in
            var counts: [String: Int] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                let columns = try db.columns(in: table).map(\.name)
                let key = table == "child" ? "id" : "childID"
                guard columns.contains(key) else { continue }
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(key) = ?", arguments: [child])
            }
            return counts
        }
    }

    @Test func everythingAboutTheChildGoesAndNothingOfAnotherChild() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feder-delete-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try FederDatabase(directory: folder)
        let lessons = LessonStore(database: database), research = ResearchStore(database: database)
        try await research.setStudy(active: true, now: Self.start)
        let mia = try await practised("Zaubermaus Mia", Avatar(animal: .igel, colour: .blau), lessons: lessons, research: research)
        let fox = try await practised("Fuchsbau Fritz", Avatar(animal: .fuchs, colour: .rot), lessons: lessons, research: research)

        let before = try rows(of: mia, in: database)
        for table in ["child", "lesson", "phaseRecord", "draftStroke", "letterSession", "researchEnrolment", "researchArmChange",
                      "researchPaperRating", "researchConsentEvent"] {
            #expect((before[table] ?? 0) > 0, "the test fills \(table)")
        }
        #expect(try await lessons.children.delete(id: mia, now: Self.start.addingTimeInterval(60)) == ChildStore.Deletion(logEmptied: true))
        let after = try rows(of: mia, in: database)
        #expect(after.keys.sorted() == before.keys.sorted() && after.values.allSatisfy { $0 == 0 }, "\(after)")
        let kept = try rows(of: fox, in: database)
        #expect(kept.keys.sorted() == before.keys.sorted() && kept.values.allSatisfy { $0 > 0 }, "the other child keeps every row: \(kept)")

        // The id cannot come back: a tablet that remembers it is told, and a second delete finds nothing.
        await #expect(throws: ChildGone(id: mia)) { try await lessons.child(id: mia, now: Self.start) }
        await #expect(throws: ChildGone(id: mia)) { try await lessons.children.find(id: mia, ifUpdatedOtherThan: Self.start) }
        #expect(try await lessons.children.delete(id: mia, now: Self.start) == nil)

        // Not left on disk: neither the database file nor its log holds the deleted nickname; the
        // other child's does appear (so the search would find it).
        let file = try #require(database.file)
        var bytes = try Data(contentsOf: file)
        if let log = try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal")) { bytes += log }
        #expect(bytes.range(of: Data("Fuchsbau Fritz".utf8)) != nil)
        #expect(bytes.range(of: Data("Zaubermaus Mia".utf8)) == nil, "the deleted child's name is still in the file")
    }

    /// Drafts are deleted every time their record is stored, long before any child is deleted: what
    /// they held must not wait in the file's free space either (found by a review: a checkpoint
    /// between the draft and its record left the draft's samples readable in a freed page).
    @Test func inkOfTheDeletedChildIsNotLeftInFreeSpace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feder-delete-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try FederDatabase(directory: folder)
        let lessons = LessonStore(database: database)
        func checkpoint() async throws {
            try await database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        func write(_ child: String, draft x: Double, record y: Double) async throws {
            let lesson = "lesson-\(child)"
            var stroke = draft(lesson: lesson, child: child)
            stroke.phase = "guided"
            stroke.samples = (0..<40).map { PenSample(x: x, y: Double($0), t: Double($0) / 100) }
            try await lessons.appendDraft(stroke)
            try await checkpoint()  // the draft's page is in the file now
            var row = record(lesson: lesson, child: child)
            row.ink = Ink(pointer: .pen, strokes: [(0..<40).map { PenSample(x: y, y: Double($0), t: Double($0) / 100) }])
            _ = try await lessons.save(row)  // stores the record and deletes the draft
            try await checkpoint()
        }
        let mia = try await lessons.children.create(avatar: Avatar(animal: .igel, colour: .blau), now: Self.start).id
        let fox = try await lessons.children.create(avatar: Avatar(animal: .fuchs, colour: .rot), now: Self.start).id
        try await write(mia, draft: 77.12345, record: 66.54321)
        try await write(fox, draft: 55.24681, record: 44.13579)
        #expect(try await lessons.children.delete(id: mia, now: Self.start)?.logEmptied == true)
        let file = try #require(database.file)
        var bytes = try Data(contentsOf: file)
        if let log = try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal")) { bytes += log }
        #expect(bytes.range(of: Data("44.13579".utf8)) != nil, "the other child's record is there to be found")
        #expect(bytes.range(of: Data("77.12345".utf8)) == nil, "the deleted child's draft is still readable")
        #expect(bytes.range(of: Data("66.54321".utf8)) == nil, "the deleted child's record is still readable")
    }

    /// A file this version made is never rebuilt: rebuilding a class's year of data held every
    /// write for seconds (docs/PERFORMANCE.md), and `secure_delete` already overwrites what a
    /// deletion frees. `VACUUM` leaves no free page, so free pages after the deletion show it did
    /// not run.
    @Test func aDeletionOnAFileThisVersionMadeDoesNotRebuildIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feder-delete-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try FederDatabase(directory: folder)
        #expect(try database.freeSpaceMayHoldDeletedData() == false)
        let lessons = LessonStore(database: database)
        let mia = try await lessons.children.create(avatar: Avatar(animal: .igel, colour: .blau), now: Self.start).id
        _ = try await lessons.children.create(avatar: Avatar(animal: .fuchs, colour: .rot), now: Self.start)
        for n in 0..<20 {
            var row = record(lesson: "lesson-\(n)", child: mia)
            row.ink = Ink(pointer: .pen, strokes: [(0..<400).map { PenSample(x: 12.34567, y: Double($0), t: Double($0) / 100) }])
            _ = try await lessons.save(row)
        }
        #expect(try await lessons.children.delete(id: mia, now: Self.start)?.logEmptied == true)
        let freePages = try await database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0 }
        #expect(freePages > 0, "the file was rebuilt although nothing older was in it")
        let file = try #require(database.file)
        #expect(try Data(contentsOf: file).range(of: Data("12.34567".utf8)) == nil, "the deleted child's ink is still readable")
    }

    /// A file an older version wrote may hold, in its free space, drafts deleted without being
    /// overwritten (SQLite's default where it is not built with secure delete): it is rebuilt once —
    /// here by the deletion of a child, as when start-up could not — and marked, so that it is not
    /// rebuilt again.
    @Test func aFileAnOlderVersionWroteIsRebuiltOnceAndItsOldDraftsGo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feder-delete-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = DataDirectory.databaseFile(in: folder)
        var mia = ""
        do {
            let database = try FederDatabase(directory: folder)
            let lessons = LessonStore(database: database)
            mia = try await lessons.children.create(avatar: Avatar(animal: .igel, colour: .blau), now: Self.start).id
            _ = try await lessons.children.create(avatar: Avatar(animal: .fuchs, colour: .rot), now: Self.start)
            var stroke = draft(lesson: "lesson-old", child: mia)
            stroke.samples = (0..<200).map { PenSample(x: 98.76543, y: Double($0), t: Double($0) / 100) }
            try await lessons.appendDraft(stroke)
            try await database.writer.writeWithoutTransaction { db in _ = try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        // What an older version did: its draft deleted without overwriting, and no mark on the file.
        do {
            let old = try DatabaseQueue(path: file.path)
            try await old.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA secure_delete = OFF")
                try db.execute(sql: "DELETE FROM draftStroke")
                try db.execute(sql: "PRAGMA user_version = 0")
                _ = try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }
        let database = try FederDatabase(directory: folder)
        #expect(try database.freeSpaceMayHoldDeletedData())
        // Checked just before the deletion, with nothing written since the older version's.
        #expect(try Data(contentsOf: file).range(of: Data("98.76543".utf8)) != nil, "the older version's deleted draft is there to be found")
        let lessons = LessonStore(database: database)
        #expect(try await lessons.children.delete(id: mia, now: Self.start) == ChildStore.Deletion(logEmptied: true))
        #expect(try Data(contentsOf: file).range(of: Data("98.76543".utf8)) == nil, "the older version's deleted draft is still readable")
        #expect(try database.freeSpaceMayHoldDeletedData() == false)
        #expect(try FederDatabase(directory: folder).freeSpaceMayHoldDeletedData() == false, "the mark does not last")
    }
}
