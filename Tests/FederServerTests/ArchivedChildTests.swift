import FederCore
import FederStore
import Foundation
import GRDB
import Testing
@testable import FederServer

/// A child an adult archived (it left the class) writes no more as itself on a tablet that is still
/// open: neither a Werkstatt letter nor a resumed lesson is taken for it.
@Suite("An archived child writes no more")
struct ArchivedChildTests {
    typealias T = SessionConnectionTests
    static let child = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    static func archive(_ h: T.Harness) async throws {
        _ = try await h.store.children.update(id: Self.child, now: Date()) { $0.archivedAt = Date() }
    }

    static func readMessage(of char: String) throws -> String {
        let glyph = try T.library.glyph(char, script: "druck")
        let strokes = PenSimulator().strokes(for: glyph, startTime: 1)
        let json = String(decoding: try JSONEncoder().encode(strokes), as: UTF8.self)
        return #"{"type":"read","ink":{"pointer":"touch","strokes":\#(json)},"expected":"\#(char)"}"#
    }

    static func letterSessions(_ h: T.Harness) throws -> Int {
        try h.database.writer.read { db in try LetterSessionRow.fetchCount(db) }
    }

    @Test func aWerkstattLetterIsReadForTheChildUntilItIsArchived() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let before = await h.send(try Self.readMessage(of: "L"))
        #expect(before.contains { if case .read = $0 { true } else { false } }, "\(before)")
        #expect(try Self.letterSessions(h) == 1, "a letter asked for leaves a trace for the jar")

        try await Self.archive(h)
        let after = await h.send(try Self.readMessage(of: "L"))
        #expect(T.errorCode(after) == .childArchived, "\(after)")
        #expect(!after.contains { if case .read = $0 { true } else { false } })
        #expect(try Self.letterSessions(h) == 1, "nothing more is stored for the archived child")
    }

    @Test func aLessonOfAnArchivedChildIsNotResumed() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let (lesson, _) = try await h.writeFirstStrokeOfA()
        await h.connection.close()
        let records = try T.recordsOfLesson(h).count

        var again = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(Self.child)"}"#, to: &again)
        try await Self.archive(h)
        let replies = await ResumeOwnershipTests.send(
            #"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#, to: &again)
        #expect(T.errorCode(replies) == .childArchived, "\(replies)")
        #expect(!replies.contains { if case .started = $0 { true } else { false } })
        #expect(try T.recordsOfLesson(h).count == records)
        #expect(try await h.store.draftCount() == 1, "the kept stroke stays a draft: nothing is lost")
    }
}
