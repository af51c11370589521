import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

/// The export of real lesson records (played through the lesson machine) into files.
@Suite("Research export")
struct ResearchExportTests {
    /// Two children, three lessons each on consecutive days, real records with ink.
    static func database() async throws -> (FederDatabase, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-export-\(UUID())", isDirectory: true)
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        let library = try GlyphLibrary.bundled()
        let day0 = Date(timeIntervalSince1970: 1_789_344_000)
        for (c, child) in ["kid-a", "kid-b"].enumerated() {
            _ = try await store.child(id: child, now: day0)
            for day in 0..<3 {
                let glyph = try library.glyph(day == 1 ? "l" : "i", script: "druck")
                let records = try SimulatedLesson(glyph: glyph, condition: c == 0 ? .threePhase : .guidedOnly, seed: UInt64(day)).records()
                let start = day0.addingTimeInterval(Double(day) * 86_400 + Double(c) * 600)
                for record in records {
                    try await store.save(PhaseRecordRow(record: record, lessonID: "\(child)-\(day)", childID: child,
                                                        wallStart: start.addingTimeInterval(record.startedAt)))
                }
            }
        }
        return (database, dir)
    }

    static func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    /// An export that fails halfway leaves the export already in the folder as it was; one that
    /// succeeds replaces it whole, and files the earlier one had and this one has not go.
    @Test func aFailedExportLeavesTheEarlierOneAndANewOneReplacesItWhole() async throws {
        let (database, dir) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        _ = try await ResearchExport.write(from: database, to: out, options: .init(samples: true))
        func contents() throws -> [String: Data] {
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
            return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) })
        }
        let before = try contents()
        #expect(before["samples.csv"].map { !$0.isEmpty } == true)

        struct DiskFull: Error {}
        #expect(throws: DiskFull.self) {
            try ResearchExport.staged(in: out) { staging in
                // Halfway: one table written (empty), then the failure.
                try Data().write(to: staging.appendingPathComponent("lessons.csv"))
                throw DiskFull()
            }
        }
        #expect(try contents() == before, "the earlier export is untouched, and nothing half-written is left")
        // A staging folder an export left when it was killed goes with the next export.
        let killed = out.appendingPathComponent(ResearchExport.stagingPrefix + "killed", isDirectory: true)
        try FileManager.default.createDirectory(at: killed, withIntermediateDirectories: false)
        try Data("kid-a".utf8).write(to: killed.appendingPathComponent("children.csv"))

        let summary = try await ResearchExport.write(from: database, to: out, options: .init(format: .tsv))
        let after = try contents()
        #expect(Set(after.keys) == Set(summary.files), "one export: no CSV tables or samples left from the earlier one")
        #expect(after["lessons.tsv"].map { !$0.isEmpty } == true)
    }

    /// A second export into the folder while one writes there is refused, and the first one's
    /// hidden folder stays (the second removed it as a killed export's, and the first failed).
    @Test func aSecondExportIntoTheSameFolderIsRefusedWhileOneWrites() async throws {
        let (database, dir) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let summary = try await database.writer.read { db in
            try ResearchExport.staged(in: out) { staging in
                #expect(throws: ResearchExport.AnotherExportIsWriting.self) {
                    try ResearchExport.staged(in: out) { _ in Issue.record("the second export ran"); return .init(rows: [:], files: []) }
                }
                #expect(FileManager.default.fileExists(atPath: staging.path), "the first export's folder is still there")
                return try ResearchExport.write(db, to: staging, options: .init(), now: Date())
            }
        }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("children.csv").path) && !summary.files.isEmpty)
        // Once it has finished, the folder is free again.
        _ = try await ResearchExport.write(from: database, to: out, options: .init())
    }

    @Test func everyTableHoldsWhatTheDatabaseHolds() async throws {
        let (database, dir) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let summary = try await ResearchExport.write(from: database, to: out, options: .init(samples: true))
        let (records, samples, errors) = try await database.writer.read { db in
            let rows = try PhaseRecordRow.fetchAll(db)
            return (rows.count, rows.reduce(0) { $0 + ($1.ink?.sampleCount ?? 0) }, rows.reduce(0) { $0 + ($1.record?.errors.count ?? 0) })
        }
        #expect(summary.rows["children"] == 2)
        #expect(summary.rows["lessons"] == 6)
        #expect(summary.rows["attempts"] == records)
        #expect(summary.rows["samples"] == samples && samples > 200)
        #expect(summary.rows["errors"] == errors)
        #expect(Set(summary.files) == Set(["children.csv", "consents.csv", "armChanges.csv", "lessons.csv", "attempts.csv", "errors.csv",
                                           "samples.csv", "paperRatings.csv", "datapackage.json", "CODEBOOK.md"]))
        // Sessions count each child's lessons in order.
        let lessons = try Self.lines(out.appendingPathComponent("lessons.csv"))
        #expect(lessons[0].hasPrefix("lessonID,childID,enrolled,condition,sessionNumber,"))
        #expect(lessons.contains { $0.hasPrefix("kid-a-2,kid-a,false,threePhase,3,druck,i,") })
        #expect(lessons.contains { $0.hasPrefix("kid-b-0,kid-b,false,guidedOnly,1,druck,i,") })
        let attempts = try Self.lines(out.appendingPathComponent("attempts.csv"))
        #expect(attempts.count == records + 1)
        #expect(attempts.allSatisfy { $0.components(separatedBy: ",").count >= ResearchTables.attempts.columns.count })
    }

    @Test func filtersByChildAndByStartKeepWholeLessonsAndTheirSessionNumbers() async throws {
        let (database, dir) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let since = Date(timeIntervalSince1970: 1_789_344_000 + 86_400)
        let out = dir.appendingPathComponent("filtered")
        let summary = try await ResearchExport.write(from: database, to: out, options: .init(
            format: .tsv, filter: ExportFilter(childID: "kid-a", since: since)))
        #expect(summary.rows["children"] == 1)
        #expect(summary.rows["lessons"] == 2)
        let lessons = try Self.lines(out.appendingPathComponent("lessons.tsv"))
        #expect(lessons.dropFirst().map { $0.split(separator: "\t")[4] } == ["2", "3"])
        let attempts = try Self.lines(out.appendingPathComponent("attempts.tsv")).dropFirst()
        #expect(!attempts.isEmpty && attempts.allSatisfy { $0.contains("\tkid-a\t") })
        let all = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM phaseRecord WHERE childID = 'kid-a' AND lessonID != 'kid-a-0'")!
        }
        #expect(attempts.count == all)
        let package = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("datapackage.json"))) as? [String: Any]
        let filters = package?["feder:filters"] as? [String: String]
        #expect(filters?["child"] == "kid-a" && filters?["since"] == "2026-09-15T00:00:00.000+00:00")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("samples.tsv").path))
    }

    /// A researcher's export holds study data only: a child who never consented is not in it at
    /// all, and of an enrolled child only what was written with consent.
    @Test func theStudyOnlyExportLeavesOutChildrenWithoutConsentAndRowsBeforeIt() async throws {
        let (database, dir) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let research = ResearchStore(database: database)
        let store = LessonStore(database: database)
        let now = Date(timeIntervalSince1970: 1_789_344_000 + 5 * 86_400)
        try await research.setStudy(active: true, now: now)
        let arm = try await research.enrol(childID: "kid-a", consentDate: "2026-09-18", consentBy: .parent, consentReference: nil, now: now)
        let glyph = try GlyphLibrary.bundled().glyph("m", script: "druck")
        for record in try SimulatedLesson(glyph: glyph, condition: arm, seed: 9).records() {
            try await store.save(PhaseRecordRow(record: record, lessonID: "kid-a-study", childID: "kid-a",
                                                wallStart: now.addingTimeInterval(60 + record.startedAt)))
        }
        let out = dir.appendingPathComponent("study")
        let summary = try await ResearchExport.write(from: database, to: out, options: .init(filter: ExportFilter(studyOnly: true)))
        #expect(summary.rows["children"] == 1 && summary.rows["lessons"] == 1)
        let children = try Self.lines(out.appendingPathComponent("children.csv")).dropFirst()
        #expect(children.count == 1 && children.allSatisfy { $0.hasPrefix("kid-a,true,") })
        let attempts = try Self.lines(out.appendingPathComponent("attempts.csv")).dropFirst()
        #expect(!attempts.isEmpty && attempts.allSatisfy { $0.contains(",kid-a-study,kid-a,true,") })
        #expect(attempts.count == summary.rows["attempts"])
        let package = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("datapackage.json"))) as? [String: Any]
        #expect((package?["feder:filters"] as? [String: String])?["studyOnly"] == "true")
        // Without the filter every child is there, its rows marked.
        let all = try await ResearchExport.write(from: database, to: dir.appendingPathComponent("all"), options: .init())
        #expect(all.rows["children"] == 2 && all.rows["lessons"] == 7)
    }

    /// Found by a review: the study-only files must keep their foreign keys. A lesson whose consent
    /// came mid-letter (one attempt outside the study, one in it) is exported with its enrolled
    /// attempt; a child enrolled, moved to another arm and withdrawn before writing anything leaves
    /// with its arm change.
    @Test func theStudyOnlyExportKeepsEveryForeignKey() async throws {
        let (database, dir) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let research = ResearchStore(database: database)
        let now = Date(timeIntervalSince1970: 1_789_344_000 + 5 * 86_400)
        try await research.setStudy(active: true, now: now)
        _ = try await research.enrol(childID: "kid-b", consentDate: "2026-09-18", consentBy: .parent, consentReference: nil, now: now)
        try await research.overrideArm(childID: "kid-b", to: .control, by: "R1", reason: "test", now: now)
        try await research.withdraw(childID: "kid-b", now: now)
        // kid-a's lesson: the first attempt as written, the second marked as written after consent.
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE phaseRecord SET enrolled = 1 WHERE id = (SELECT MAX(id) FROM phaseRecord WHERE lessonID = 'kid-a-0')")
        }
        let out = dir.appendingPathComponent("study")
        let summary = try await ResearchExport.write(from: database, to: out, options: .init(filter: ExportFilter(studyOnly: true)))
        let column = { (table: String, name: String) -> [String] in
            let lines = try Self.lines(out.appendingPathComponent("\(table).csv"))
            let index = try #require(lines.first?.components(separatedBy: ",").firstIndex(of: name))
            return lines.dropFirst().map { $0.components(separatedBy: ",")[index] }
        }
        let children = Set(try column("children", "childID")), lessons = Set(try column("lessons", "lessonID"))
        #expect(children == ["kid-a"] && lessons == ["kid-a-0"] && summary.rows["attempts"] == 1)
        #expect(Set(try column("attempts", "lessonID")).isSubset(of: lessons))
        #expect(Set(try column("attempts", "childID")).isSubset(of: children))
        #expect(Set(try column("armChanges", "childID")).isSubset(of: children), "kid-b's change left with kid-b")
        #expect(try column("lessons", "enrolled") == ["false"], "the lesson itself was not wholly study data")
    }

    @Test func theDashboardCountsWhatTheExportWrites() async throws {
        let (database, dir) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dashboard = try await database.writer.read { db in try ResearchQueries.dashboard(db, ExportFilter()) }
        let summary = try await ResearchExport.write(from: database, to: dir.appendingPathComponent("o"), options: .init())
        #expect(dashboard.arms.map(\.arm) == ["notEnrolled"])
        #expect(dashboard.arms.reduce(0) { $0 + $1.attempts } == summary.rows["attempts"])
        #expect(dashboard.arms[0].children == 2)
        #expect(dashboard.recent.count == min(20, summary.rows["attempts"] ?? 0) && dashboard.recent.count == 15)
    }

    /// The dashboard reads of each stored record only its motor dimensions and clarity (decoding
    /// whole records was most of its time on a class's database): its figures are those the whole
    /// records give.
    @Test func theDashboardReadFromPartsOfTheRecordsEqualsTheOneFromWholeRecords() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        let library = try GlyphLibrary.bundled()
        let recognizer = try LetterRecognizer.bundled()
        let day0 = Date(timeIntervalSince1970: 1_789_344_000)
        for (c, child) in ["kid-a", "kid-b"].enumerated() {
            _ = try await store.child(id: child, now: day0)
            for day in 0..<3 {
                let glyph = try library.glyph(["a", "m", "s"][day], script: "druck")
                let records = try SimulatedLesson(glyph: glyph, condition: c == 0 ? .threePhase : .guidedOnly,
                                                  recognizer: recognizer, seed: UInt64(day + 7)).records()
                let start = day0.addingTimeInterval(Double(day) * 86_400 + Double(c) * 600)
                for record in records {
                    try await store.save(PhaseRecordRow(record: record, lessonID: "\(child)-\(day)", childID: child,
                                                        wallStart: start.addingTimeInterval(record.startedAt)))
                }
            }
        }
        let (fromParts, fromWholeRecords) = try await database.writer.read { db in
            var accumulator = ResearchDashboard.Accumulator()
            try ResearchQueries.attempts(db, ExportFilter(), ink: false) { row, _ in accumulator.add(row) }
            return (try ResearchQueries.dashboard(db, ExportFilter()), accumulator.dashboard)
        }
        #expect(fromWholeRecords.recent.contains { $0.form != nil } && fromWholeRecords.recent.contains { $0.clarity != nil },
                "no motor dimensions or clarity to compare")
        #expect(fromParts == fromWholeRecords)
    }
}
