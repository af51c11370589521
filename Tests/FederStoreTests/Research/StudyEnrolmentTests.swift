import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

/// Enrolment with consent, arms, overrides and the enrolment mark on records, on real SQLite (in memory).
@Suite("Study enrolment and arms")
struct StudyEnrolmentTests {
    struct Fixture {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-study-\(UUID())", isDirectory: true)
        let database: FederDatabase
        let lessons: LessonStore
        let research: ResearchStore

        init() throws {
            database = try FederDatabase.inMemory()
            lessons = LessonStore(database: database)
            research = ResearchStore(database: database)
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }

        func record(child: String, lesson: String = "L1", condition: StudyCondition? = nil) async throws -> PhaseRecordRow {
            let condition = if let condition { condition } else { try await lessons.child(id: child).condition }
            return try await lessons.save(PhaseRecordRow(lessonID: lesson, childID: child, condition: condition,
                                                  script: "druck", glyph: "l", variant: "standard", phase: "guided", attempt: 1,
                                                  outcome: "passed", completed: true, pointer: .pen, startedAt: Date(),
                                                  endedAt: Date(), activeSeconds: 1, score: 0.8, stars: 2, record: nil,
                                                  ink: Ink(strokes: [[PenSample(x: 0, y: 0, t: 0)]])))
        }

        func enrolled(_ id: Int64) async throws -> Bool {
            try await database.writer.read { db in try Bool.fetchOne(db, sql: "SELECT enrolled FROM phaseRecord WHERE id = ?", arguments: [id])! }
        }

        func exportedChildren() async throws -> [ChildRow] {
            try await database.writer.read { db in
                var rows: [ChildRow] = []
                try ResearchQueries.children(db, ExportFilter()) { rows.append($0) }
                return rows
            }
        }
    }

    @Test func enrolmentNeedsARunningStudyAndAKnownChildAndAValidDate() async throws {
        let f = try Fixture()
        defer { f.remove() }
        _ = try await f.lessons.child(id: "c1")
        await #expect(throws: ResearchStore.Failure.studyNotActive) {
            try await f.research.enrol(childID: "c1", consentDate: "2026-09-01", consentBy: .parent, consentReference: nil)
        }
        try await f.research.setStudy(active: true)
        await #expect(throws: ResearchStore.Failure.unknownChild("nobody")) {
            try await f.research.enrol(childID: "nobody", consentDate: "2026-09-01", consentBy: .parent, consentReference: nil)
        }
        await #expect(throws: ResearchStore.Failure.invalidConsentDate("2026-02-30")) {
            try await f.research.enrol(childID: "c1", consentDate: "2026-02-30", consentBy: .parent, consentReference: nil)
        }
        // A consent dated after today is a typo (a day's grace for time zones ahead of UTC).
        let now = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23 00:00 UTC
        await #expect(throws: ResearchStore.Failure.invalidConsentDate("2099-01-01")) {
            try await f.research.enrol(childID: "c1", consentDate: "2099-01-01", consentBy: .parent, consentReference: nil, now: now)
        }
        await #expect(throws: ResearchStore.Failure.invalidConsentDate("2026-11-25")) {
            try await f.research.enrol(childID: "c1", consentDate: "2026-11-25", consentBy: .parent, consentReference: nil, now: now)
        }
        _ = try await f.research.enrol(childID: "c1", consentDate: "2026-11-24", consentBy: .parent, consentReference: nil, now: now)
    }

    @Test func anEnrolledChildPractisesInItsHashArmAndItsRecordsAreMarkedFromThenOn() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let id = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
        _ = try await f.lessons.child(id: id)
        let before = try await f.record(child: id)
        try await f.research.setStudy(active: true)
        let arm = try await f.research.enrol(childID: id, consentDate: "2026-09-01", consentBy: .guardian, consentReference: "Form 7, \"B\"")
        #expect(arm == ArmAssignment.arm(for: id))
        #expect(try await f.lessons.child(id: id).condition == arm)
        let after = try await f.record(child: id)
        #expect(try await f.enrolled(before.id!) == false)
        #expect(try await f.enrolled(after.id!) == true)

        let row = try #require(try await f.exportedChildren().first)
        #expect(row.enrolled && row.armSource == .derived && row.consentBy == .guardian && row.consentDate == "2026-09-01")
        #expect(row.consentReference == "Form 7, \"B\"")

        // Study off: the default condition, records no longer study data; on again: back to the arm.
        try await f.research.setStudy(active: false)
        #expect(try await f.lessons.child(id: id).condition == ResearchStore.defaultCondition)
        #expect(try await f.enrolled(try await f.record(child: id).id!) == false)
        #expect(try await f.exportedChildren().first?.armSource == .notEnrolled)
        try await f.research.setStudy(active: true)
        #expect(try await f.lessons.child(id: id).condition == arm)
    }

    /// A lesson runs in the condition fixed at its start. Begun before the child was enrolled (or
    /// before its arm was overridden) and finished after, its later attempts ran in another
    /// condition than the child's arm: they are not study data.
    @Test func onlyRecordsInTheChildsArmAreStudyData() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let id = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
        _ = try await f.lessons.child(id: id)
        try await f.research.setStudy(active: true)
        let arm = try await f.research.enrol(childID: id, consentDate: "2026-09-01", consentBy: .parent, consentReference: nil)
        let other = try #require(StudyCondition.allCases.first { $0 != arm })
        #expect(try await f.enrolled(try await f.record(child: id, lesson: "begun-before", condition: other).id!) == false)
        #expect(try await f.enrolled(try await f.record(child: id, lesson: "in-the-arm", condition: arm).id!) == true)
    }

    @Test func anOverrideIsLoggedWithWhoAndWhyAndExported() async throws {
        let f = try Fixture()
        defer { f.remove() }
        _ = try await f.lessons.child(id: "c2")
        try await f.research.setStudy(active: true)
        await #expect(throws: ResearchStore.Failure.notEnrolled("c2")) {
            try await f.research.overrideArm(childID: "c2", to: .control, by: "R1", reason: "x")
        }
        let derived = try await f.research.enrol(childID: "c2", consentDate: "2026-09-01", consentBy: .parent, consentReference: nil)
        let target: StudyCondition = derived == .control ? .guidedOnly : .control
        await #expect(throws: ResearchStore.Failure.emptyField("reason")) {
            try await f.research.overrideArm(childID: "c2", to: target, by: "R1", reason: "  ")
        }
        try await f.research.overrideArm(childID: "c2", to: target, by: "R1", reason: "Sibling in the other arm,\n\"same tablet\"")
        #expect(try await f.lessons.child(id: "c2").condition == target)
        // Enrolling again (a corrected consent form) keeps the override.
        try await f.research.enrol(childID: "c2", consentDate: "2026-09-02", consentBy: .parent, consentReference: nil)
        #expect(try await f.lessons.child(id: "c2").condition == target)

        let out = f.dir.appendingPathComponent("export")
        let summary = try await ResearchExport.write(from: f.database, to: out, options: .init())
        #expect(summary.rows["armChanges"] == 1)
        let csv = try String(contentsOf: out.appendingPathComponent("armChanges.csv"), encoding: .utf8)
        #expect(csv.contains("c2,true,\(derived.rawValue),\(target.rawValue),"))
        #expect(csv.contains(",R1,\"Sibling in the other arm,\n\"\"same tablet\"\"\"\r\n"))
        let children = try String(contentsOf: out.appendingPathComponent("children.csv"), encoding: .utf8)
        #expect(children.contains("c2,true,\(target.rawValue),override,\(derived.rawValue),2026-09-02,parent,"))
    }

    /// Enrolled, withdrawn, enrolled again: the children table shows the latest consent, and the
    /// first consent and the withdrawal stay in `consents`, so that the first enrolment's study
    /// rows still have the consent they rest on (a review found them overwritten).
    @Test func enrollingAgainKeepsTheEarlierConsentAndTheWithdrawal() async throws {
        let f = try Fixture()
        defer { f.remove() }
        _ = try await f.lessons.child(id: "c5")
        _ = try await f.lessons.child(id: "c6")
        try await f.research.setStudy(active: true)
        let t0 = Date(timeIntervalSince1970: 1_790_000_000)
        try await f.research.enrol(childID: "c5", consentDate: "2026-09-01", consentBy: .parent, consentReference: "Form 1", now: t0)
        try await f.research.enrol(childID: "c6", consentDate: "2026-09-01", consentBy: .guardian, consentReference: " ",
                                   now: t0.addingTimeInterval(1))
        try await f.research.withdraw(childID: "c5", now: t0.addingTimeInterval(3_600))
        try await f.research.enrol(childID: "c5", consentDate: "2026-09-03", consentBy: .guardian, consentReference: "Form 2",
                                   now: t0.addingTimeInterval(7_200))

        let out = f.dir.appendingPathComponent("export")
        let summary = try await ResearchExport.write(from: f.database, to: out, options: .init())
        #expect(summary.rows["consents"] == 4)
        let lines = try String(contentsOf: out.appendingPathComponent("consents.csv"), encoding: .utf8)
            .split(separator: "\r\n").map(String.init)
        #expect(lines == [
            "eventID,childID,enrolled,event,at,consentDate,consentBy,consentReference",
            "1,c5,true,enrolled,2026-09-21T14:13:20.000+00:00,2026-09-01,parent,Form 1",
            "2,c6,true,enrolled,2026-09-21T14:13:21.000+00:00,2026-09-01,guardian,", // a blank reference is none
            "3,c5,true,withdrawn,2026-09-21T15:13:20.000+00:00,,,",
            "4,c5,true,enrolled,2026-09-21T16:13:20.000+00:00,2026-09-03,guardian,Form 2",
        ])
        let children = try String(contentsOf: out.appendingPathComponent("children.csv"), encoding: .utf8)
        #expect(children.contains("c5,true,") && children.contains(",2026-09-03,guardian,Form 2,2026-09-21T16:13:20.000+00:00,,"),
                "the children table shows the latest consent")
        // In JSON Lines too: a blank reference is null, as in CSV it is missing.
        let json = f.dir.appendingPathComponent("export-json")
        try await ResearchExport.write(from: f.database, to: json, options: .init(format: .json))
        let c6 = try String(contentsOf: json.appendingPathComponent("consents.jsonl"), encoding: .utf8)
            .split(separator: "\n").first { $0.contains("\"c6\"") }
        #expect(c6?.contains("\"consentReference\":null") == true, "\(c6 ?? "")")
    }

    /// A database from before the history: what its enrolment rows know (the latest enrolment, a
    /// withdrawal after it) becomes the history's start, in time order.
    @Test func theHistoryStartsWithWhatAnOlderDatabaseKnew() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-consents-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = DataDirectory.databaseFile(in: dir)
        do {
            let old = try DatabaseQueue(path: file.path)
            try Migrations.migrator.migrate(old, upTo: "v10-deleted-children")
            try await old.write { db in
                try db.execute(sql: """
                    INSERT INTO child (id, condition, learner, createdAt, updatedAt) VALUES
                        ('early', 'control', '{}', '2026-09-01 08:00:00.000', '2026-09-01 08:00:00.000'),
                        ('late', 'control', '{}', '2026-09-01 08:00:00.000', '2026-09-01 08:00:00.000');
                    INSERT INTO researchEnrolment (childID, consentDate, consentBy, consentReference, enrolledAt, derivedArm, arm, withdrawnAt) VALUES
                        ('late', '2026-09-02', 'parent', '  ', '2026-09-02 10:00:00.000', 'control', 'control', NULL),
                        ('early', '2026-09-01', 'guardian', 'F-7', '2026-09-01 09:00:00.000', 'control', 'control', '2026-09-03 09:00:00.000');
                    INSERT INTO researchPaperRating (childID, lessonID, script, glyph, ratedAt, face, ratedBy, note) VALUES
                        ('late', NULL, 'druck', 'a', '2026-09-03 10:00:00.000', 2, 'adult', ''),
                        ('late', NULL, 'druck', 'b', '2026-09-03 10:00:00.000', 3, 'adult', 'neat');
                    """)
            }
            try old.close()
        }
        let database = try FederDatabase(file: file)
        let rows = try await database.writer.read { db in
            var rows: [ConsentEventRow] = []
            try ResearchQueries.consents(db, ExportFilter()) { rows.append($0) }
            return rows
        }
        #expect(rows.map { "\($0.childID) \($0.event.rawValue) \($0.consentDate ?? "-") \($0.consentReference ?? "-")" } == [
            "early enrolled 2026-09-01 F-7", "late enrolled 2026-09-02 -", "early withdrawn - -"])
        #expect(rows.map(\.eventID) == [1, 2, 3])
        // Blank free text written before it was stored as NULL reads as missing, as the codebook says.
        let blanks = try await database.writer.read { db in
            try Int.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM researchEnrolment WHERE consentReference IS NULL)
                     + (SELECT count(*) FROM researchPaperRating WHERE note IS NULL) * 10
                """)
        }
        #expect(blanks == 11, "late's reference and the empty note are NULL; F-7 and 'neat' stay")
    }

    @Test func withdrawingConsentReturnsTheChildToTheDefault() async throws {
        let f = try Fixture()
        defer { f.remove() }
        _ = try await f.lessons.child(id: "c3")
        try await f.research.setStudy(active: true)
        try await f.research.enrol(childID: "c3", consentDate: "2026-09-01", consentBy: .parent, consentReference: nil)
        try await f.research.withdraw(childID: "c3")
        #expect(try await f.lessons.child(id: "c3").condition == ResearchStore.defaultCondition)
        #expect(try await f.enrolled(try await f.record(child: "c3").id!) == false)
        let row = try #require(try await f.exportedChildren().first)
        #expect(!row.enrolled && row.withdrawnAt != nil && row.armSource == .notEnrolled)
        await #expect(throws: ResearchStore.Failure.notEnrolled("c3")) { try await f.research.withdraw(childID: "c3") }
    }
}
