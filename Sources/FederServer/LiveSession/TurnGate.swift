import Foundation

/// Lets one task at a time work on a connection, in the order they asked, and holds the turn across
/// `await`s (an actor would let a timer tick run in the middle of a frame's storage write). Taking a
/// free turn costs a lock, not a task switch: the reading task handles its frames itself.
final class TurnGate: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns when it is the caller's turn; the caller must `leave()` afterwards.
    func enter() async {
        if lock.withLock({ () -> Bool in
            guard busy else { busy = true; return true }
            return false
        }) { return }
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let free = lock.withLock { () -> Bool in
                guard busy else { busy = true; return true }
                waiting.append(turn)
                return false
            }
            if free { turn.resume() }
        }
    }

    /// Hands the turn to the next waiting task, or frees it.
    func leave() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            if waiting.isEmpty { busy = false; return nil }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
