import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

@Suite("Child profiles and letter sessions")
struct ChildStoreTests {
    func store() throws -> ChildStore {
        ChildStore(database: try FederDatabase.inMemory())
    }

    let day = CalendarDay("2026-11-23")!

    func session(_ child: String, _ glyph: String, day: CalendarDay, completed: Bool = true, world: LetterSessionRow.World = .schule) -> LetterSessionRow {
        LetterSessionRow(childID: child, lessonID: UUID().uuidString, world: world, script: "druck", glyph: glyph, day: day,
                         finishedAt: Date(timeIntervalSince1970: 1_795_420_800), completed: completed, stars: 2, performance: 0.8)
    }

    @Test func profilesAreListedOldestFirstAndArchivedOnesAreHidden() async throws {
        let children = try store()
        let fox = try await children.create(avatar: Avatar(animal: .fuchs, colour: .rot), now: Date(timeIntervalSince1970: 1))
        let owl = try await children.create(avatar: Avatar(animal: .eule, colour: .lila), displayName: "Mia", now: Date(timeIntervalSince1970: 2))
        #expect(try await children.profiles().map(\.id) == [fox.id, owl.id])
        #expect(UUID(uuidString: fox.id) != nil && fox.id == fox.id.lowercased())
        _ = try await children.update(id: fox.id, now: Date(timeIntervalSince1970: 3)) { $0.archivedAt = Date(timeIntervalSince1970: 3) }
        #expect(try await children.profiles().map(\.id) == [owl.id])
        #expect(try await children.profiles(includeArchived: true).count == 2)
        #expect(try await children.find(id: owl.id)?.displayName == "Mia")
        #expect(try await children.update(id: "nobody", now: Date()) { _ in } == nil)
    }

    @Test func practiceDaysAndTodaysLettersComeFromTheStoredSessions() async throws {
        let children = try store()
        let a = try await children.create(avatar: Avatar(animal: .hase, colour: .gelb), now: Date())
        let b = try await children.create(avatar: Avatar(animal: .baer, colour: .blau), now: Date())
        for row in [session(a.id, "M", day: day), session(a.id, "m", day: day), session(a.id, "A", day: day, completed: false),
                    session(a.id, "M", day: day.adding(days: -1)), session(a.id, "A", day: day, world: .werkstatt),
                    session(b.id, "M", day: day.adding(days: -5))] {
            try await children.recordLetter(row)
        }
        #expect(try await children.practiceDays(childID: a.id) == [day, day.adding(days: -1)])
        #expect(try await children.lettersFinished(childID: a.id, on: day) == 2, "left letters and Werkstatt do not fill the jar")
        #expect(try await children.practiceDays(childID: b.id) == [day.adding(days: -5)])
        #expect(try await children.attendance(childID: a.id, on: day) == Attendance(lettersToday: 2, practiceDays: [day, day.adding(days: -1)]))
        #expect(try await children.attendance(childID: b.id, on: day) == Attendance(lettersToday: 0, practiceDays: [day.adding(days: -5)]))
        // Days are stored as text SQL can group on.
        let stored = try await children.database.writer.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT day FROM letterSession ORDER BY day") }
        #expect(stored == ["2026-11-18", "2026-11-22", "2026-11-23"])
    }

    @Test func savingTheLearnerModelChangesOnlyItAndTheTime() async throws {
        let database = try FederDatabase.inMemory()
        let lessons = LessonStore(database: database)
        let children = lessons.children
        let mia = try await children.create(avatar: Avatar(animal: .eule, colour: .lila), displayName: "Mia", now: Date(timeIntervalSince1970: 1))
        // A live session holds its copy while an adult renames the child.
        var session = try #require(try await children.find(id: mia.id))
        _ = try await children.update(id: mia.id, now: Date(timeIntervalSince1970: 2)) { $0.displayName = "Mila" }
        var progress = LetterProgress()
        progress.sessions = 4
        progress.recentScores = [0.5, 0.8]
        progress.bestStars = 2
        progress.lastPracticed = Date(timeIntervalSince1970: 3)
        session.learner.letters["druck/M"] = progress
        session.updatedAt = Date(timeIntervalSince1970: 3)
        try await lessons.saveLearner(of: session)
        let stored = try #require(try await children.find(id: mia.id))
        #expect(stored.learner == session.learner && stored.learner != mia.learner)
        #expect(stored.displayName == "Mila", "the adult's change stays")
        #expect(stored.updatedAt == Date(timeIntervalSince1970: 3))
        // Saving for a child that is gone changes nothing and is no error.
        var ghost = session
        ghost.id = "gone"
        try await lessons.saveLearner(of: ghost)
        #expect(try await children.profiles().count == 1)
    }

    @Test func aLetterSessionNeedsAChildThatExists() async throws {
        let children = try store()
        await #expect(throws: DatabaseError.self) { try await children.recordLetter(session("no-such-child", "M", day: day)) }
    }
}
