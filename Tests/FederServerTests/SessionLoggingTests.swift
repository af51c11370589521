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

    @Test func aLessonLogsItsChildLetterRefusalsAndEndWithTheirIds() async throws {
        let log = LogRecorder()
        var h = try T.Harness(logger: log.logger)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let hello = try #require(log.entries.first { $0.message.contains("child is writing") })
        #expect(hello.level == .info && hello.metadata["child"] == "\(Self.child)")

        let opening = await h.send(#"{"type":"start","glyph":"A"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        let started = try #require(log.entries.first { $0.message == "letter started" })
        #expect(started.level == .debug)
        #expect(started.metadata["lesson"] == "\(lesson)" && started.metadata["glyph"] == "A"
                && started.metadata["child"] == "\(Self.child)")

        // Refusals on both paths, while the letter is in observe: the full decoder's (a dot tapped)
        // and the event loop's immediate one (a `move`, bad JSON).
        _ = await h.send(#"{"type":"tap","id":7,"dot":60}"#)
        if case .answered = h.connection.handleImmediately(text: #"{"type":"move","id":8,"samples":[]}"#) {} else {
            Issue.record("a refused move is answered at once")
        }
        _ = h.connection.handleImmediately(text: "{not json")
        let refusals = log.entries.filter { $0.message == "refused a message" }
        #expect(refusals.map { $0.metadata["code"]?.description } == ["not_in_this_phase", "not_in_this_phase", "invalid_json"])
        #expect(refusals.map { $0.metadata["re"]?.description } == ["7", "8", "-"])
        #expect(refusals.allSatisfy { $0.level == .debug && $0.metadata["lesson"] == "\(lesson)"
                                      && $0.metadata["child"] == "\(Self.child)" })

        _ = await h.send(#"{"type":"end"}"#)
        let finished = try #require(log.entries.first { $0.message == "letter finished" })
        #expect(finished.metadata["lesson"] == "\(lesson)" && finished.metadata["completed"] == "false")
        #expect(log.entries.contains { $0.level == .trace && $0.message == "phase record stored"
                                       && $0.metadata["phase"] == "observe" && $0.metadata["outcome"] == "abandoned" })

        await h.connection.close()
        let closed = try #require(log.entries.last)
        #expect(closed.level == .info && closed.message == "live session closed" && closed.metadata["child"] == "\(Self.child)")
        #expect(!log.entries.contains { $0.level >= .warning }, "a normal lesson logs no warning")
    }

    /// The server's default level (`feder serve --log-level notice`) keeps a classroom's routine
    /// out of the log: nothing above is logged at notice or higher.
    @Test func routineLinesStayBelowTheDefaultLevel() async throws {
        let log = LogRecorder()
        var h = try T.Harness(logger: log.logger)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        _ = await h.send(#"{"type":"start","glyph":"b"}"#)
        _ = await h.send(#"{"type":"up"}"#)
        _ = await h.send(#"{"type":"end"}"#)
        await h.connection.close()
        #expect(log.entries.count >= 5)
        #expect(log.entries.allSatisfy { $0.level < .notice })
    }
}
