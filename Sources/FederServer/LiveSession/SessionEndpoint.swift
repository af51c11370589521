import FederCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The WebSocket endpoint `/v1/session`: one `SessionConnection` per socket. Frames and timer ticks
/// arrive on one stream, so the connection's state has a single owner and needs no locks.
struct SessionEndpoint: Sendable {
    let services: FederServices
    let logger: Logger

    enum Input: Sendable {
        case frame(WebSocketMessage)
        case tick
    }

    func register(on router: Router<FederApp.Context>) {
        router.ws("v1/session") { inbound, outbound, _ in
            var connection = SessionConnection(library: services.library, store: services.lessons,
                                               recognizer: services.recognizer, clock: services.clock)
            let writer = ReplyWriter()
            let (inputs, feed) = AsyncStream<Input>.makeStream()
            let reader = Task {
                do {
                    for try await message in inbound.messages(maxSize: ProtocolLimits.messageBytes) {
                        feed.yield(.frame(message))
                    }
                } catch {
                    logger.debug("session connection ended: \(error)")
                }
                feed.finish()
            }
            var timer: Task<Void, Never>?
            for await input in inputs {
                let replies: [ServerMessage]
                switch input {
                case .frame(.text(let text)):
                    replies = await connection.handle(text: text)
                case .frame(.binary):
                    replies = [.error(re: nil, ProtocolError(.binaryNotSupported, "send JSON text frames"))]
                case .tick:
                    replies = await connection.tick()
                }
                do {
                    for reply in replies { try await outbound.write(.text(try writer.text(reply))) }
                } catch {
                    break
                }
                // One timer per connection, re-armed after every input.
                timer?.cancel()
                if let deadline = connection.nextDeadline {
                    let wait = max(0, deadline - connection.now)
                    timer = Task {
                        try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 1))
                        if !Task.isCancelled { feed.yield(.tick) }
                    }
                }
            }
            timer?.cancel()
            reader.cancel()
            await connection.close()
        }
    }
}
