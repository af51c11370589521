import Foundation
import HummingbirdWebSocket

/// What one connection's task works through, in order: the client's frames and the lesson's timer
/// ticks. It is bounded: at most `capacity` frames wait to be handled. While they wait the reader
/// takes no more frames off the socket, so TCP pushes back on a client that sends faster than the
/// server handles (a flood delays only that client and costs at most `capacity` × 64 KiB), and no
/// message is dropped. Ticks take no slot: a connection arms at most one timer at a time.
struct ConnectionInbox: Sendable {
    enum Input: Sendable {
        case frame(WebSocketMessage)
        case tick
    }

    /// Received frames a connection may hold before its reader stops reading.
    static let capacity = 32

    let inputs: AsyncStream<Input>
    private let feed: AsyncStream<Input>.Continuation
    private let slots: Slots

    init(capacity: Int = Self.capacity) {
        (inputs, feed) = AsyncStream<Input>.makeStream()
        slots = Slots(capacity: capacity)
    }

    /// Queues a received frame, first waiting until fewer than `capacity` frames wait.
    func push(_ frame: WebSocketMessage) async {
        await slots.take()
        feed.yield(.frame(frame))
    }

    func pushTick() {
        feed.yield(.tick)
    }

    /// A frame taken from `inputs` has been handled: its slot is free again.
    func handled() {
        slots.giveBack()
    }

    /// No more input: the stream ends once drained, and a reader waiting for a slot goes on.
    func finish() {
        feed.finish()
        slots.close()
    }

    /// A counting semaphore with at most one waiter (the connection's single reader).
    private final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var free: Int
        private var waiter: CheckedContinuation<Void, Never>?
        private var closed = false

        init(capacity: Int) {
            precondition(capacity > 0)
            free = capacity
        }

        func take() async {
            if lock.withLock({ () -> Bool in
                guard free > 0 || closed else { return false }
                if !closed { free -= 1 }
                return true
            }) { return }
            await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
                let ready = lock.withLock { () -> Bool in
                    guard free > 0 || closed else {
                        waiter = waiting
                        return false
                    }
                    if !closed { free -= 1 }
                    return true
                }
                if ready { waiting.resume() }
            }
        }

        func giveBack() {
            // A waiting reader takes the freed slot at once.
            let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                if let waiter {
                    self.waiter = nil
                    return waiter
                }
                free += 1
                return nil
            }
            next?.resume()
        }

        func close() {
            let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                closed = true
                defer { waiter = nil }
                return waiter
            }
            next?.resume()
        }
    }
}
