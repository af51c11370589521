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

    /// Writes `rows` into two fresh databases (child c1, lesson L1), directly in one and through
    /// `mirror` (GRDB's `Encodable` path) in the other, expects every stored column to be equal, and
    /// returns what each database reads back.
    static func writtenBothWays<Record: MutablePersistableRecord & FetchableRecord & Sendable, Mirror: MutablePersistableRecord>(
        _ rows: [Record], mirror: @escaping @Sendable (Record) -> Mirror
    ) async throws -> (handWritten: [Record], viaEncodable: [Record]) {
        let handWritten = try FederDatabase.inMemory()
        let viaEncodable = try FederDatabase.inMemory()
        for database in [handWritten, viaEncodable] {
            _ = try await LessonStore(database: database).child(id: "c1")
            try await database.writer.write { db in try StoredLesson.ensure(id: "L1", childID: "c1", in: db) }
        }
        try await handWritten.writer.write { db in
            for var row in rows { try row.insert(db) }
        }
        try await viaEncodable.writer.write { db in
            for row in rows { var encoded = mirror(row); try encoded.insert(db) }
        }
        let sql = "SELECT * FROM \(Record.databaseTableName) ORDER BY id"
        let stored = try await handWritten.writer.read { db in try Row.fetchAll(db, sql: sql) }
        let expected = try await viaEncodable.writer.read { db in try Row.fetchAll(db, sql: sql) }
        #expect(stored.count == rows.count && expected.count == rows.count)
        for (a, b) in zip(stored, expected) {
            for column in b.columnNames {
                #expect(a[column] as DatabaseValue == b[column] as DatabaseValue, "column \(column)")
            }
        }
        let request = Record.order(Column("id"))
        return (try await handWritten.writer.read { db in try request.fetchAll(db) },
                try await viaEncodable.writer.read { db in try request.fetchAll(db) })
    }

    /// Real records of every phase of `a` (observe and direct tapped through, then a guided and a
    /// free-written attempt), judged by the lesson machine.
    static func judgedRecords() throws -> [PhaseRecord] {
        let glyph = try GlyphLibrary.bundled().glyph("a", script: "druck")
        var (machine, _) = LessonMachine.begin(glyph: glyph, condition: .threePhase, at: 0)
        var records: [PhaseRecord] = []
        func collect(_ events: [LessonEvent]) {
            for case .phaseFinished(let record) in events { records.append(record) }
        }
        collect(try machine.handle(.tap(Point(50, 150)), at: 0.5))
        for i in glyph.strokes.indices { collect(try machine.handle(.tapDot(i), at: 1 + 0.5 * Double(i))) }
        var start = 3.0 + 0.5 * Double(glyph.strokes.count)
        collect(try machine.handle(.tick, at: start))
        while !records.contains(where: { $0.phase == .freeWrite }), !machine.isFinished {
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
        #expect(records.map(\.phase) == [.observe, .direct, .guided, .freeWrite])
        #expect(records.last?.assessment?.motor != nil && records.last?.assessment?.kinematics != nil,
                "the free-written record carries Schreibmotorik and kinematics through the columns")
        var rows = records.map {
            PhaseRecordRow(record: $0, lessonID: "L1", childID: "c1", wallStart: Date(timeIntervalSince1970: 1_795_420_800.123_4))
        }
        // Optional columns empty, and a recovered row without an engine record.
        var bare = rows[0]
        bare.childID = nil; bare.pointer = nil; bare.score = nil; bare.stars = nil; bare.record = nil; bare.ink = nil
        bare.recovered = true
        rows.append(bare)
        #expect(rows.contains { $0.record?.assessment != nil }, "a judged record with its assessment")

        // And they read back the same (dates to the millisecond, as stored).
        let (readBack, viaEncodable) = try await Self.writtenBothWays(rows) { ViaEncodable(row: $0) }
        #expect(readBack == viaEncodable)
        #expect(readBack.map(\.record) == rows.map(\.record) && readBack.map(\.ink) == rows.map(\.ink))
    }

    /// Lists that draw no ink (the adult dashboard) read `Columns.allButInk`: every column but the
    /// ink must be in it, or a record would come back with that value missing.
    @Test func allButInkReadsEveryColumnButTheInk() async throws {
        let store = LessonStore(database: try FederDatabase.inMemory())
        _ = try await store.child(id: "c1")
        for record in try Self.judgedRecords() {
            try await store.save(PhaseRecordRow(record: record, lessonID: "L1", childID: "c1",
                                                wallStart: Date(timeIntervalSince1970: 1_795_420_800.123_4)))
        }
        let (full, withoutInk) = try await store.database.writer.read { db in
            (try PhaseRecordRow.order(PhaseRecordRow.Columns.id).fetchAll(db),
             try PhaseRecordRow.select(PhaseRecordRow.Columns.allButInk).order(PhaseRecordRow.Columns.id).fetchAll(db))
        }
        #expect(full.count == 4 && full.contains { $0.ink != nil } && full.contains { $0.record?.assessment != nil })
        #expect(withoutInk == full.map { var row = $0; row.ink = nil; return row })
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

        let (readBack, viaEncodable) = try await Self.writtenBothWays(drafts) { DraftViaEncodable(draft: $0) }
        #expect(readBack == viaEncodable)
        #expect(readBack.map(\.samples) == drafts.map(\.samples))
    }
}
