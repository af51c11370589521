import FederCore
import FederStore
import Foundation
import GRDB
import Logging
import Testing
@testable import FederServer

/// A clock moved by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 1000.0

    var serverClock: ServerClock {
        ServerClock(monotonic: { [self] in lock.withLock { seconds } },
                    wall: { [self] in Date(timeIntervalSince1970: 1_800_000_000 + lock.withLock { seconds }) })
    }

    func advance(_ s: Double) { lock.withLock { seconds += s } }
}

/// A folder under the temporary directory, removed when the last harness holding it goes away.
final class ScratchDirectory: Sendable {
    let url: URL
    init(prefix: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())", isDirectory: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The live session protocol, message by message, against a real SQLite store.
@Suite("Session connection")
struct SessionConnectionTests {
    static let library = try! GlyphLibrary.bundled()
    static let recognizer = try! LetterRecognizer.bundled()
    static let childID = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    struct Harness {
        var connection: SessionConnection
        let store: LessonStore
        let clock = ManualClock()
        let directory = ScratchDirectory(prefix: "feder-server")

        let database: FederDatabase

        /// `storage` puts another store between the connection and the real one (to make writes
        /// fail); `logger` receives what the connection logs.
        init(storage: (LessonStore) -> any LiveSessionStore = { $0 }, logger: Logger = Logger(label: "test")) throws {
            database = try FederDatabase(directory: directory.url)
            store = LessonStore(database: database)
            connection = SessionConnection(library: SessionConnectionTests.library, store: storage(store),
                                           recognizer: SessionConnectionTests.recognizer, clock: clock.serverClock,
                                           logger: logger)
        }

        /// As the server does (`LiveSessionHandler`): the frame's immediate part, then the rest, if
        /// any, with the draft a pen-up asks for written before the replies are returned.
        mutating func send(_ json: String) async -> [ServerMessage] {
            await Self.asTheServerDoes(json, &connection)
        }

        static func asTheServerDoes(_ text: String, _ connection: inout SessionConnection) async -> [ServerMessage] {
            switch connection.handleImmediately(text: text) {
            case .answered(let replies): return replies
            case .continues(let rest): return await connection.continueAfter(rest)
            }
        }

        /// Writes ink through the protocol as the page would (batches of 4 samples), the clock
        /// following the samples.
        mutating func write(_ strokes: [[PenSample]]) async -> [ServerMessage] {
            var replies: [ServerMessage] = []
            var last = strokes.first?.first?.t ?? 0
            for stroke in strokes {
                clock.advance(max(0, stroke[0].t - last)); last = stroke[0].t
                replies += await send(#"{"type":"down","pointer":"pen","sample":\#(json(stroke[0]))}"#)
                for chunk in stride(from: 1, to: stroke.count, by: 4) {
                    let batch = stroke[chunk..<min(chunk + 4, stroke.count)]
                    clock.advance(batch.last!.t - last); last = batch.last!.t
                    replies += await send(#"{"type":"move","samples":[\#(batch.map(json).joined(separator: ","))]}"#)
                }
                replies += await send(#"{"type":"up"}"#)
            }
            return replies
        }

        /// The child on this connection starts `A`, passes observe and direct, and writes the first
        /// stroke of guided (kept as a draft): a letter in progress. Returns its lesson and A's strokes.
        mutating func writeFirstStrokeOfA() async throws -> (lesson: String, strokes: [[PenSample]]) {
            let opening = await send(#"{"type":"start","glyph":"A"}"#)
            let lesson = try #require(StorageFailureTests.lessonID(opening))
            let glyph = try SessionConnectionTests.library.glyph("A", script: "druck")
            _ = await passObserveAndDirect(glyph)
            let strokes = PenSimulator().strokes(for: glyph, startTime: 10)
            _ = await write([strokes[0]])
            return (lesson, strokes)
        }

        /// Observe skipped by a tap, every dot tapped in order, the pause after the last dot.
        mutating func passObserveAndDirect(_ glyph: Glyph) async -> [ServerMessage] {
            var replies = await send(#"{"type":"tap","point":[0,0]}"#)
            for i in glyph.strokes.indices {
                clock.advance(0.5)
                replies += await send(#"{"type":"tap","dot":\#(i)}"#)
            }
            clock.advance(1.5)
            replies += await connection.tick()
            return replies
        }
    }

    /// The records of the harness's only lesson.
    static func recordsOfLesson(_ h: Harness) throws -> [PhaseRecordRow] {
        try h.database.writer.read { db in try PhaseRecordRow.order(Column("id")).fetchAll(db) }
    }

    static func errorCode(_ replies: [ServerMessage]) -> ProtocolError.Code? {
        for case .error(_, let e) in replies { return e.code }
        return nil
    }

    static func events(_ replies: [ServerMessage]) -> [LessonEvent] {
        replies.flatMap { reply -> [LessonEvent] in
            if case .events(_, let e, _) = reply { return e }
            return []
        }
    }

    static func phases(_ replies: [ServerMessage]) -> [LessonPhase] {
        events(replies).compactMap { if case .phaseStarted(let p, _, _) = $0 { p } else { nil } }
    }

    @Test(arguments: [
        ("not json", ProtocolError.Code.invalidJSON),
        ("{\"type\":\"move\",\"samples\":[[NaN, 1, 2]]}", .invalidJSON),
        ("{\"type\": ", .invalidJSON),
        ("[1,2,3]", .invalidMessage),
        ("{\"id\": 5}", .invalidMessage),
        ("{\"type\": 42}", .invalidMessage),
        ("{\"type\":\"dance\"}", .unknownType),
        ("{\"type\":\"hello\",\"v\":7}", .unsupportedVersion),
        // Valid JSON whose number does not fit its field is a bad message, not bad JSON.
        ("{\"type\":\"hello\",\"v\":1.5}", .invalidMessage),
        ("{\"type\":\"hello\",\"v\":99999999999999999999}", .invalidMessage),
        ("{\"type\":\"ping\",\"id\":1.5}", .invalidMessage),
        ("{\"type\":\"hello\",\"child\":\"not-a-uuid\"}", .invalidMessage),
        ("{\"type\":\"start\"}", .invalidMessage),
        ("{\"type\":\"start\",\"glyph\":\"AB\"}", .invalidMessage),
        ("{\"type\":\"start\",\"glyph\":\"€\"}", .unknownGlyph),
        ("{\"type\":\"start\",\"glyph\":\"A\",\"script\":\"gotisch\"}", .unknownScript),
        ("{\"type\":\"start\",\"glyph\":\"F\",\"variant\":\"nope\"}", .unknownVariant),
        ("{\"type\":\"down\",\"pointer\":\"pen\",\"sample\":[1,2,3]}", .noSession),
        ("{\"type\":\"observed\"}", .noSession),
        ("{\"type\":\"tap\"}", .invalidMessage),
        ("{\"type\":\"tap\",\"dot\":-1}", .invalidMessage),
        ("{\"type\":\"move\",\"samples\":[[1,2]]}", .invalidMessage),
        ("{\"type\":\"down\",\"pointer\":\"laser\",\"sample\":[1,2,3]}", .invalidMessage),
        // A resume's bounds hold for a word as for a letter.
        ("{\"type\":\"start\",\"glyph\":\"A\",\"resume\":{\"lesson\":\"%@\",\"phase\":\"guided\",\"attempt\":1}}".replacingOccurrences(of: "%@", with: String(repeating: "x", count: 65)), .invalidMessage),
        ("{\"type\":\"start\",\"word\":\"Oma\",\"resume\":{\"lesson\":\"%@\",\"phase\":\"guided\",\"attempt\":1}}".replacingOccurrences(of: "%@", with: String(repeating: "x", count: 65)), .invalidMessage),
        ("{\"type\":\"start\",\"word\":\"Oma\",\"resume\":{\"lesson\":\"\",\"phase\":\"guided\",\"attempt\":1}}", .invalidMessage),
        ("{\"type\":\"start\",\"word\":\"Oma\",\"resume\":{\"lesson\":\"abc\",\"phase\":\"guided\",\"attempt\":0}}", .invalidMessage),
        ("{\"type\":\"start\",\"word\":\"Oma\",\"resume\":{\"lesson\":\"abc\",\"phase\":\"guided\",\"attempt\":1001}}", .invalidMessage),
    ])
    func malformedMessagesGetTypedErrors(message: String, expected: ProtocolError.Code) async throws {
        var h = try Harness()
        #expect(Self.errorCode(await h.send(message)) == expected)
    }

    /// A bad envelope is told apart: no object, no string `type`, or a bad `id` or `v` (a message
    /// with a perfectly good `type` was told it had none).
    @Test(arguments: [
        ("[1,2,3]", "expected an object with a string \"type\""),
        ("{\"type\": 42}", "expected a string \"type\""),
        ("{\"type\":\"ping\",\"id\":1.5}", "\"id\" must be a whole number or a string"),
        ("{\"type\":\"ping\",\"id\":\"\(String(repeating: "x", count: 65))\"}", "\"id\" must be a whole number or a string"),
        ("{\"type\":\"hello\",\"v\":\"1\"}", "\"v\" a whole number"),
    ])
    func aBadEnvelopeSaysWhatIsWrong(message: String, says: String) async throws {
        var h = try Harness()
        var told: String?
        for case .error(_, let error) in await h.send(message) { told = error.message }
        #expect(told?.contains(says) == true, "\(told ?? "no error")")
    }

    /// `session_full` holds for every message that brings samples: a `move`, and `down` after `up`
    /// (pairs of them would otherwise grow the ink without limit); an `up` at the limit still lifts
    /// the pen and only its sample is left out.
    @Test func anAttemptTakesNoSampleBeyondItsLimitWhicheverMessageBringsIt() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"L"}"#)
        let l = try Self.library.glyph("L", script: "druck")
        _ = await h.passObserveAndDirect(l)
        let origin = PenSimulator().strokes(for: l, startTime: 0)[0][0]
        var t = 20.0
        func samples(_ n: Int) -> String {
            (0..<n).map { i -> String in
                t += 0.005
                return "[\(origin.x + Double(i % 7)),\(origin.y + Double(i % 5)),\(t)]"
            }.joined(separator: ",")
        }
        let firstDown = await h.send(#"{"type":"down","pointer":"pen","sample":\#(samples(1))}"#)
        #expect(Self.errorCode(firstDown) == nil, "\(firstDown)")
        let limit = ProtocolLimits.samplesPerSession
        var held = 1
        while held < limit {
            let n = min(512, limit - held)
            let replies = await h.send(#"{"type":"move","samples":[\#(samples(n))]}"#)
            #expect(Self.errorCode(replies) == nil)
            held += n
        }
        #expect(h.connection.lesson?.machine.inkInProgress?.sampleCount == limit)
        #expect(Self.errorCode(await h.send(#"{"type":"move","samples":[\#(samples(1))]}"#)) == .sessionFull)
        let upAtTheLimit = await h.send(#"{"type":"up","sample":\#(samples(1))}"#)
        #expect(Self.errorCode(upAtTheLimit) == nil)
        #expect(upAtTheLimit.contains { if case .events(_, _, 1) = $0 { true } else { false } },
                "the up's sample is left out and counted: \(upAtTheLimit)")
        #expect(Self.errorCode(await h.send(#"{"type":"down","pointer":"pen","sample":\#(samples(1))}"#)) == .sessionFull)
        #expect(h.connection.lesson?.machine.inkInProgress?.sampleCount == limit)
        #expect(Self.errorCode(await h.send(#"{"type":"restart"}"#)) == nil)
        #expect(Self.errorCode(await h.send(#"{"type":"down","pointer":"pen","sample":\#(samples(1))}"#)) == nil,
                "after restart the child writes again")
    }

    @Test func theRequestIDIsEchoedEvenOnErrors() async throws {
        var h = try Harness()
        #expect(await h.send(#"{"id":"abc","type":"dance"}"#) == [.error(re: .text("abc"), ProtocolError(.unknownType, "unknown message type \"dance\""))])
        #expect(await h.send(#"{"id":7,"type":"ping"}"#) == [.pong(re: .number(7))])
    }

    @Test func aWholeFourPhaseLessonIsStoredPhaseByPhaseAndTheChildLearns() async throws {
        var h = try Harness()
        let hello = await h.send(#"{"type":"hello","child":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}"#)
        guard hello.count == 1, case .hello(nil, 1, Self.childID, .threePhase, let profile?) = hello[0] else {
            Issue.record("expected one hello with the child's profile, got \(hello)")
            return
        }
        #expect(profile.needsOnboarding && profile.sound && !profile.captions)
        #expect(profile.haptics && profile.speechRate == 1 && profile.appearance == .system && !profile.highContrast
                && profile.lineWeight == .normal)
        var replies = await h.send(#"{"type":"start","glyph":"L"}"#)
        #expect(Self.phases(replies) == [.observe])
        let l = try Self.library.glyph("L", script: "druck")
        replies += await h.passObserveAndDirect(l)
        replies += await h.write(PenSimulator().strokes(for: l, startTime: 10))
        #expect(Self.phases(replies) == [.observe, .direct, .guided, .freeWrite])
        replies += await h.write(PenSimulator().strokes(for: l, startTime: 30))
        #expect(!Self.events(replies).contains { if case .letterFinished = $0 { true } else { false } })
        h.clock.advance(2.5)
        replies += await h.connection.tick()
        #expect(Self.events(replies).contains { if case .letterFinished(let r) = $0 { r.completed && r.stars > 0 } else { false } })

        let rows = try await h.store.recentRecords(limit: 10).reversed()
        #expect(rows.map(\.phase) == ["observe", "direct", "guided", "freeWrite"])
        #expect(rows.allSatisfy { $0.completed && $0.childID == Self.childID && $0.condition == .threePhase })
        let guided = try #require(rows.first { $0.phase == "guided" })
        #expect((guided.score ?? 0) > 0.8)
        #expect(guided.ink?.strokes.count == l.strokes.count)
        #expect(guided.ink?.strokes[0][0].pressure != nil)
        let free = try #require(rows.first { $0.phase == "freeWrite" })
        #expect(free.record?.assessment?.motor?.form ?? 0 > 0.8)
        let clarity = try #require(free.record?.assessment?.clarity, "free writing is read for Klarheit")
        #expect(clarity.expected == "L" && clarity.isExpected && clarity.probability > 0.5)
        #expect(try await h.store.draftCount() == 0)
        let child = try await h.store.child(id: Self.childID)
        #expect(child.learner.letters["druck/L"]?.sessions == 1)
        // The letter is over: a lesson message now is one without a lesson (PROTOCOL.md, Errors).
        #expect(Self.errorCode(await h.send(#"{"type":"down","pointer":"pen","sample":[10,20,99]}"#)) == .noSession)
        #expect(Self.errorCode(await h.send(#"{"type":"observed"}"#)) == .noSession)
    }

    @Test func aGuidedOnlyChildStartsWithTracing() async throws {
        var h = try Harness()
        var child = try await h.store.child(id: Self.childID)
        child.condition = .guidedOnly
        try await h.store.save(child)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.childID)"}"#)
        let replies = await h.send(#"{"type":"start","glyph":"A"}"#)
        #expect(Self.phases(replies) == [.guided])
        #expect(replies.contains { if case .started(_, _, .guidedOnly, [.guided], _, _, _) = $0 { true } else { false } })
    }

    @Test func outOfOrderMessagesAreAnsweredAndTheSessionStaysUsable() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"l"}"#)
        #expect(Self.errorCode(await h.send(#"{"type":"down","pointer":"pen","sample":[1,2,3]}"#)) == .notInThisPhase)
        let l = try Self.library.glyph("l", script: "druck")
        _ = await h.passObserveAndDirect(l)
        #expect(Self.errorCode(await h.send(#"{"type":"move","samples":[[1,2,3]]}"#)) == .penNotDown)
        #expect(Self.errorCode(await h.send(#"{"type":"up"}"#)) == .penNotDown)
        #expect(Self.errorCode(await h.send(#"{"type":"tap","dot":0}"#)) == .notInThisPhase)
        _ = await h.send(#"{"type":"down","pointer":"touch","sample":[0,0,0]}"#)
        #expect(Self.errorCode(await h.send(#"{"type":"down","pointer":"touch","sample":[0,0,0]}"#)) == .penAlreadyDown)
        _ = await h.send(#"{"type":"up"}"#)
        let replies = await h.write(PenSimulator().strokes(for: l, startTime: 5))
        #expect(Self.events(replies).contains(.tracker(.letterDone)))
    }

    @Test func absurdNumbersAreIgnoredAndCounted() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"l"}"#)
        _ = await h.passObserveAndDirect(try Self.library.glyph("l", script: "druck"))
        _ = await h.send(#"{"type":"down","pointer":"pen","sample":[30,0,0,0.5]}"#)
        let replies = await h.send(#"{"type":"move","samples":[[1e308,1e308,0.1],[30,5,-1e308],[30,6,0.2,0.5,0,0]]}"#)
        guard case .events(_, _, let ignored) = replies.first else { Issue.record("no events reply"); return }
        #expect(ignored == 2)
    }

    @Test func tooManySamplesInOneMessageIsRefused() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"l"}"#)
        let many = Array(repeating: "[1,2,3]", count: ProtocolLimits.samplesPerMessage + 1).joined(separator: ",")
        #expect(Self.errorCode(await h.send(#"{"type":"move","samples":[\#(many)]}"#)) == .tooManySamples)
    }

    @Test func aReversedTraceDoesNotFinishGuidedAndIsKeptWhenTheChildLeaves() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"A"}"#)
        let a = try Self.library.glyph("A", script: "druck")
        _ = await h.passObserveAndDirect(a)
        let replies = await h.write(PenSimulator().strokes(for: a, reversed: true, startTime: 5))
        #expect(!Self.events(replies).contains(.tracker(.letterDone)))
        #expect(try await h.store.draftCount() == 3, "every finished stroke is a draft")
        _ = await h.send(#"{"type":"end"}"#)
        let guided = try await h.store.recentRecords().first { $0.phase == "guided" }
        #expect(guided?.outcome == "abandoned")
        #expect(guided?.ink?.strokes.count == 3)
        #expect(try await h.store.draftCount() == 0)
    }

    @Test func aPenUpsDraftIsWrittenBeforeItsReplyAndOnlyOnce() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"A"}"#)
        let a = try Self.library.glyph("A", script: "druck")
        _ = await h.passObserveAndDirect(a)
        let stroke = PenSimulator().strokes(for: a, startTime: 5)[0]
        _ = await h.send(#"{"type":"down","pointer":"pen","sample":\#(json(stroke[0]))}"#)
        _ = await h.send(#"{"type":"move","samples":[\#(stroke.dropFirst().map(json).joined(separator: ","))]}"#)
        // The server's order: a pen-up is not answered on the event loop; its task writes the draft
        // and only then returns the replies.
        guard case .continues(let rest) = h.connection.handleImmediately(text: #"{"type":"up"}"#) else {
            Issue.record("a pen-up goes on to the task that writes its draft")
            return
        }
        #expect(try await h.store.draftCount() == 0)
        let up = await h.connection.continueAfter(rest)
        #expect(Self.errorCode(up) == nil)
        #expect(try await h.store.draftCount() == 1)
        await h.connection.persistBeforeReply()
        #expect(try await h.store.draftCount() == 1, "a draft is written once")
    }

    @Test func aCrashLosesAtMostTheStrokeInFlight() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"A"}"#)
        let a = try Self.library.glyph("A", script: "druck")
        _ = await h.passObserveAndDirect(a)
        let strokes = PenSimulator().strokes(for: a, startTime: 5)
        _ = await h.write(Array(strokes.prefix(2)))
        // The third stroke is in flight when the server dies: no up, no close.
        _ = await h.send(#"{"type":"down","pointer":"pen","sample":\#(json(strokes[2][0]))}"#)
        let recovered = try h.store.recoverDrafts(judge: h.connection.interruptedAttemptJudge)
        #expect(recovered == 1)
        let guided = try #require(try await h.store.recentRecords().first { $0.phase == "guided" })
        #expect(guided.outcome == "abandoned" && guided.ink?.strokes == Array(strokes.prefix(2)) && guided.recovered)
        // Judged as a live lesson judges an attempt the child leaves: an assessment, a score, the
        // untraced bar seen, no stars.
        let record = try #require(guided.record)
        let assessment = try #require(record.assessment)
        #expect(record.outcome == .abandoned && record.phase == .guided && guided.stars == 0)
        #expect(guided.score == assessment.score && assessment.score > 0 && assessment.score < 1)
        #expect(!assessment.completed && (assessment.guided?.coverage ?? 1) < 1, "the bar was never traced")
        #expect(record.plan == (try Self.recordsOfLesson(h).first { $0.phase == "direct" }?.record?.plan))
    }
}

func json(_ s: PenSample) -> String {
    String(decoding: try! JSONEncoder().encode(s), as: UTF8.self)
}
