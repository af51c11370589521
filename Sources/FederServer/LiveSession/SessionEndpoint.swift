import FederCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The WebSocket endpoint `/v1/session`: one `SessionConnection` per socket.
struct SessionEndpoint: Sendable {
    let services: FederServices
    let logger: Logger

    func register(on router: Router<FederApp.Context>) {
        router.ws("v1/session") { inbound, outbound, _ in
            var connection = SessionConnection(library: services.library, sink: services.attempts)
            let writer = ReplyWriter()
            do {
                for try await message in inbound.messages(maxSize: ProtocolLimits.messageBytes) {
                    let replies: [ServerMessage]
                    switch message {
                    case .text(let text):
                        replies = await connection.handle(text: text)
                    case .binary:
                        replies = [.error(re: nil, ProtocolError(.binaryNotSupported, "send JSON text frames"))]
                    }
                    for reply in replies {
                        try await outbound.write(.text(try writer.text(reply)))
                    }
                }
            } catch {
                logger.debug("session connection ended: \(error)")
            }
            await connection.close()
        }
    }
}
