import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import ServiceLifecycle
import Testing
@testable import FederServer

/// The live session's WebSocket upgrade through the real application on a real port.
@Suite("Live session upgrade")
struct SessionUpgradeTests {
    typealias A = AdultAreaTests

    /// Collects what the server sends on one connection.
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        func append(_ text: String) { lock.withLock { texts.append(text) } }
        var all: [String] { lock.withLock { texts } }
    }

    @Test func theSessionUpgradesAnswersAndClosesAnOversizeMessageWith1009() async throws {
        let h = try A.Harness()
        let app = FederApp.make(services: h.services, host: "127.0.0.1", port: 0, adult: A.Harness.options)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let received = Received()
            let logger = { var l = Logger(label: "test-ws"); l.logLevel = .critical; return l }()
            // Bounded: a server that failed to close would otherwise keep the test waiting.
            let close = try await Self.within(seconds: Self.hangBound) { try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/v1/session", logger: logger) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                try await outbound.write(.text(#"{"id":1,"type":"ping"}"#))
                if case .text(let text)? = try await messages.next() { received.append(text) }
                try await outbound.write(.text(#"{"id":2,"type":"hello","child":"6f9619ff-8b86-d011-b42d-00c04fc964ff"}"#))
                if case .text(let text)? = try await messages.next() { received.append(text) }
                // One byte over the documented limit: the server closes the connection.
                try await outbound.write(.text(String(repeating: " ", count: ProtocolLimits.messageBytes + 1)))
                while let message = try await messages.next() {
                    if case .text(let text) = message { received.append(text) }
                }
            } }
            let replies = try received.all.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(replies.count == 2)
            #expect(replies.first??["type"] as? String == "pong" && replies.first??["re"] as? Int == 1)
            #expect(replies.last??["type"] as? String == "hello" && replies.last??["child"] as? String == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
            #expect(close?.closeCode == .messageTooLarge)
        }
    }

    /// Runs `body` on a live session socket of a real server and returns how the socket closed.
    static func session(_ body: @escaping @Sendable (_ messages: inout WebSocketInboundMessageStream.AsyncIterator,
                                                      _ outbound: WebSocketOutboundWriter) async throws -> Void) async throws -> WebSocketCloseFrame? {
        let h = try A.Harness()
        let app = FederApp.make(services: h.services, host: "127.0.0.1", port: 0, adult: A.Harness.options)
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            let logger = { var l = Logger(label: "test-ws"); l.logLevel = .critical; return l }()
            return try await Self.within(seconds: Self.hangBound) {
                try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/v1/session", logger: logger) { inbound, outbound, _ in
                    var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                    try await body(&messages, outbound)
                }
            }
        }
    }

    static func object(_ message: WebSocketMessage?) throws -> [String: Any] {
        guard case .text(let text)? = message else { throw NotText() }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    struct NotText: Error {}

    @Test func aMessageInFragmentsIsJoinedAndOneOverTheLimitClosesWith1009() async throws {
        let close = try await Self.session { messages, outbound in
            // The client library sends a message longer than 16 KiB in fragments of 16 KiB.
            let padded = #"{"id":1,"type":"ping","pad":""# + String(repeating: "x", count: 60_000) + #""}"#
            try await outbound.writeTextMessage(padded)
            let pong = try Self.object(try await messages.next())
            #expect(pong["type"] as? String == "pong" && pong["re"] as? Int == 1)
            try await outbound.writeTextMessage(String(repeating: " ", count: ProtocolLimits.messageBytes + 1))
            while try await messages.next() != nil {}
        }
        #expect(close?.closeCode == .messageTooLarge)
    }

    @Test func aBinaryFrameIsRefusedAndTheSessionGoesOn() async throws {
        let close = try await Self.session { messages, outbound in
            try await outbound.write(.binary(ByteBuffer(bytes: [1, 2, 3])))
            let refusal = try Self.object(try await messages.next())
            #expect(refusal["type"] as? String == "error" && refusal["code"] as? String == "binary_not_supported")
            try await outbound.write(.text(#"{"id":2,"type":"ping"}"#))
            #expect(try Self.object(try await messages.next())["re"] as? Int == 2)
            try await outbound.close(.normalClosure, reason: nil)
            while try await messages.next() != nil {}
        }
        #expect(close?.closeCode == .normalClosure, "the client's close is answered with its code")
    }

    /// Frames sent in one burst: some are answered on the event loop at once, others (`hello`,
    /// `start`, `end`) wait for the database. Every one is answered, in the order sent.
    @Test func aBurstOfFramesIsAnsweredInOrderAcrossStorage() async throws {
        let child = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
        let burst = [#""type":"hello","child":"\#(child)""#, #""type":"ping""#, #""type":"start","glyph":"l""#, #""type":"ping""#,
                     #""type":"down","pointer":"pen","sample":[10,10,0.1]"#, #""type":"nonsense""#, #""type":"end""#, #""type":"ping""#]
        _ = try await Self.session { messages, outbound in
            for (n, body) in burst.enumerated() { try await outbound.write(.text("{\"id\":\(n + 1),\(body)}")) }
            var answered: [Int] = []
            while answered.last != burst.count {
                let reply = try Self.object(try await messages.next())
                if let re = reply["re"] as? Int { answered.append(re) }
            }
            #expect(answered == answered.sorted(), "replies in the order of their messages: \(answered)")
            #expect(Set(answered) == Set(1...burst.count), "every message answered: \(answered)")
            try await outbound.close(.normalClosure, reason: nil)
            while try await messages.next() != nil {}
        }
    }

    /// A refused upgrade is answered 400 and its connection closed (the test client's one connection,
    /// so each refusal gets its own server).
    @Test(arguments: [("/v1/session", "http://evil.example"), ("/v1/elsewhere", nil), ("/v1/session", "null")])
    func anUpgradeFromAForeignOriginOrForAnotherPathIsRefused(path: String, origin: String?) async throws {
        let h = try A.Harness()
        let app = FederApp.make(services: h.services, host: "127.0.0.1", port: 0, adult: A.Harness.options)
        try await app.test(.live) { client in
            var upgrade: HTTPFields = [.connection: "Upgrade", .upgrade: "websocket", .secWebSocketVersion: "13",
                                       .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ=="]
            if let origin { upgrade[.origin] = origin }
            let refused = try await client.execute(uri: path, method: .get, headers: upgrade)
            #expect(refused.status == .badRequest)
        }
    }

    @Test func ordinaryRequestsStillReachTheRouter() async throws {
        let h = try A.Harness()
        let app = FederApp.make(services: h.services, host: "127.0.0.1", port: 0, adult: A.Harness.options)
        try await app.test(.live) { client in
            let health = try await client.execute(uri: "/api/v1/health", method: .get)
            #expect(health.status == .ok)
            let again = try await client.execute(uri: "/api/v1/glyphs", method: .get)
            #expect(again.status == .ok, "a second request on the same connection")
        }
    }

    /// Stopping the server (SIGTERM, Ctrl-C) closes open sessions with 1000, and each keeps or
    /// records its lesson before the server is done.
    @Test func aGracefulShutdownClosesWith1000AndRecordsTheLesson() async throws {
        let h = try A.Harness()
        let quiet = { var l = Logger(label: "test"); l.logLevel = .critical; return l }()
        let port = PortBox()
        let app = FederApp.make(services: h.services, host: "127.0.0.1", port: 0, adult: A.Harness.options, logger: quiet,
                                onServerRunning: { port.set($0) })
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        let running = Task { try await group.run() }
        let bound = try await Self.within(seconds: Self.hangBound) { await port.wait() }
        let close = try await Self.within(seconds: Self.hangBound) {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(bound)/v1/session", logger: quiet) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                try await outbound.write(.text(#"{"id":1,"type":"hello","child":"6f9619ff-8b86-d011-b42d-00c04fc964ff"}"#))
                _ = try await messages.next()
                try await outbound.write(.text(#"{"id":2,"type":"start","glyph":"l"}"#))
                _ = try await messages.next()
                await group.triggerGracefulShutdown()
                while try await messages.next() != nil {}
            }
        }
        try await running.value
        #expect(close?.closeCode == .normalClosure)
        let records = try await h.services.lessons.recentRecords(limit: 10)
        #expect(records.map(\.phase) == ["observe"] && records.first?.outcome == "abandoned",
                "the lesson in progress was recorded before the server stopped: \(records.map(\.phase))")
    }

    /// The port the server bound, handed from its start-up callback to the test.
    final class PortBox: @unchecked Sendable {
        private let lock = NSLock()
        private var port: Int?
        private var waiting: [CheckedContinuation<Int, Never>] = []
        func set(_ value: Int) {
            let resume = lock.withLock { () -> [CheckedContinuation<Int, Never>] in
                port = value
                defer { waiting = [] }
                return waiting
            }
            resume.forEach { $0.resume(returning: value) }
        }
        func wait() async -> Int {
            await withCheckedContinuation { continuation in
                let known = lock.withLock { () -> Int? in
                    if let port { return port }
                    waiting.append(continuation)
                    return nil
                }
                if let known { continuation.resume(returning: known) }
            }
        }
    }

    struct TimedOut: Error {}

    /// How long a step may take before the test calls it a hang. Generous: the whole suite runs in
    /// parallel on two cores, and the recognizer's tests can hold the shared thread pool for many
    /// seconds (10 s once timed out all three tests of this suite together on a clean CI run).
    static let hangBound = 60.0

    /// The result of `body`, or `TimedOut` after `seconds`.
    static func within<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
