import FederCore
import Foundation
import GRDB
import Testing
@testable import FederStore

/// Ink and draft samples are written by `InkJSONWriter`, no longer by GRDB's `JSONEncoder`: the
/// columns must still hold the layout-1 JSON every reader expects, rows written the old way must
/// still read, and ink JSON cannot hold is refused loudly.
@Suite("Ink columns")
struct InkColumnsTests {
    let ink = Ink(pointer: .pen, strokes: [[PenSample(x: 1, y: 2, t: 0.5, pressure: 0.3, tiltX: -10, tiltY: 5),
                                            PenSample(x: 3.25, y: -0.0, t: 0.51, pressure: 0.6)],
                                           [PenSample(x: 1e-7, y: 123456.789, t: 1)]])

    func row(ink: Ink?) -> PhaseRecordRow {
        PhaseRecordRow(lessonID: "L1", childID: "c1", condition: .threePhase, script: "druck", glyph: "A",
                       variant: "standard", phase: "freeWrite", attempt: 1, outcome: "passed", completed: true,
                       pointer: .pen, startedAt: Date(timeIntervalSince1970: 1_700_000_000),
                       endedAt: Date(timeIntervalSince1970: 1_700_000_010), activeSeconds: 10, score: 0.9,
                       stars: 3, record: nil, ink: ink)
    }

    func draft(_ samples: [PenSample]) -> DraftStroke {
        DraftStroke(lessonID: "L1", childID: "c1", condition: .threePhase, script: "druck", glyph: "A",
                    variant: "standard", phase: "freeWrite", attempt: 1, pointer: .pen,
                    startedAt: Date(timeIntervalSince1970: 1_700_000_000), strokeIndex: 0, samples: samples)
    }

    @Test func theStoredColumnIsTheInksJSON() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        _ = try await store.child(id: "c1")
        let saved = try await store.save(row(ink: ink))
        let text = try #require(try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT ink FROM phaseRecord WHERE id = ?", arguments: [saved.id])
        })
        #expect(try JSONDecoder().decode(Ink.self, from: Data(text.utf8)) == ink)
        #expect(try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT typeof(ink) FROM phaseRecord")
        } == "text")
        #expect(try await store.record(id: saved.id!)?.ink == ink)
        // the research reader (VersionedJSON) reads it too
        #expect(try VersionedJSON.ink(text, version: 1) == ink)
    }

    @Test func rowsWrittenByTheEncoderStillRead() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        _ = try await store.child(id: "c1")
        let saved = try await store.save(row(ink: nil))
        let encoded = String(decoding: try JSONEncoder().encode(ink), as: UTF8.self)
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE phaseRecord SET ink = ? WHERE id = ?", arguments: [encoded, saved.id])
        }
        #expect(try await store.record(id: saved.id!)?.ink == ink)
    }

    @Test func inkThatCannotBeReadIsAnErrorNotACrash() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        _ = try await store.child(id: "c1")
        let saved = try await store.save(row(ink: ink))
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE phaseRecord SET ink = '{\"pointer\":\"pen\",\"strokes\":[[[1,' WHERE id = ?",
                           arguments: [saved.id])
        }
        await #expect(throws: (any Error).self) { try await store.record(id: saved.id!) }
    }

    @Test func draftSamplesRoundTripAsJSON() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        _ = try await store.child(id: "c1")
        try await store.appendDraft(draft(ink.strokes[0]))
        let text = try #require(try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT samples FROM draftStroke")
        })
        #expect(try JSONDecoder().decode([PenSample].self, from: Data(text.utf8)) == ink.strokes[0])
        let read = try await database.writer.read { db in try DraftStroke.fetchAll(db) }
        #expect(read.map(\.samples) == [ink.strokes[0]])
    }

    @Test func inkJSONCannotHoldIsRefusedAndNothingIsStored() async throws {
        let database = try FederDatabase.inMemory()
        let store = LessonStore(database: database)
        _ = try await store.child(id: "c1")
        let bad = Ink(pointer: .pen, strokes: [[PenSample(x: .nan, y: 0, t: 0)]])
        await #expect(throws: LessonStore.Failure.inkNotFinite(lessonID: "L1")) { try await store.save(row(ink: bad)) }
        await #expect(throws: LessonStore.Failure.inkNotFinite(lessonID: "L1")) {
            try await store.appendDraft(draft([PenSample(x: 0, y: 0, t: 0, pressure: .infinity)]))
        }
        await #expect(throws: LessonStore.Failure.inkNotFinite(lessonID: "L1")) { try await store.insert([row(ink: bad)]) }
        #expect(try await store.recordCount() == 0)
        #expect(try await database.writer.read { db in try DraftStroke.fetchCount(db) } == 0)
    }
}
