import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

/// `PhaseRecordRow` and `DraftStroke` write their columns by hand (faster than GRDB's `Encodable`
/// path). The stored values must be exactly those the `Encodable` path stores, or rows written
/// before and after the change would read differently (research export, dashboards, recovery).
@Suite("Record columns written directly")
struct RecordColumnsTests {
    /// The same row, written through GRDB's default `Encodable`-based columns.
    struct ViaEncodable: MutablePersistableRecord, Encodable {
        static let databaseTableName = PhaseRecordRow.databaseTableName
        let row: PhaseRecordRow
        func encode(to encoder: any Encoder) throws { try row.encode(to: encoder) }
    }

    struct DraftViaEncodable: MutablePersistableRecord, Encodable {
        static let databaseTableName = DraftStroke.databaseTableName
        let draft: DraftStroke
        func encode(to encoder: any Encoder) throws { try draft.encode(to: encoder) }
    }

    /// Every column of every row of `table`, as stored, in both databases.
    static func storedRows(_ table: String, _ a: FederDatabase, _ b: FederDatabase) async throws -> ([Row], [Row]) {
        let sql = "SELECT * FROM \(table) ORDER BY id"
        return (try await a.writer.read { db in try Row.fetchAll(db, sql: sql) },
                try await b.writer.read { db in try Row.fetchAll(db, sql: sql) })
    }

    static func expectSameColumns(_ stored: [Row], _ expected: [Row], count: Int) {
        #expect(stored.count == count && expected.count == count)
        for (a, b) in zip(stored, expected) {
            for column in b.columnNames {
                #expect(a[column] as DatabaseValue == b[column] as DatabaseValue, "column \(column)")
            }
        }
    }

    /// Real records: a guided and a free-written attempt of `a`, judged by the lesson machine.
    static func judgedRecords() throws -> [PhaseRecord] {
        let glyph = try GlyphLibrary.bundled().glyph("a", script: "druck")
        var (machine, _) = LessonMachine.begin(glyph: glyph, condition: .guidedOnly, at: 0)
        var records: [PhaseRecord] = []
        func collect(_ events: [LessonEvent]) {
            for case .phaseFinished(let record) in events { records.append(record) }
        }
        var start = 1.0
        while records.count < 2, !machine.isFinished {
            let strokes = PenSimulator().strokes(for: glyph, startTime: start)
            for stroke in strokes where !machine.isFinished {
                collect(try machine.handle(.penDown(stroke[0], pointer: .pen), at: stroke[0].t))
                collect(try machine.handle(.penMove(Array(stroke.dropFirst())), at: stroke.last!.t))
                collect(try machine.handle(.penUp(nil), at: stroke.last!.t))
            }
            start = (strokes.last?.last?.t ?? start) + 2
            if !machine.isFinished { collect(try machine.handle(.tick, at: start)) }
        }
        return records
    }

    @Test func handWrittenColumnsEqualTheEncodablePath() async throws {
        let records = try Self.judgedRecords()
        #expect(!records.isEmpty)
        var rows = records.map {
            PhaseRecordRow(record: $0, lessonID: "L1", childID: "c1", wallStart: Date(timeIntervalSince1970: 1_795_420_800.123_4))
        }
        // Optional columns empty, and a recovered row without an engine record.
        var bare = rows[0]
        bare.childID = nil; bare.pointer = nil; bare.score = nil; bare.stars = nil; bare.record = nil; bare.ink = nil
        bare.recovered = true
        rows.append(bare)
        let written: [PhaseRecordRow] = rows
        #expect(rows.contains { $0.record?.assessment != nil }, "a judged record with its assessment")

        let handWritten = try FederDatabase.inMemory()
        let viaEncodable = try FederDatabase.inMemory()
        for database in [handWritten, viaEncodable] {
            _ = try await LessonStore(database: database).child(id: "c1")
            try await database.writer.write { db in try StoredLesson.ensure(id: "L1", childID: "c1", in: db) }
        }
        try await handWritten.writer.write { db in
            for var row in written { try row.insert(db) }
        }
        try await viaEncodable.writer.write { db in
            for row in written { var mirror = ViaEncodable(row: row); try mirror.insert(db) }
        }
        let (stored, expected) = try await Self.storedRows(PhaseRecordRow.databaseTableName, handWritten, viaEncodable)
        Self.expectSameColumns(stored, expected, count: rows.count)
        // And they read back the same (dates to the millisecond, as stored).
        let request = PhaseRecordRow.order(Column("id"))
        let readBack = try await handWritten.writer.read { db in try request.fetchAll(db) }
        #expect(readBack == (try await viaEncodable.writer.read { db in try request.fetchAll(db) }))
        #expect(readBack.map(\.record) == rows.map(\.record) && readBack.map(\.ink) == rows.map(\.ink))
    }

    @Test func handWrittenDraftColumnsEqualTheEncodablePath() async throws {
        let glyph = try GlyphLibrary.bundled().glyph("a", script: "druck")
        let strokes = PenSimulator().strokes(for: glyph, startTime: 1)
        var drafts = strokes.enumerated().map { index, samples in
            DraftStroke(lessonID: "L1", childID: "c1", condition: .threePhase, script: "druck", glyph: "a",
                        variant: "standard", phase: "freeWrite", attempt: 2, pointer: .pen,
                        startedAt: Date(timeIntervalSince1970: 1_795_420_800.123_4), strokeIndex: index, samples: samples)
        }
        // Pressure and tilt, and an anonymous session's draft.
        var tilted = drafts[0]
        tilted.samples = [PenSample(x: 1, y: 2, t: 0.5, pressure: 0.3, tiltX: -10, tiltY: 5), PenSample(x: 3.25, y: -0.0, t: 0.51)]
        tilted.childID = nil
        tilted.pointer = .touch
        drafts.append(tilted)
        let written: [DraftStroke] = drafts

        let handWritten = try FederDatabase.inMemory()
        let viaEncodable = try FederDatabase.inMemory()
        for database in [handWritten, viaEncodable] {
            _ = try await LessonStore(database: database).child(id: "c1")
            try await database.writer.write { db in try StoredLesson.ensure(id: "L1", childID: "c1", in: db) }
        }
        try await handWritten.writer.write { db in
            for var draft in written { try draft.insert(db) }
        }
        try await viaEncodable.writer.write { db in
            for draft in written { var mirror = DraftViaEncodable(draft: draft); try mirror.insert(db) }
        }
        let (stored, expected) = try await Self.storedRows(DraftStroke.databaseTableName, handWritten, viaEncodable)
        Self.expectSameColumns(stored, expected, count: drafts.count)
        let request = DraftStroke.order(Column("id"))
        let readBack = try await handWritten.writer.read { db in try request.fetchAll(db) }
        #expect(readBack == (try await viaEncodable.writer.read { db in try request.fetchAll(db) }))
        #expect(readBack.map(\.samples) == drafts.map(\.samples))
    }
}
