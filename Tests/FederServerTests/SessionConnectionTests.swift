import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// The live session protocol, message by message, against a real SQLite store.
@Suite("Session connection")
struct SessionConnectionTests {
    static let library = try! GlyphLibrary.bundled()

    struct Harness {
        var connection: SessionConnection
        let store: AttemptStore
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("feder-server-\(UUID())")
            store = AttemptStore(database: try FederDatabase(directory: directory))
            connection = SessionConnection(library: SessionConnectionTests.library, sink: store,
                                           now: { Date(timeIntervalSince1970: 1_800_000_000) })
        }

        mutating func send(_ json: String) async -> [ServerMessage] {
            await connection.handle(text: Data(json.utf8))
        }

        /// Traces a glyph through the protocol as the page would (batches of 4 samples).
        mutating func trace(_ glyph: Glyph, reversed: Bool = false) async -> [ServerMessage] {
            var replies: [ServerMessage] = []
            for stroke in PenSimulator().strokes(for: glyph, reversed: reversed) {
                replies += await send(#"{"type":"down","pointer":"pen","sample":\#(json(stroke[0]))}"#)
                for chunk in stride(from: 1, to: stroke.count, by: 4) {
                    let batch = stroke[chunk..<min(chunk + 4, stroke.count)].map(json).joined(separator: ",")
                    replies += await send(#"{"type":"move","samples":[\#(batch)]}"#)
                }
                replies += await send(#"{"type":"up"}"#)
            }
            return replies
        }
    }

    static func errorCode(_ replies: [ServerMessage]) -> ProtocolError.Code? {
        for case .error(_, let e) in replies { return e.code }
        return nil
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
        ("{\"type\":\"hello\",\"child\":\"not-a-uuid\"}", .invalidMessage),
        ("{\"type\":\"start\"}", .invalidMessage),
        ("{\"type\":\"start\",\"glyph\":\"AB\"}", .invalidMessage),
        ("{\"type\":\"start\",\"glyph\":\"€\"}", .unknownGlyph),
        ("{\"type\":\"start\",\"glyph\":\"A\",\"script\":\"gotisch\"}", .unknownScript),
        ("{\"type\":\"start\",\"glyph\":\"F\",\"variant\":\"nope\"}", .unknownVariant),
        ("{\"type\":\"down\",\"pointer\":\"pen\",\"sample\":[1,2,3]}", .noSession),
        ("{\"type\":\"move\",\"samples\":[[1,2]]}", .invalidMessage),
        ("{\"type\":\"down\",\"pointer\":\"laser\",\"sample\":[1,2,3]}", .invalidMessage),
    ])
    func malformedMessagesGetTypedErrors(message: String, expected: ProtocolError.Code) async throws {
        var h = try Harness()
        #expect(Self.errorCode(await h.send(message)) == expected)
    }

    @Test func theRequestIDIsEchoedEvenOnErrors() async throws {
        var h = try Harness()
        #expect(await h.send(#"{"id":"abc","type":"dance"}"#) == [.error(re: .text("abc"), ProtocolError(.unknownType, "unknown message type \"dance\""))])
        #expect(await h.send(#"{"id":7,"type":"ping"}"#) == [.pong(re: .number(7))])
    }

    @Test func outOfOrderMessagesAreAnsweredAndTheSessionStaysUsable() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"hello","child":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}"#)
        #expect(await h.send(#"{"type":"start","glyph":"l"}"#).contains { if case .started = $0 { true } else { false } })
        #expect(Self.errorCode(await h.send(#"{"type":"move","samples":[[1,2,3]]}"#)) == .penNotDown)
        #expect(Self.errorCode(await h.send(#"{"type":"up"}"#)) == .penNotDown)
        _ = await h.send(#"{"type":"down","pointer":"touch","sample":[0,0,0]}"#)
        #expect(Self.errorCode(await h.send(#"{"type":"down","pointer":"touch","sample":[0,0,0]}"#)) == .penAlreadyDown)
        _ = await h.send(#"{"type":"up"}"#)

        let l = try Self.library.glyph("l", script: "druck")
        let replies = await h.trace(l)
        #expect(replies.contains { if case .stored(_, _, true) = $0 { true } else { false } })
        let stored = try await h.store.recent()
        #expect(stored.count == 1 && stored[0].completed)
        #expect(stored[0].childID == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
    }

    @Test func absurdNumbersAreIgnoredAndCounted() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"l"}"#)
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

    @Test func aReversedTraceIsStoredAsNotCompleted() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"A"}"#)
        let a = try Self.library.glyph("A", script: "druck")
        let replies = await h.trace(a, reversed: true)
        #expect(!replies.contains { if case .stored(_, _, true) = $0 { true } else { false } })
        _ = await h.send(#"{"type":"end"}"#)
        let stored = try await h.store.recent()
        #expect(stored.count == 1)
        #expect(stored[0].completed == false)
        #expect(stored[0].ink.strokes.count == 3)
    }

    @Test func closingMidStrokeKeepsTheInkSoFar() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"l"}"#)
        _ = await h.send(#"{"type":"down","pointer":"pen","sample":[30,0,0,0.5]}"#)
        _ = await h.send(#"{"type":"move","samples":[[30,10,0.01],[30,20,0.02]]}"#)
        await h.connection.close()
        let stored = try await h.store.recent()
        #expect(stored.first?.ink.sampleCount == 3)
    }

    @Test func eachPenUpUpdatesOneAttemptRow() async throws {
        var h = try Harness()
        _ = await h.send(#"{"type":"start","glyph":"A"}"#)
        let a = try Self.library.glyph("A", script: "druck")
        _ = await h.trace(a)
        #expect(try await h.store.count() == 1)
    }
}

private func json(_ s: PenSample) -> String {
    String(decoding: try! JSONEncoder().encode(s), as: UTF8.self)
}
