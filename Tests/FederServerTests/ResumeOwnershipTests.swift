import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// A page on a shared tablet may still hold the last child's lesson when the next child writes:
/// resuming it must neither show that child's strokes nor file the next child's ink under it, and
/// a lesson is never split between two children.
@Suite("A lesson belongs to one child")
struct ResumeOwnershipTests {
    typealias T = SessionConnectionTests
    static let first = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
    static let second = "0e3a1c52-7b4d-4c1e-9f20-5d8a6b7c9e01"

    /// Another connection to the harness's store, as after the page reconnects.
    static func reconnect(_ h: T.Harness) -> SessionConnection {
        SessionConnection(library: T.library, store: h.store, recognizer: T.recognizer, clock: h.clock.serverClock)
    }

    static func send(_ json: String, to connection: inout SessionConnection) async -> [ServerMessage] {
        await T.Harness.asTheServerDoes(json, &connection)
    }

    static func resumedStrokes(_ replies: [ServerMessage]) -> Int? {
        for case .resumed(_, _, _, _, let strokes, _, _) in replies { return strokes }
        return nil
    }

    @Test func aNewChildOnTheTabletEndsThePreviousChildsLetter() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.first)"}"#)
        let (lesson, strokes) = try await h.writeFirstStrokeOfA()
        let glyph = try T.library.glyph("A", script: "druck")

        let switched = await h.send(#"{"type":"hello","child":"\#(Self.second)"}"#)
        #expect(switched.contains { if case .stored = $0 { true } else { false } }, "the attempt in progress is recorded")
        let first = try await h.store.lessonRecords(lessonID: lesson, childID: Self.first)
        #expect(first.map(\.phase) == ["observe", "direct", "guided"])
        #expect(first.last?.outcome == "abandoned" && first.last?.ink?.strokes == [strokes[0]])
        #expect(try await h.store.draftCount() == 0)

        // The next child's letter is its own lesson; nothing more is added to the first one.
        let next = await h.send(#"{"type":"start","glyph":"A"}"#)
        let nextLesson = try #require(StorageFailureTests.lessonID(next))
        _ = await h.passObserveAndDirect(glyph)
        #expect(nextLesson != lesson)
        #expect(try await h.store.lessonRecords(lessonID: nextLesson, childID: Self.second).map(\.phase) == ["observe", "direct"])
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.second).isEmpty)
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.first).count == 3)
    }

    @Test func anotherChildsLessonIsRefusedAndItsStrokesStayWhereTheyAre() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.first)"}"#)
        let (lesson, _) = try await h.writeFirstStrokeOfA()
        await h.connection.close()
        #expect(try await h.store.draftCount() == 1, "the first child's finished stroke is kept as a draft")

        let resume = #"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#
        var other = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.second)"}"#, to: &other)
        let refused = await Self.send(resume, to: &other)
        #expect(T.errorCode(refused) == .noSuchLesson)
        #expect(Self.resumedStrokes(refused) == nil)
        await other.close()
        let drafts = try await h.database.writer.read { db in try DraftStroke.fetchAll(db) }
        #expect(drafts.map(\.childID) == [Self.first], "the draft is still the first child's")
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.second).isEmpty)

        // The child it belongs to resumes it with its stroke.
        var same = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.first)"}"#, to: &same)
        let resumed = await Self.send(resume, to: &same)
        #expect(T.errorCode(resumed) == nil)
        #expect(Self.resumedStrokes(resumed) == 1)
    }

    /// Another child's page names a lesson that is being written right now and of which nothing is
    /// stored yet (its watching phase stores nothing until it ends): refused, so that the lesson stays
    /// one child's and deleting the other child cannot take this child's records with it.
    @Test func aLessonInProgressWithNothingStoredIsRefusedToAnotherChild() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.first)"}"#)
        let opening = await h.send(#"{"type":"start","glyph":"A"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.first).isEmpty, "nothing stored yet")

        var other = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.second)"}"#, to: &other)
        let refused = await Self.send(#"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"observe","attempt":1}}"#, to: &other)
        #expect(T.errorCode(refused) == .noSuchLesson, "\(refused)")
        #expect(Self.resumedStrokes(refused) == nil)
        await other.close()

        _ = await h.passObserveAndDirect(try T.library.glyph("A", script: "druck"))
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.first).map(\.phase) == ["observe", "direct"])
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.second).isEmpty)
        // The child it belongs to may still resume it (a dropped connection).
        var same = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.first)"}"#, to: &same)
        let resumed = await Self.send(#"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#, to: &same)
        #expect(T.errorCode(resumed) == nil, "\(resumed)")
    }

    /// After a restart nothing remembers a lesson of which nothing was stored: the first child to
    /// resume it claims it, and another child is refused from then on.
    @Test func theFirstChildToResumeAnUnstoredLessonClaimsIt() async throws {
        let h = try T.Harness()
        let lesson = "4b0c3d7e-1f2a-4c5b-8d6e-9f0a1b2c3d4e"
        let resume = #"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"observe","attempt":1}}"#
        var first = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.first)"}"#, to: &first)
        #expect(T.errorCode(await Self.send(resume, to: &first)) == nil)
        var second = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.second)"}"#, to: &second)
        #expect(T.errorCode(await Self.send(resume, to: &second)) == .noSuchLesson)
        await first.close()
        await second.close()
    }

    /// A resume that is refused for another reason (nothing of the lesson is stored, and the letter
    /// it names is none the library has) claims nothing: the child it belongs to may still resume it.
    @Test func aRefusedResumeClaimsNothing() async throws {
        let h = try T.Harness()
        let lesson = "7c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
        var other = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.second)"}"#, to: &other)
        let refused = await Self.send(#"{"type":"start","glyph":"€","resume":{"lesson":"\#(lesson)","phase":"observe","attempt":1}}"#, to: &other)
        #expect(T.errorCode(refused) == .noSuchLesson, "nothing is stored of it, and the letter named is none: \(refused)")
        await other.close()
        var owner = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.first)"}"#, to: &owner)
        let resumed = await Self.send(#"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"observe","attempt":1}}"#, to: &owner)
        #expect(T.errorCode(resumed) == nil, "\(resumed)")
        await owner.close()
    }

    /// A guided-only lesson has no record before its attempt ends: resumed after the child was moved
    /// to another arm, it goes on in its own condition (from its drafts), not in the new arm.
    @Test func aLessonWithOnlyDraftsResumesInItsOwnCondition() async throws {
        var h = try T.Harness()
        _ = try await h.store.child(id: Self.first, now: Date())
        _ = try await h.store.children.update(id: Self.first, now: Date()) { $0.condition = .guidedOnly }
        _ = await h.send(#"{"type":"hello","child":"\#(Self.first)"}"#)
        let opening = await h.send(#"{"type":"start","glyph":"A"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        let glyph = try T.library.glyph("A", script: "druck")
        _ = await h.write([PenSimulator().strokes(for: glyph, startTime: 10)[0]])
        await h.connection.close()
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.first).isEmpty)
        _ = try await h.store.children.update(id: Self.first, now: Date()) { $0.condition = .control }

        var again = Self.reconnect(h)
        _ = await Self.send(#"{"type":"hello","child":"\#(Self.first)"}"#, to: &again)
        let resumed = await Self.send(#"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#, to: &again)
        var condition: StudyCondition?
        for case .started(_, _, let c, _, _, _, _) in resumed { condition = c }
        #expect(condition == .guidedOnly, "\(resumed)")
        #expect(Self.resumedStrokes(resumed) == 1)
    }
}
