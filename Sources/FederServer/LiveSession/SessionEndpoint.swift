import FederCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The WebSocket endpoint `/v1/session`: one `SessionConnection` per socket. Frames and timer ticks
/// arrive on one bounded inbox (`ConnectionInbox`), so the connection's state has a single owner and
/// needs no locks, and a client that sends faster than its messages are handled is held back by TCP.
struct SessionEndpoint: Sendable {
    let services: FederServices
    let logger: Logger

    func register(on router: Router<FederApp.Context>) {
        router.ws("v1/session") { inbound, outbound, _ in
            var connection = SessionConnection(library: services.library, store: services.lessons,
                                               recognizer: services.recognizer, clock: services.clock, logger: logger)
            let writer = ReplyWriter()
            let inbox = ConnectionInbox()
            // Reading ends with an error when a message is over the size limit (or the socket fails);
            // it is rethrown below, so the connection closes with its code (1009 for a message too big).
            let reader = Task {
                defer { inbox.finish() }
                for try await message in inbound.messages(maxSize: ProtocolLimits.messageBytes) {
                    await inbox.push(message)
                }
            }
            var timer: Task<Void, Never>?
            var armedFor: Double?
            var replyFailed = false
            for await input in inbox.inputs {
                var replies: [ServerMessage]
                switch input {
                case .frame(.text(let text)):
                    replies = await connection.handle(text: text)
                    inbox.handled()
                case .frame(.binary):
                    replies = [.error(re: nil, ProtocolError(.binaryNotSupported, "send JSON text frames"))]
                    inbox.handled()
                case .tick:
                    armedFor = nil
                    replies = await connection.tick()
                }
                // A finished stroke's draft is written before its `up` reply goes out: a stroke the
                // page has been answered for survives a crash (measured by scripts/reliability/kill9.py;
                // written after the reply, a kill in between lost about one stroke per kill of a
                // class of 30).
                // (A failure is logged by the connection and answered with `storage_failed`.)
                replies += await connection.persistBeforeReply()
                do {
                    for reply in replies { try await outbound.write(.text(try writer.text(reply))) }
                } catch {
                    replyFailed = true
                    break
                }
                // One timer per connection. It is re-armed only when the lesson's next deadline comes
                // sooner than the armed one (a later deadline is found when the early tick fires and
                // re-arms), so the 60 messages a second of tracing do not each start a timer.
                guard let deadline = connection.nextDeadline else {
                    timer?.cancel(); timer = nil; armedFor = nil
                    continue
                }
                if let armed = armedFor, armed <= deadline { continue }
                timer?.cancel()
                armedFor = deadline
                let wait = max(0, deadline - connection.now)
                timer = Task {
                    try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 1))
                    if !Task.isCancelled { inbox.pushTick() }
                }
            }
            timer?.cancel()
            inbox.finish()
            reader.cancel()
            await connection.close()
            // The inbox ended because reading did (a reply that cannot be written means the socket is gone).
            if !replyFailed, case .failure(let error) = await reader.result {
                logger.debug("session connection ended: \(error)")
                throw error
            }
        }
    }
}
