import FederCore
import Foundation
import Logging
import Testing
@testable import FederServer

/// What a live session logs besides storage failures (those: StorageFailureTests): who writes,
/// each letter, each refused message and the end of the connection, each line with the child and
/// the lesson it concerns.
@Suite("Live session logging")
struct SessionLoggingTests {
    typealias T = SessionConnectionTests
    static let child = "00000000-0000-4000-8000-00000000c0de"

    /// A frame as the server handles it (`LiveSessionHandler`): the immediate part on the event loop,
    /// then the rest, if any, as its task does.
    static func asTheServerDoes(_ text: String, _ connection: inout SessionConnection) async -> [ServerMessage] {
        await T.Harness.asTheServerDoes(text, &connection)
    }

    @Test func aLessonLogsItsChildLetterRefusalsAndEndWithTheirIds() async throws {
        let log = LogRecorder()
        var h = try T.Harness(logger: log.logger)
        _ = await Self.asTheServerDoes(#"{"type":"hello","child":"\#(Self.child)"}"#, &h.connection)
        let hello = try #require(log.entries.first { $0.message.contains("child is writing") })
        #expect(hello.level == .info && hello.metadata["child"] == "\(Self.child)")

        let opening = await Self.asTheServerDoes(#"{"type":"start","glyph":"A"}"#, &h.connection)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        let started = try #require(log.entries.first { $0.message == "letter started" })
        #expect(started.level == .debug)
        #expect(started.metadata["lesson"] == "\(lesson)" && started.metadata["glyph"] == "A"
                && started.metadata["child"] == "\(Self.child)")

        // Refusals while the letter is in observe, on both of the server's paths: a dot tapped goes
        // on to the task (`continueAfter`); a `move` and bad JSON are answered on the event loop.
        let tap = await Self.asTheServerDoes(#"{"type":"tap","id":7,"dot":60}"#, &h.connection)
        #expect(T.errorCode(tap) == .notInThisPhase)
        if case .answered = h.connection.handleImmediately(text: #"{"type":"move","id":8,"samples":[]}"#) {} else {
            Issue.record("a refused move is answered at once")
        }
        _ = await Self.asTheServerDoes("{not json", &h.connection)
        let refusals = log.entries.filter { $0.message == "refused a message" }
        #expect(refusals.map { $0.metadata["code"]?.description } == ["not_in_this_phase", "not_in_this_phase", "invalid_json"])
        #expect(refusals.map { $0.metadata["re"]?.description } == ["7", "8", "-"])
        #expect(refusals.allSatisfy { $0.level == .debug && $0.metadata["lesson"] == "\(lesson)"
                                      && $0.metadata["child"] == "\(Self.child)" })

        _ = await Self.asTheServerDoes(#"{"type":"end"}"#, &h.connection)
        let finished = try #require(log.entries.first { $0.message == "letter finished" })
        #expect(finished.metadata["lesson"] == "\(lesson)" && finished.metadata["completed"] == "false")
        #expect(log.entries.contains { $0.level == .trace && $0.message == "phase record stored"
                                       && $0.metadata["phase"] == "observe" && $0.metadata["outcome"] == "abandoned" })

        await h.connection.close()
        let closed = try #require(log.entries.last)
        #expect(closed.level == .info && closed.message == "live session closed" && closed.metadata["child"] == "\(Self.child)")
        #expect(!log.entries.contains { $0.level >= .warning }, "a lesson without faults logs no warning")
    }

    /// The server's default level (`feder serve --log-level notice`) keeps a classroom's routine
    /// out of the log: a whole letter, all four phases to the stars, logs nothing at notice or above.
    @Test func aWholeLetterStaysBelowTheDefaultLevel() async throws {
        let log = LogRecorder()
        var h = try T.Harness(logger: log.logger)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        var replies = await h.send(#"{"type":"start","glyph":"L"}"#)
        let l = try T.library.glyph("L", script: "druck")
        replies += await h.passObserveAndDirect(l)
        replies += await h.write(PenSimulator().strokes(for: l, startTime: 10))
        replies += await h.write(PenSimulator().strokes(for: l, startTime: 30))
        h.clock.advance(2.5)
        replies += await h.connection.tick()
        await h.connection.close()
        #expect(T.events(replies).contains { if case .letterFinished(let r) = $0 { r.completed } else { false } })
        let stored = log.entries.filter { $0.message == "phase record stored" }.map { $0.metadata["phase"]?.description }
        #expect(stored == ["observe", "direct", "guided", "freeWrite"])
        #expect(log.entries.contains { $0.message == "letter finished" && $0.metadata["completed"] == "true" })
        #expect(log.entries.allSatisfy { $0.level < .notice }, "\(log.entries.filter { $0.level >= .notice }.map(\.message))")
    }
}
