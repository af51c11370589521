import FederCore
import Foundation
import HummingbirdWebSocket

/// One socket's live session: the connection's state, its reply channel and its one timer. Frames
/// are handled by the task that reads them and timer ticks by the timer's task, one at a time
/// (`TurnGate`), so the state has a single owner at any moment and needs no other locks. While a
/// frame is handled nothing more is read from the socket, so a client that sends faster than its
/// messages are handled is held back by TCP (NIO reads again only when the reader asks).
final class LiveConnection: @unchecked Sendable {
    enum Input {
        case frame(WebSocketMessage)
        case tick
    }

    // Touched only inside a turn.
    private var connection: SessionConnection
    private var timer: Task<Void, Never>?
    private var armedFor: Double?
    private var closed = false

    private let turns = TurnGate()
    private let outbound: WebSocketOutboundWriter
    private let writer = ReplyWriter()

    init(_ connection: SessionConnection, outbound: WebSocketOutboundWriter) {
        self.connection = connection
        self.outbound = outbound
    }

    /// Handles one input and sends its replies. Throws when a reply cannot be written (the socket is gone).
    func handle(_ input: Input) async throws {
        await turns.enter()
        defer { turns.leave() }
        guard !closed else { return }
        var replies: [ServerMessage]
        switch input {
        case .frame(.text(let text)):
            replies = await connection.handle(text: text)
        case .frame(.binary):
            replies = [.error(re: nil, ProtocolError(.binaryNotSupported, "send JSON text frames"))]
        case .tick:
            armedFor = nil
            replies = await connection.tick()
        }
        // A finished stroke's draft is written before its `up` reply goes out: a stroke the page
        // has been answered for survives a crash (measured by scripts/reliability/kill9.py; written
        // after the reply, a kill in between lost about one stroke per kill of a class of 30).
        // (A failure is logged by the connection and answered with `storage_failed`.)
        replies += await connection.persistBeforeReply()
        for reply in replies { try await outbound.write(.text(try writer.text(reply))) }
        armTimer()
    }

    /// The socket closed: the timer stops and the lesson is kept or recorded (`SessionConnection.close`).
    func close() async {
        await turns.enter()
        defer { turns.leave() }
        closed = true
        timer?.cancel()
        timer = nil
        await connection.close()
    }

    /// One timer per connection. It is re-armed only when the lesson's next deadline comes sooner
    /// than the armed one (a later deadline is found when the early tick fires and re-arms), so the
    /// 60 messages a second of tracing do not each start a timer.
    private func armTimer() {
        guard let deadline = connection.nextDeadline else {
            timer?.cancel(); timer = nil; armedFor = nil
            return
        }
        if let armed = armedFor, armed <= deadline { return }
        timer?.cancel()
        armedFor = deadline
        let wait = max(0, deadline - connection.now)
        timer = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 1))
            guard !Task.isCancelled, let self else { return }
            // A reply that cannot be written means the socket is gone; the reading task ends the session.
            try? await self.handle(.tick)
        }
    }
}
