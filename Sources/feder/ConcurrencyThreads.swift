import ArgumentParser
import NIOCore
import NIOPosix

/// Which threads run Swift concurrency in this process (`--concurrency` of `serve` and `bench websocket`).
///
/// `swift` (the default): Swift's own thread pool, which spreads the connections' tasks over every
/// core. `eventLoops`: every task runs on NIO's event loops and stays on the loop it resumes on, so a
/// live-session message is read, judged and answered without waking another thread — a lower tail
/// for a class of 30 (p99 0.8–1.0 ms against 1.4–1.9 ms), but the loops do not share work the way
/// Swift's pool does (a task stays on its loop), and 300 children on two cores queue (p99 6.6–22 ms
/// against 6.2–6.7 ms). docs/PERFORMANCE.md has the measurements.
enum ConcurrencyThreads: String, ExpressibleByArgument, CaseIterable, Sendable {
    case eventLoops = "event-loops"
    case swift

    static let help = ArgumentHelp(
        "Threads that run Swift concurrency: swift (Swift's own pool, all cores) or event-loops (the network threads: no thread switch per message, no work shared between them).",
        valueName: "threads")

    /// Takes effect for tasks started afterwards; call it once, before the server or client starts.
    func install() throws {
        guard self == .eventLoops else { return }
        guard NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() else {
            throw ValidationError("this platform cannot run Swift concurrency on NIO's event loops; use --concurrency swift")
        }
    }
}
