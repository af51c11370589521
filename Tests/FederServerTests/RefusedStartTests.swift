import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// PROTOCOL.md: a refused message changes nothing. A `start` or `resume` that is refused must not
/// end the letter the child is writing.
@Suite("Refused starts")
struct RefusedStartTests {
    typealias T = SessionConnectionTests
    static let child = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    /// A child in the guided phase of `A` with one stroke written (kept as a draft).
    static func childWritingA() async throws -> (T.Harness, lesson: String, strokes: [[PenSample]]) {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(child)"}"#)
        let (lesson, strokes) = try await h.writeFirstStrokeOfA()
        return (h, lesson, strokes)
    }

    static func storedReplies(_ replies: [ServerMessage]) -> Int {
        replies.filter { if case .stored = $0 { true } else { false } }.count
    }

    @Test(arguments: [
        (#"{"type":"start","glyph":"€"}"#, ProtocolError.Code.unknownGlyph),
        (#"{"type":"start","glyph":"A","script":"gotisch"}"#, .unknownScript),
        (#"{"type":"start","glyph":"F","variant":"nope"}"#, .unknownVariant),
        (#"{"type":"start","word":"Om@"}"#, .unknownGlyph),
        (#"{"type":"start","glyph":"€","resume":{"lesson":"not-a-lesson","phase":"guided","attempt":1}}"#, .noSuchLesson),
    ])
    func aRefusedStartLeavesTheLetterInProgress(message: String, expected: ProtocolError.Code) async throws {
        var (h, lesson, strokes) = try await Self.childWritingA()
        let refused = await h.send(message)
        #expect(T.errorCode(refused) == expected)
        #expect(Self.storedReplies(refused) == 0, "nothing is recorded: \(refused)")
        #expect(try await h.store.lessonRecords(lessonID: lesson, childID: Self.child).map(\.outcome) == ["passed", "passed"])
        #expect(try await h.store.draftCount() == 1, "the written stroke is still a draft of the letter in progress")

        // The letter goes on: the rest of `A` finishes the guided phase with every stroke kept.
        let rest = await h.write(Array(strokes.dropFirst()))
        #expect(T.errorCode(rest) == nil, "\(rest)")
        #expect(T.phases(rest) == [.freeWrite])
        let guided = try #require(try await h.store.lessonRecords(lessonID: lesson, childID: Self.child).last)
        #expect(guided.phase == "guided" && guided.ink?.strokes.count == strokes.count)
    }

    @Test func aStartThatIsServedStillEndsTheLetterInProgress() async throws {
        var (h, lesson, _) = try await Self.childWritingA()
        let next = await h.send(#"{"type":"start","glyph":"B"}"#)
        #expect(T.errorCode(next) == nil)
        #expect(Self.storedReplies(next) == 1)
        let rows = try await h.store.lessonRecords(lessonID: lesson, childID: Self.child)
        #expect(rows.last?.outcome == "abandoned" && rows.last?.ink?.strokes.count == 1)
    }
}
