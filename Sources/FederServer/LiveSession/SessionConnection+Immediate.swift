import FederCore
import Foundation

/// The part of a frame's work that needs no storage, done at once on the socket's event loop
/// (`LiveSessionHandler`): pen samples while tracing, a pen-down, a ping, a message that is refused.
/// Nearly every frame of a lesson is one of these, so it is answered without leaving the event loop;
/// what needs the database (a `hello`, a `start`, a pen-up's draft, a finished phase) continues on
/// the asynchronous path (`continueAfter`).
extension SessionConnection {
    /// What remains of a frame after its immediate part.
    enum Remainder: Sendable {
        /// A message whose whole handling may touch storage.
        case message(ClientMessage, id: RequestID?)
        /// Lesson events that finish something to store (the machine has already moved on).
        case events([LessonEvent], id: RequestID?, ignored: Int)
    }

    enum Immediate: Sendable {
        /// Answered: nothing to store.
        case answered([ServerMessage])
        /// The rest goes on asynchronously (`continueAfter`).
        case continues(Remainder)
    }

    /// Handles what a frame needs at once, without awaiting anything.
    mutating func handleImmediately(text: String) -> Immediate {
        if let move = MoveFastPath.parse(text) {
            return immediately(.move(samples: move.samples), id: move.id)
        }
        let decoded = decoder.decode(Data(text.utf8))
        switch decoded.message {
        case .failure(let error): return .answered(logRefusals([.error(re: decoded.id, error)]))
        case .success(let message): return immediately(message, id: decoded.id)
        }
    }

    /// The asynchronous rest of a frame, and then the draft a pen-up asks for.
    mutating func continueAfter(_ remainder: Remainder) async -> [ServerMessage] {
        var replies: [ServerMessage]
        switch remainder {
        case .message(let message, let id): replies = await handle(message, id: id)
        case .events(let events, let id, let ignored): replies = await process(events, re: id, ignored: ignored)
        }
        replies += await persistBeforeReply()
        return logRefusals(replies)
    }

    private mutating func immediately(_ message: ClientMessage, id: RequestID?) -> Immediate {
        switch message {
        case .ping:
            return .answered([.pong(re: id)])
        case .down(let pointer, let sample):
            // A pen-down brings a sample too: down/up pairs must not grow the ink past the limit.
            if let full = refusalIfFull(adding: 1, re: id) { return .answered(logRefusals([full])) }
            return advance(.penDown(sample, pointer: pointer), id: id)
        case .move(let samples):
            if let full = refusalIfFull(adding: samples.count, re: id) { return .answered(logRefusals([full])) }
            return advance(.penMove(samples), id: id)
        default:
            return .continues(.message(message, id: id))
        }
    }

    /// Moves the lesson on; its events are answered at once unless they finish a phase or the letter.
    private mutating func advance(_ input: LessonInput, id: RequestID?) -> Immediate {
        switch step(input, id: id) {
        case .refused(let refusal):
            return .answered(logRefusals([refusal]))
        case .moved(let events, let ignored):
            guard let replies = processWithoutStorage(events, re: id, ignored: ignored) else {
                return .continues(.events(events, id: id, ignored: ignored))
            }
            return .answered(replies)
        }
    }
}
