import ArgumentParser
import NIOCore
import NIOPosix

/// Which threads run Swift concurrency in this process (`--concurrency`).
///
/// `eventLoops` (the default of `serve` and `bench websocket`): every task runs on NIO's event loops,
/// one per core, and a task that is resumed from an event loop stays on it. A live-session message
/// is then read, judged and answered on the thread that owns its socket, instead of hopping from
/// that thread to Swift's pool and back for every message (docs/PERFORMANCE.md measures both).
/// `swift`: Swift's own thread pool, as before; kept for comparison.
enum ConcurrencyThreads: String, ExpressibleByArgument, CaseIterable, Sendable {
    case eventLoops = "event-loops"
    case swift

    static let help = ArgumentHelp(
        "Threads that run Swift concurrency: event-loops (the network threads, no thread switch per message) or swift (Swift's own pool, for comparison).",
        valueName: "threads")

    /// Takes effect for tasks started afterwards; call it once, before the server or client starts.
    func install() throws {
        guard self == .eventLoops else { return }
        guard NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() else {
            throw ValidationError("this platform cannot run Swift concurrency on NIO's event loops; use --concurrency swift")
        }
    }
}
