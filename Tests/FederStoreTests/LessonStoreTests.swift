import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

@Suite("Lesson store")
struct LessonStoreTests {
    func tempDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("feder-store-\(UUID())", isDirectory: true)
    }

    func row(phase: String = "guided", completed: Bool = true, child: String? = "c1") -> PhaseRecordRow {
        let ink = Ink(pointer: .pen, strokes: [[PenSample(x: 1, y: 2, t: 0.5, pressure: 0.3, tiltX: -10, tiltY: 5),
                                               PenSample(x: 3, y: 4, t: 0.51, pressure: 0.6)]])
        return PhaseRecordRow(lessonID: "L1", childID: child, condition: .threePhase, script: "druck", glyph: "A",
                              variant: "standard", phase: phase, attempt: 1, outcome: completed ? "passed" : "abandoned",
                              completed: completed, pointer: .pen, startedAt: Date(timeIntervalSince1970: 1_700_000_000),
                              endedAt: Date(timeIntervalSince1970: 1_700_000_010), activeSeconds: 10, score: 0.9,
                              stars: 3, record: nil, ink: ink)
    }

    @Test func createsTheDatabaseInWALModeOnFirstRun() throws {
        let dir = tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try FederDatabase(directory: dir)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("feder.sqlite").path))
        #expect(try db.journalMode() == "wal")
        #expect(try db.synchronousMode() == 1)
    }

    @Test func aDatabaseInMemoryHasEveryMigrationOfAFile() throws {
        let database = try FederDatabase.inMemory()
        #expect(database.file == nil)
        #expect(try database.writer.read { db in try Migrations.migrator.hasCompletedMigrations(db) })
        #expect(try database.writer.read { db in try Migrations.migrator.appliedIdentifiers(db) } == Set(Migrations.migrator.migrations))
    }

    @Test func recordsRoundTripWithInkAndSurviveReopening() async throws {
        let dir = tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = LessonStore(database: try FederDatabase(directory: dir))
        _ = try await store.child(id: "c1")
        let saved = try await store.save(row())
        let reopened = LessonStore(database: try FederDatabase(directory: dir))
        let loaded = try #require(try await reopened.record(id: saved.id!))
        #expect(loaded == saved)
        #expect(loaded.ink?.strokes[0][0].tiltX == -10)
        #expect(try await reopened.recordCount() == 1)
    }

    @Test func childrenAreCreatedOnceAndKeepTheirLearner() async throws {
        let store = LessonStore(database: try FederDatabase.inMemory())
        var child = try await store.child(id: "c1")
        #expect(child.condition == .threePhase)
        child.condition = .control
        child.learner.letters["druck/A"] = LetterProgress()
        try await store.save(child)
        let again = try await store.child(id: "c1")
        #expect(again.condition == .control && again.learner.letters["druck/A"] != nil)
    }

    @Test func savingARecordClearsItsDraftsAndLeftOverDraftsAreRecovered() async throws {
        let store = LessonStore(database: try FederDatabase.inMemory())
        _ = try await store.child(id: "c1")
        func draft(_ lesson: String, _ index: Int) -> DraftStroke {
            DraftStroke(lessonID: lesson, childID: "c1", condition: .threePhase, script: "druck", glyph: "A",
                        variant: "standard", phase: "guided", attempt: 1, pointer: .pen, startedAt: Date(),
                        strokeIndex: index, samples: [PenSample(x: 1, y: 1, t: Double(index)), PenSample(x: 2, y: 2, t: Double(index) + 0.1)])
        }
        try await store.appendDraft(draft("L1", 0))
        try await store.save(row())
        #expect(try await store.draftCount() == 0)
        try await store.appendDraft(draft("L2", 0))
        try await store.appendDraft(draft("L2", 1))
        #expect(try store.recoverDrafts() == 1)
        let recovered = try #require(try await store.recentRecords().first)
        #expect(recovered.lessonID == "L2" && recovered.outcome == "abandoned" && recovered.ink?.strokes.count == 2)
        #expect(try await store.draftCount() == 0)
    }

    @Test func attemptsFromTheFirstSchemaAreKeptAsRecords() async throws {
        let dir = tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // A database as version 1 left it: only the first migration, one attempt.
        let file = dir.appendingPathComponent("feder.sqlite").path
        do {
            let queue = try DatabaseQueue(path: file)
            try Migrations.migrator.migrate(queue, upTo: "v1-attempts")
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT INTO attempt (childID, glyph, script, variant, phase, pointer, startedAt, finishedAt, completed, progress, ink, result)
                    VALUES ('c1', 'A', 'druck', 'standard', 'guided', 'pen', '2026-11-21 10:00:00.000', '2026-11-21 10:00:04.000', 1, 1.0,
                            '{"pointer":"pen","strokes":[[[1,2,0.1,0.5],[3,4,0.2,0.6]]]}', '{}')
                    """)
            }
        }
        let store = LessonStore(database: try FederDatabase(directory: dir))
        let rows = try await store.recentRecords()
        #expect(rows.count == 1)
        // The v1 child had no profile: it has an archived one now, so the record keeps its child.
        let child = try await store.children.find(id: "c1")
        #expect(rows[0].childID == "c1" && child?.archivedAt != nil)
        #expect(rows[0].glyph == "A" && rows[0].completed && abs(rows[0].activeSeconds - 4) < 0.01)
        #expect(rows[0].ink?.strokes[0][1].pressure == 0.6)
    }

    @Test func dataDirectoryPrefersTheFlagThenTheEnvironment() {
        #expect(DataDirectory.resolve(explicit: "/x/y", environment: ["FEDER_DATA": "/env"]).path == "/x/y")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["FEDER_DATA": "/env"]).path == "/env")
        #if os(Linux)
        #expect(DataDirectory.resolve(explicit: nil, environment: ["HOME": "/home/k"]).path == "/home/k/.local/share/feder")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg"]).path == "/xdg/feder")
        #endif
    }
}
