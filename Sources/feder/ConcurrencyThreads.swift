import ArgumentParser
import NIOCore
import NIOPosix

/// Which threads run Swift concurrency in this process (`--concurrency` of `serve` and `bench websocket`).
///
/// The live session's pen samples are answered on NIO's event loops in either mode
/// (`LiveSessionHandler`); this chooses where everything else runs: a message's storage and a
/// letter's assessment, HTTP requests, the load generator's children. `swift` (the default): Swift's
/// own thread pool, which spreads that work over every core and keeps it off the event loops.
/// `eventLoops`: the tasks run on NIO's event loops too (no thread switch, but a letter's assessment
/// then holds up the sockets of its loop, and the loops do not share work as Swift's pool does).
/// docs/PERFORMANCE.md has the measurements of both, most made before the session moved onto the
/// event loops; since then they cost the same CPU ("Per letter and per message").
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
