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

    /// A child who cannot read finds itself by its picture: two children on "Wer schreibt heute?"
    /// never share one (an archived child's picture is free again, but not taken back by restoring it).
    @Test func twoChildrenShownTogetherNeverShareAPicture() async throws {
        let children = try store()
        let fox = Avatar(animal: .fuchs, colour: .orange)
        let first = try await children.create(avatar: fox, now: Date(timeIntervalSince1970: 1))
        await #expect(throws: AvatarTaken(avatar: fox)) { try await children.create(avatar: fox, now: Date(timeIntervalSince1970: 2)) }
        let owl = try await children.create(avatar: Avatar(animal: .eule, colour: .lila), now: Date(timeIntervalSince1970: 3))
        await #expect(throws: AvatarTaken(avatar: fox)) {
            try await children.update(id: owl.id, now: Date(timeIntervalSince1970: 4)) { $0.avatar = fox; $0.displayName = "Mia" }
        }
        #expect(try await children.find(id: owl.id) == owl, "a refused change changes nothing")
        // Its own picture again, or another field, is no conflict.
        #expect(try await children.update(id: first.id, now: Date(timeIntervalSince1970: 5)) { $0.avatar = fox; $0.displayName = "Ida" }?.displayName == "Ida")
        // Archived, the fox is free for a new child; the archived one is not restored onto it.
        _ = try await children.update(id: first.id, now: Date(timeIntervalSince1970: 6)) { $0.archivedAt = Date(timeIntervalSince1970: 6) }
        let second = try await children.create(avatar: fox, now: Date(timeIntervalSince1970: 7))
        await #expect(throws: AvatarTaken(avatar: fox)) {
            try await children.update(id: first.id, now: Date(timeIntervalSince1970: 8)) { $0.archivedAt = nil }
        }
        let restored = try await children.update(id: first.id, now: Date(timeIntervalSince1970: 9)) {
            $0.archivedAt = nil
            $0.avatar = Avatar(animal: .fuchs, colour: .gruen)
        }
        #expect(restored?.archivedAt == nil)
        #expect(Set(try await children.profiles().map(\.avatar.colour)) == [.orange, .lila, .gruen] && second.avatar == fox)
    }

    /// A child made by its first `hello` (a tablet that remembers an id, a client that names one)
    /// gets a picture no other child shows, not one owl for all.
    @Test func aChildMadeByItsFirstHelloGetsAFreePicture() async throws {
        let database = try FederDatabase.inMemory()
        let lessons = LessonStore(database: database)
        let chosen = try await lessons.children.create(avatar: Avatar(animal: .schildkroete, colour: .lila), now: Date())
        var pictures: Set<String> = ["\(chosen.animal.rawValue)/\(chosen.colour.rawValue)"]
        for _ in 0..<13 {
            let child = try await lessons.child(id: UUID().uuidString.lowercased())
            #expect(pictures.insert("\(child.animal.rawValue)/\(child.colour.rawValue)").inserted, "\(child.avatar)")
        }
        let known = try await lessons.child(id: chosen.id)
        #expect(known.id == chosen.id && known.avatar == chosen.avatar, "a known child keeps its own")
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

    /// The class list's "Zuletzt geübt": a child who finished a letter yesterday and today went home
    /// in the middle of one practised today, and the day of a phase is the day in the server's time
    /// zone it began (23:30 UTC on the 23rd is the 24th in Vienna).
    @Test func theLastDayWrittenCountsLettersLeftPartWay() async throws {
        let database = try FederDatabase.inMemory()
        let lessons = LessonStore(database: database)
        let children = lessons.children
        let vienna = TimeZone(identifier: "Europe/Vienna")!
        let a = try await children.create(avatar: Avatar(animal: .hase, colour: .gelb), now: Date())
        let b = try await children.create(avatar: Avatar(animal: .baer, colour: .blau), now: Date())
        let c = try await children.create(avatar: Avatar(animal: .eule, colour: .lila), now: Date())
        #expect(try await children.lastWritten(childID: a.id, timeZone: vienna) == nil, "nothing written yet")
        try await children.recordLetter(session(a.id, "M", day: day.adding(days: -1)))
        try await children.recordLetter(session(b.id, "M", day: day.adding(days: -3)))
        try await children.recordLetter(session(b.id, "A", day: day.adding(days: -2), completed: false))
        #expect(try await children.lastWritten(childID: a.id, timeZone: vienna) == day.adding(days: -1))
        #expect(try await children.lastWritten(childID: b.id, timeZone: vienna) == day.adding(days: -2), "a letter left unfinished")
        // Today (the 23rd, 23:30 UTC: the 24th in Vienna) a traced phase, then home.
        let lateEvening = Date(timeIntervalSince1970: 1_795_476_600)
        #expect(CalendarDay(lateEvening, timeZone: .gmt) == day)
        _ = try await lessons.save(PhaseRecordRow(lessonID: "left", childID: a.id, condition: .threePhase, script: "druck", glyph: "m",
                                                  variant: "standard", phase: "guided", attempt: 1, outcome: "passed", completed: false,
                                                  pointer: .pen, startedAt: lateEvening, endedAt: lateEvening.addingTimeInterval(5),
                                                  activeSeconds: 5, score: 0.7, stars: nil, record: nil, ink: nil))
        #expect(try await children.lastWritten(childID: a.id, timeZone: vienna) == day.adding(days: 1))
        #expect(try await children.lastWritten(childID: a.id, timeZone: .gmt) == day)
        #expect(try await children.practiceDays(childID: a.id) == [day.adding(days: -1)], "the streak still counts finished letters")
        #expect(try await children.lastWritten(childID: c.id, timeZone: vienna) == nil, "another child's writing is not its own")
        // A child whose first attempt is still open: only its strokes' drafts are kept so far.
        try await lessons.appendDraft(DraftStroke(lessonID: "open", childID: c.id, condition: .guidedOnly, script: "druck", glyph: "M",
                                                  variant: "standard", phase: "guided", attempt: 1, pointer: .pen,
                                                  startedAt: lateEvening, strokeIndex: 0, samples: [PenSample(x: 1, y: 1, t: 0)]))
        #expect(try await children.lastWritten(childID: c.id, timeZone: vienna) == day.adding(days: 1))
        let plan = try await database.writer.read { db in
            let statement = try ChildStore.lastPhaseRequest(childID: c.id).makePreparedRequest(db).statement
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
                .map { $0["detail"] as String }.joined(separator: " / ")
        }
        #expect(plan.contains("phaseRecord_on_child_startedAt"), "\(plan)")
    }

    /// A finished letter's two reads must not grow with the child's history: with the index on
    /// (childID, completed, day) SQLite answers them from the index alone (before it: a search on
    /// (childID, day) and a visit to every session row of the child for `completed`).
    @Test func attendanceIsReadFromTheIndexNotFromEverySessionRow() async throws {
        let children = try store()
        let plans = try await children.database.writer.read { db in
            try [ChildStore.practiceDaysRequest(childID: "c1").makePreparedRequest(db).statement,
                 ChildStore.lettersFinishedRequest(childID: "c1", on: day).makePreparedRequest(db).statement]
                .map { statement in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
                        .map { $0["detail"] as String }.joined(separator: " / ")
                }
        }
        #expect(plans[0].contains("USING COVERING INDEX letterSession_on_child_completed_day"), "\(plans[0])")
        #expect(plans[1].contains("letterSession_on_child_completed_day (childID=? AND completed=? AND day=?)"), "\(plans[1])")
    }

    /// A finished letter in one transaction: learner model, letter session, and the jar and streak
    /// that count it; when the transaction fails, nothing of it is written.
    @Test func aFinishedLetterIsStoredAndCountedInOneTransaction() async throws {
        let database = try FederDatabase.inMemory()
        let lessons = LessonStore(database: database)
        let children = lessons.children
        var fox = try await children.create(avatar: Avatar(animal: .fuchs, colour: .rot), now: Date(timeIntervalSince1970: 1))
        try await children.recordLetter(session(fox.id, "M", day: day.adding(days: -2)))
        var progress = LetterProgress()
        progress.sessions = 1
        progress.recentScores = [0.7]
        fox.learner.letters["druck/a"] = progress
        fox.updatedAt = Date(timeIntervalSince1970: 2)
        let (attendance, rebased) = try await lessons.finishLetter(learnerOf: fox, previously: Date(timeIntervalSince1970: 1),
                                                                   rebase: { _ in Issue.record("nobody wrote meanwhile") },
                                                                   session: session(fox.id, "a", day: day), attendanceOn: day)
        #expect(rebased == nil)
        #expect(attendance == Attendance(lettersToday: 1, practiceDays: [day, day.adding(days: -2)]))
        #expect(try await children.find(id: fox.id)?.learner == fox.learner)
        // Without a session (a letter of no lesson) only the learner model is written.
        #expect(try await children.find(id: fox.id)?.updatedAt == fox.updatedAt)
        #expect(try await lessons.finishLetter(learnerOf: fox, previously: fox.updatedAt, rebase: { _ in }, session: nil,
                                               attendanceOn: day).0.lettersToday == 1)
        // A session that cannot be inserted (its child is unknown) takes the learner model with it.
        var changed = fox
        changed.learner = LearnerState()
        await #expect(throws: (any Error).self) {
            _ = try await lessons.finishLetter(learnerOf: changed, previously: fox.updatedAt, rebase: { _ in },
                                               session: session("nobody", "b", day: day), attendanceOn: day)
        }
        #expect(try await children.find(id: fox.id)?.learner == fox.learner, "rolled back")
        #expect(try await children.lettersFinished(childID: fox.id, on: day) == 1)
    }

    /// A live session re-reads the profile at every letter only when someone wrote it since: what it
    /// read or wrote itself (sub-millisecond times included) reads as unchanged.
    @Test func aProfileIsReadAgainOnlyWhenSomeoneElseWroteIt() async throws {
        let lessons = LessonStore(database: try FederDatabase.inMemory())
        let children = lessons.children
        let created = Date(timeIntervalSince1970: 1_795_420_800.123_456)
        let fox = try await children.create(avatar: Avatar(animal: .fuchs, colour: .rot), now: created)
        #expect(try await children.find(id: fox.id, ifUpdatedOtherThan: created) == nil, "as created")
        var session = try #require(try await children.find(id: fox.id))
        #expect(try await children.find(id: fox.id, ifUpdatedOtherThan: session.updatedAt) == nil, "as read")
        // The session stores its learner model with its own time.
        var known = session.updatedAt
        session.updatedAt = created.addingTimeInterval(61.000_789)
        #expect(try await lessons.saveLearner(of: session, previously: known, rebase: { _ in Issue.record("unchanged") }) == nil)
        #expect(try await children.find(id: fox.id, ifUpdatedOtherThan: session.updatedAt) == nil, "as written by the session")
        // An adult renames the child: the next letter sees it …
        _ = try await children.update(id: fox.id, now: created.addingTimeInterval(90)) { $0.displayName = "Fritzi" }
        #expect(try await children.find(id: fox.id, ifUpdatedOtherThan: session.updatedAt)?.displayName == "Fritzi")
        // … even when the session stored its learner model after the change, before reading it.
        // The session stores its learner model after the change, before reading it: the store reads
        // the changed profile in the same transaction and hands it back with the session's time.
        known = session.updatedAt
        session.updatedAt = created.addingTimeInterval(120)
        let rebased = try await lessons.saveLearner(of: session, previously: known, rebase: { _ in })
        #expect(rebased?.displayName == "Fritzi" && rebased?.updatedAt == session.updatedAt)
        #expect(try await children.find(id: fox.id, ifUpdatedOtherThan: session.updatedAt) == nil)
        await #expect(throws: ChildGone(id: "nobody")) { try await children.find(id: "nobody", ifUpdatedOtherThan: created) }
    }

    @Test func savingTheLearnerModelChangesOnlyItAndTheTime() async throws {
        let database = try FederDatabase.inMemory()
        let lessons = LessonStore(database: database)
        let children = lessons.children
        let mia = try await children.create(avatar: Avatar(animal: .eule, colour: .lila), displayName: "Mia", now: Date(timeIntervalSince1970: 1))
        // A live session holds its copy while an adult renames the child and the same child's other
        // tablet stores a letter.
        var session = try #require(try await children.find(id: mia.id))
        _ = try await children.update(id: mia.id, now: Date(timeIntervalSince1970: 2)) { $0.displayName = "Mila" }
        let other = { var p = LetterProgress(); p.sessions = 1; return p }()
        _ = try await children.update(id: mia.id, now: Date(timeIntervalSince1970: 2.5)) { $0.learner.letters["druck/A"] = other }
        let progress = {
            var p = LetterProgress()
            p.sessions = 4
            p.recentScores = [0.5, 0.8]
            p.bestStars = 2
            p.lastPracticed = Date(timeIntervalSince1970: 3)
            return p
        }()
        let change: @Sendable (inout ChildRecord) -> Void = { $0.learner.letters["druck/M"] = progress }
        change(&session)
        let read = session.updatedAt
        session.updatedAt = Date(timeIntervalSince1970: 3)
        let rebased = try await lessons.saveLearner(of: session, previously: read, rebase: change)
        let stored = try #require(try await children.find(id: mia.id))
        #expect(stored.learner.letters["druck/M"] == progress, "the session's letter")
        #expect(stored.learner.letters["druck/A"] == other, "and the other tablet's")
        #expect(stored.displayName == "Mila", "the adult's change stays")
        #expect(stored.updatedAt == Date(timeIntervalSince1970: 3), "the session's time: it holds the whole profile now")
        #expect(rebased == stored)
        // From there the session writes as usual: nobody wrote since.
        session = stored
        session.learner.letters["druck/m"] = progress
        session.updatedAt = Date(timeIntervalSince1970: 4)
        #expect(try await lessons.saveLearner(of: session, previously: stored.updatedAt, rebase: { _ in Issue.record("unchanged") }) == nil)
        #expect(try await children.find(id: mia.id)?.learner == session.learner)
        // Saving for a child that is gone changes nothing and is no error.
        var ghost = session
        ghost.id = "gone"
        #expect(try await lessons.saveLearner(of: ghost, previously: read, rebase: change) == nil)
        #expect(try await children.profiles().count == 1)
    }

    @Test func aLetterSessionNeedsAChildThatExists() async throws {
        let children = try store()
        await #expect(throws: DatabaseError.self) { try await children.recordLetter(session("no-such-child", "M", day: day)) }
    }
}
