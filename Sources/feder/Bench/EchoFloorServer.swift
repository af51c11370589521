import ArgumentParser
import FederServer
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The floor under `bench websocket`: a server that answers every text frame at `/v1/session` at
/// once with an empty `events` reply carrying the frame's id (what a `move` without news gets),
/// over Feder's own transport (`--transport feder`: the NIO handlers `feder serve` runs the
/// session on) or over Hummingbird's WebSocket path (`hummingbird`, which the server used before).
/// What it costs per pen sample is what the same traffic costs before Feder does any work of its
/// own (docs/PERFORMANCE.md).
struct EchoFloorServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo-server",
        abstract: "A bare WebSocket server that answers each frame at once, to measure the framework's own cost.")

    enum Transport: String, ExpressibleByArgument, CaseIterable {
        case feder, hummingbird
    }

    @Option(help: "Port to listen on (127.0.0.1).")
    var port = 8090

    @Option(help: "feder (the server's own WebSocket handlers) or hummingbird (Hummingbird's WebSocket path).")
    var transport = Transport.feder

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (0: any free port)") }
    }

    func run() async throws {
        var logger = Logger(label: "feder-echo")
        logger.logLevel = .error
        if transport == .feder {
            try await FederApp.echoFloor(host: "127.0.0.1", port: port, logger: logger).runService()
            return
        }
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("v1/session") { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 16) {
                guard case .text(let text) = message else { continue }
                try await outbound.write(.text(FederApp.echoReply(to: text)))
            }
        }
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
                              configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
        try await app.runService()
    }
}
