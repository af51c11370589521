import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

/// The database keeps child → lessons → records whole and holds only phases and outcomes the engine
/// knows; a database from before these keys gains them without losing a row.
@Suite("Foreign keys and checked values")
struct SchemaKeysTests {
    func row(lesson: String = "L1", child: String? = "c1", phase: String = "guided", outcome: String = "passed") -> PhaseRecordRow {
        PhaseRecordRow(lessonID: lesson, childID: child, condition: .threePhase, script: "druck", glyph: "a", variant: "standard",
                       phase: phase, attempt: 1, outcome: outcome, completed: outcome == "passed", pointer: .pen,
                       startedAt: Date(timeIntervalSince1970: 1_790_000_000), endedAt: Date(timeIntervalSince1970: 1_790_000_004),
                       activeSeconds: 4, score: 0.8, stars: 2, record: nil,
                       ink: Ink(pointer: .pen, strokes: [[PenSample(x: 1, y: 2, t: 0), PenSample(x: 2, y: 3, t: 0.1)]]))
    }

    func draft(lesson: String = "L1", child: String? = "c1", phase: String = "guided") -> DraftStroke {
        DraftStroke(lessonID: lesson, childID: child, condition: .threePhase, script: "druck", glyph: "a", variant: "standard",
                    phase: phase, attempt: 1, pointer: .pen, startedAt: Date(timeIntervalSince1970: 1_790_000_000),
                    strokeIndex: 0, samples: [PenSample(x: 1, y: 1, t: 0)])
    }

    // MARK: Checked values

    @Test func theCheckedListsAreExactlyThePhasesAndOutcomesOfTheEngine() {
        #expect(KeysMigration.phases == LessonPhase.allCases.map(\.rawValue))
        let outcomes: [PhaseRecord.Outcome] = [.passed, .repeated, .restarted, .abandoned]
        for outcome in outcomes {
            // Exhaustive: a new outcome does not compile here until it is listed (and migrated).
            switch outcome { case .passed, .repeated, .restarted, .abandoned: break }
        }
        #expect(KeysMigration.outcomes == outcomes.map(\.rawValue))
    }

    @Test func everyPhaseAndOutcomeTheEngineKnowsIsStored() async throws {
        let store = LessonStore(database: try FederDatabase.inMemory())
        _ = try await store.child(id: "c1")
        for phase in KeysMigration.phases {
            for outcome in KeysMigration.outcomes { try await store.save(row(phase: phase, outcome: outcome)) }
            try await store.appendDraft(draft(phase: phase))
        }
        #expect(try await store.recordCount() == KeysMigration.phases.count * KeysMigration.outcomes.count)
        #expect(try await store.draftCount() == KeysMigration.phases.count)
    }

    @Test func aPhaseOrOutcomeTheEngineDoesNotKnowIsRefusedWithACheckError() async throws {
        let store = LessonStore(database: try FederDatabase.inMemory())
        _ = try await store.child(id: "c1")
        for (bad, column) in [(row(phase: "freewrite"), "phase"), (row(outcome: "done"), "outcome")] {
            let error = try #require(await #expect(throws: DatabaseError.self) { try await store.save(bad) })
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
            #expect(error.message?.contains("CHECK constraint failed: \(column) IN (") == true, "\(error)")
        }
        let error = try #require(await #expect(throws: DatabaseError.self) { try await store.appendDraft(draft(phase: "tracing")) })
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
        #expect(try await store.recordCount() == 0)
        #expect(try await store.draftCount() == 0)
    }

    // MARK: Child → lessons → records

    @Test func aRecordOrDraftOfAChildWithoutProfileIsRefused() async throws {
        let store = LessonStore(database: try FederDatabase.inMemory())
        for write in [{ try await store.save(row(child: "nobody")) }, { try await store.appendDraft(draft(child: "nobody")) }] as [() async throws -> Void] {
            let error = try #require(await #expect(throws: DatabaseError.self) { try await write() })
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
        }
        #expect(try await store.recordCount() == 0)
        #expect(try await store.draftCount() == 0)
    }

    @Test func theFirstDraftOrRecordOfALessonWritesTheLessonWithItsChild() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        _ = try await store.child(id: "c1")
        try await store.appendDraft(draft(lesson: "L1"))
        try await store.save(row(lesson: "L1"))
        try await store.save(row(lesson: "L2", child: nil))
        try await store.insert([row(lesson: "L3"), row(lesson: "L3", phase: "freeWrite")])
        let lessons = try await database.writer.read { db in try StoredLesson.order(StoredLesson.Columns.id).fetchAll(db) }
        #expect(lessons == [StoredLesson(id: "L1", childID: "c1"), StoredLesson(id: "L2", childID: nil), StoredLesson(id: "L3", childID: "c1")])
    }

    @Test func deletingAChildTakesItsLessonsRecordsAndDraftsAndLeavesOthers() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        _ = try await store.child(id: "c1")
        _ = try await store.child(id: "c2")
        try await store.save(row(lesson: "L1", child: "c1"))
        try await store.appendDraft(draft(lesson: "L1b", child: "c1"))
        try await store.save(row(lesson: "L2", child: "c2"))
        try await store.save(row(lesson: "L3", child: nil))
        try await database.writer.write { db in _ = try ChildRecord.deleteOne(db, key: "c1") }
        let (lessons, records) = try await database.writer.read { db in
            (try String.fetchAll(db, sql: "SELECT id FROM lesson ORDER BY id"), try PhaseRecordRow.order(PhaseRecordRow.Columns.id).fetchAll(db))
        }
        #expect(lessons == ["L2", "L3"])
        #expect(records.map(\.lessonID) == ["L2", "L3"])
        #expect(try await store.draftCount() == 0)
    }

    // MARK: Migrating a database from before the keys (a real file)

    /// Every row of `table` in id order, column by column, as SQLite holds it.
    static func everyRow(of table: String, in db: Database) throws -> [[String: DatabaseValue]] {
        try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map { row in
            Dictionary(uniqueKeysWithValues: zip(row.columnNames, row.databaseValues))
        }
    }

    @Test func aDatabaseFromBeforeTheKeysKeepsEveryRowAndGainsTheKeys() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-keys-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = DataDirectory.databaseFile(in: dir)
        let columns = "lessonID, childID, condition, script, glyph, variant, phase, attempt, outcome, completed, startedAt, endedAt, activeSeconds"
        let draftColumns = "lessonID, childID, condition, script, glyph, variant, phase, attempt, pointer, startedAt, strokeIndex, samples"
        let (recordsBefore, draftsBefore) = try {
            let old = try DatabaseQueue(path: file.path)
            defer { try? old.close() }
            try Migrations.migrator.migrate(old, upTo: "v5-adult-keys")
            return try old.write { db in
                try db.execute(sql: """
                    INSERT INTO child (id, condition, learner, createdAt, updatedAt) VALUES ('kid', 'threePhase', '{}', '2026-09-01 08:00:00.000', '2026-09-01 08:00:00.000');
                    INSERT INTO phaseRecord (\(columns)) VALUES
                        ('L1', 'kid', 'threePhase', 'druck', 'a', 'standard', 'guided', 1, 'passed', 1, '2026-09-02 08:00:00.000', '2026-09-02 08:00:05.000', 5),
                        ('L1', 'kid', 'threePhase', 'druck', 'a', 'standard', 'freeWrite', 1, 'repeated', 0, '2026-09-02 08:00:06.000', '2026-09-02 08:00:09.000', 3),
                        -- a child id without a profile (as attempts of v1 left them), in two lessons
                        ('L2', 'ghost', 'threePhase', 'druck', 'i', 'standard', 'guided', 1, 'abandoned', 0, '2026-09-03 09:00:00.000', '2026-09-03 09:00:02.000', 2),
                        ('v1-attempt-7', 'ghost', 'threePhase', 'druck', 'A', 'standard', 'guided', 1, 'passed', 1, '2026-08-30 10:00:00.000', '2026-08-30 10:00:04.000', 4),
                        -- an anonymous session
                        ('L3', NULL, 'guidedOnly', 'druck', 'o', 'standard', 'guided', 1, 'passed', 1, '2026-09-04 10:00:00.000', '2026-09-04 10:00:04.000', 4),
                        ('L3', NULL, 'guidedOnly', 'druck', 'o', 'standard', 'freeWrite', 1, 'passed', 1, '2026-09-04 10:00:05.000', '2026-09-04 10:00:09.000', 4);
                    INSERT INTO draftStroke (\(draftColumns)) VALUES
                        ('L4', 'ghost', 'threePhase', 'druck', 'e', 'standard', 'guided', 1, 'touch', '2026-09-05 11:00:00.000', 0, '[[1,2,0]]'),
                        ('L4', 'other-ghost', 'threePhase', 'druck', 'e', 'standard', 'guided', 1, 'touch', '2026-09-05 11:00:00.000', 1, '[[2,3,0.1]]'),
                        ('L1', 'kid', 'threePhase', 'druck', 'a', 'standard', 'freeWrite', 2, 'pen', '2026-09-02 08:00:10.000', 0, '[[4,5,0]]');
                    """)
                // The newest record is gone (a resumed attempt replaced it): its id must not come back.
                try db.execute(sql: """
                    INSERT INTO phaseRecord (\(columns)) VALUES ('L3', NULL, 'guidedOnly', 'druck', 'o', 'standard', 'freeWrite', 2, 'abandoned', 0, '2026-09-04 10:00:10.000', '2026-09-04 10:00:11.000', 1)
                    """)
                try db.execute(sql: "DELETE FROM phaseRecord WHERE id = ?", arguments: [db.lastInsertedRowID])
                return (try Self.everyRow(of: "phaseRecord", in: db), try Self.everyRow(of: "draftStroke", in: db))
            }
        }()
        #expect(recordsBefore.count == 6 && draftsBefore.count == 3)

        let database = try FederDatabase(file: file)
        try await database.writer.read { db in
            // Every row is there, column for column, with its id.
            // (`recovered` is a later migration's column: none of these rows holds ink, so it is 0.)
            let records = try Self.everyRow(of: "phaseRecord", in: db)
            #expect(records.allSatisfy { $0["recovered"] == 0.databaseValue })
            #expect(records.map { $0.filter { $0.key != "recovered" } } == recordsBefore)
            #expect(try Self.everyRow(of: "draftStroke", in: db) == draftsBefore)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            // The children without a profile have one now, archived, created at their first attempt.
            let children = try ChildRecord.order(ChildRecord.Columns.id).fetchAll(db)
            #expect(children.map(\.id) == ["ghost", "kid", "other-ghost"])
            let ghost = try #require(children.first)
            #expect(ghost.archivedAt != nil && ghost.learner == LearnerState() && ghost.condition == .threePhase)
            #expect(ghost.createdAt == Date(timeIntervalSince1970: 1_788_084_000), "2026-08-30 10:00 UTC, its v1 attempt")
            #expect(children[1].archivedAt == nil, "a real profile is left as it was")
            // Every lesson has its row, with its child.
            let lessons = try StoredLesson.order(StoredLesson.Columns.id).fetchAll(db)
            #expect(lessons == [StoredLesson(id: "L1", childID: "kid"), StoredLesson(id: "L2", childID: "ghost"), StoredLesson(id: "L3", childID: nil),
                                StoredLesson(id: "L4", childID: "ghost"), StoredLesson(id: "v1-attempt-7", childID: "ghost")])
            // Indexes and the enrolment trigger came through the rebuild (and v13 added its index after it).
            let dependents = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE tbl_name IN ('phaseRecord', 'draftStroke') AND type IN ('index', 'trigger') ORDER BY name
                """)
            #expect(dependents == ["draftStroke_on_child", "draftStroke_on_lesson", "phaseRecord_marks_enrolment", "phaseRecord_on_child",
                                   "phaseRecord_on_child_startedAt", "phaseRecord_on_lesson"])
        }
        // New records go on after the highest id ever given, and the old draft still recovers.
        let store = LessonStore(database: database)
        let saved = try await store.save(row(lesson: "L5", child: "kid"))
        #expect(saved.id == 8)
        #expect(try store.recoverDrafts() == 2, "one attempt of L4, one of L1")
        #expect(try await database.writer.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
    }
}
