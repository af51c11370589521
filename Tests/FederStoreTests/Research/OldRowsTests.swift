import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

/// Rows written by an earlier schema stay readable: real rows (made by the server through its
/// WebSocket and dumped column by column, see Fixtures/README.md) are put into a database at that
/// schema, which is then migrated to the current one and read through every path research uses.
@Suite("Rows written by earlier versions")
struct OldRowsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A database migrated up to `version`, holding the fixture's rows, then reopened (migrating on).
    static func database(from fixture: String, at version: String) throws -> (FederDatabase, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-old-rows-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = DataDirectory.databaseFile(in: dir)
        let data = try Data(contentsOf: fixtures.appendingPathComponent(fixture))
        let tables = try JSONDecoder().decode([String: [[String: FixtureValue]]].self, from: data)
        do {
            let old = try DatabaseQueue(path: file.path)
            try Migrations.migrator.migrate(old, upTo: version)
            try old.write { db in
                for table in ["child", "phaseRecord", "draftStroke"] {
                    for row in tables[table] ?? [] {
                        let columns = row.keys.sorted()
                        let values = columns.map { row[$0]!.value }
                        try db.execute(sql: "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                                       arguments: StatementArguments(values))
                    }
                }
            }
            try old.close()
        }
        return (try FederDatabase(file: file), dir)
    }

    /// A value as SQLite held it: integer, real, text or null.
    enum FixtureValue: Decodable {
        case integer(Int64), real(Double), text(String), null

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let i = try? c.decode(Int64.self) { self = .integer(i) }
            else if let d = try? c.decode(Double.self) { self = .real(d) }
            else { self = .text(try c.decode(String.self)) }
        }

        var value: (any DatabaseValueConvertible)? {
            switch self {
            case .integer(let i): return i
            case .real(let d): return d
            case .text(let s): return s
            case .null: return nil
            }
        }
    }

    @Test func rowsOfSchemaV2AreReadAfterEveryLaterMigration() async throws {
        let (database, dir) = try Self.database(from: "v2-rows.json", at: "v2-lessons")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (children, records, drafts) = try await database.writer.read { db in
            (try ChildRecord.fetchAll(db), try PhaseRecordRow.fetchAll(db), try DraftStroke.fetchAll(db))
        }
        #expect(children.count >= 1)
        #expect(records.count >= 4, "the fixture holds a whole lesson")
        #expect(Set(records.map(\.phase)) == ["observe", "direct", "guided", "freeWrite"])
        #expect(records.filter { $0.phase == "freeWrite" }.allSatisfy { $0.record?.assessment?.motor != nil })
        #expect(records.filter { $0.phase == "guided" }.allSatisfy { ($0.ink?.sampleCount ?? 0) > 10 })
        #expect(!drafts.isEmpty && drafts.allSatisfy { !$0.samples.isEmpty })
        #expect(children.allSatisfy { !$0.learner.letters.isEmpty })

        // Every JSON column reads through its version, and old rows are version 1.
        try await database.writer.read { db in
            for row in try Row.fetchAll(db, sql: "SELECT record, recordVersion, ink, inkVersion, enrolled FROM phaseRecord") {
                #expect(row["recordVersion"] as Int == 1 && row["inkVersion"] as Int == 1)
                #expect(row["enrolled"] as Bool == false)
                if let json = row["record"] as String? { _ = try VersionedJSON.phaseRecord(json, version: row["recordVersion"]) }
                if let json = row["ink"] as String? { _ = try VersionedJSON.ink(json, version: row["inkVersion"]) }
            }
            for row in try Row.fetchAll(db, sql: "SELECT learner, learnerVersion FROM child") {
                _ = try VersionedJSON.learner(row["learner"], version: row["learnerVersion"])
            }
            for row in try Row.fetchAll(db, sql: "SELECT samples, samplesVersion FROM draftStroke") {
                _ = try VersionedJSON.samples(row["samples"], version: row["samplesVersion"])
            }
        }

        // The export reads them all, and the old draft still recovers into a record.
        let out = dir.appendingPathComponent("export")
        let summary = try await ResearchExport.write(from: database, to: out, options: .init(samples: true))
        #expect(summary.rows["attempts"] == records.count)
        #expect(summary.rows["samples"] == records.reduce(0) { $0 + ($1.ink?.sampleCount ?? 0) })
        #expect(try LessonStore(database: database).recoverDrafts() >= 1)
    }

    @Test func anUnknownLayoutVersionIsATypedErrorNotAGuess() {
        #expect(throws: VersionedJSON.DecodingFailure.unsupportedVersion(column: "phaseRecord.record", version: 99)) {
            try VersionedJSON.phaseRecord("{}", version: 99)
        }
        #expect(throws: VersionedJSON.DecodingFailure.self) { try VersionedJSON.ink("not json", version: 1) }
    }

    @Test func newRowsCarryTheCurrentLayoutVersions() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-versions-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = try FederDatabase(directory: dir)
        let defaults = try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT name, dflt_value FROM pragma_table_info('phaseRecord') WHERE name IN ('recordVersion', 'inkVersion')
                UNION ALL SELECT name, dflt_value FROM pragma_table_info('child') WHERE name = 'learnerVersion'
                UNION ALL SELECT name, dflt_value FROM pragma_table_info('draftStroke') WHERE name = 'samplesVersion'
                """).reduce(into: [String: String]()) { $0[$1["name"]] = $1["dflt_value"] }
        }
        #expect(defaults == ["recordVersion": "\(JSONSchemaVersions.phaseRecord)", "inkVersion": "\(JSONSchemaVersions.ink)",
                             "learnerVersion": "\(JSONSchemaVersions.learner)", "samplesVersion": "\(JSONSchemaVersions.samples)"])
    }
}
