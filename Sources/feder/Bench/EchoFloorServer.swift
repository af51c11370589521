import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The floor under `bench websocket`: a server made of nothing but Hummingbird's WebSocket path,
/// which answers every text frame at `/v1/session` at once with an empty `events` reply carrying
/// the frame's id (what a `move` without news gets). What it costs per pen sample is what the same
/// traffic costs before Feder does any work of its own (docs/PERFORMANCE.md).
struct EchoFloorServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo-server",
        abstract: "A bare WebSocket server that answers each frame at once, to measure the framework's own cost.")

    @Option(help: "Port to listen on (127.0.0.1).")
    var port = 8090

    func run() async throws {
        var logger = Logger(label: "feder-echo")
        logger.logLevel = .error
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("v1/session") { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 16) {
                guard case .text(let text) = message else { continue }
                try await outbound.write(.text("{\"type\":\"events\",\"re\":\(Self.id(in: text)),\"events\":[]}"))
            }
        }
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
                              configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
        try await app.runService()
    }

    /// The numeric `id` the load generator puts first in each message (`null` if there is none).
    static func id(in text: String) -> Substring {
        guard let start = text.range(of: "\"id\":") else { return "null" }
        let digits = text[start.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? "null" : digits
    }
}
