import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
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
            let close = try await Self.within(seconds: 10) { try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/v1/session", logger: logger) { inbound, outbound, _ in
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

    struct TimedOut: Error {}

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
