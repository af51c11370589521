import FederCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The WebSocket endpoint `/v1/session`: one `LiveConnection` per socket. The task that reads the
/// socket handles each frame before it reads the next (no hand-over to another task per message);
/// timer ticks take their turn in between (`TurnGate`).
struct SessionEndpoint: Sendable {
    let services: FederServices
    let logger: Logger

    func register(on router: Router<FederApp.Context>) {
        router.ws("v1/session") { inbound, outbound, _ in
            let live = LiveConnection(SessionConnection(library: services.library, store: services.lessons,
                                                        recognizer: services.recognizer, clock: services.clock,
                                                        logger: logger),
                                      outbound: outbound)
            var readFailure: (any Error)?
            do {
                // Reading ends with an error when a message is over the size limit (or the socket
                // fails); it is rethrown below, so the connection closes with its code (1009 for a
                // message too big).
                for try await message in inbound.messages(maxSize: ProtocolLimits.messageBytes) {
                    do {
                        try await live.handle(.frame(message))
                    } catch {
                        break  // a reply that cannot be written means the socket is gone
                    }
                }
            } catch {
                readFailure = error
            }
            await live.close()
            if let readFailure {
                logger.debug("session connection ended: \(readFailure)")
                throw readFailure
            }
        }
    }
}
