import Foundation
import Hummingbird
import HummingbirdAuth
import NIOCore

/// The request context of every route: the adult session read from its cookie by `SessionMiddleware`.
/// (The live session's WebSocket does not go through the router: `SessionServerChannel`.)
struct FederRequestContext: RequestContext, SessionRequestContext {
    var coreContext: CoreRequestContextStorage
    let sessions: SessionContext<AdultSession>
    /// The device the request came from (this machine, or a tablet on the classroom network).
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        sessions = .init()
        remoteAddress = source.channel.remoteAddress
    }

    /// The device's network address without its port (a tablet keeps it while the page reloads):
    /// what the reading task's lock is kept per. Empty where the channel names no address.
    var device: String { remoteAddress?.ipAddress ?? "" }

    /// Whether an adult passed the gate (and the PIN, if one is set) in a session that has not expired.
    var isAdult: Bool { sessions.session != nil }

    /// Whether this session was opened with the parent PIN.
    var signedInWithPIN: Bool { sessions.session?.withPIN == true }
}

/// What an adult session remembers: when it began, and whether the parent PIN was entered for it.
/// It exists only after the gate (and PIN, where one is set).
struct AdultSession: Codable, Sendable, Equatable {
    var signedInAt: Date
    /// Signed in with the PIN (research data needs it, `ResearchNeedsPIN`); nil in sessions stored
    /// before 2026-11-28, which count as without.
    var withPIN: Bool? = nil
    /// The hash of the PIN this session set, and when: for `pinCorrectionWindow` after, while it is
    /// the PIN in force, the session that set it may correct a typing mistake in it (or remove it)
    /// without signing in again. It gains no research data by it, and loses the right once anyone
    /// else sets another PIN. (Without the window, anyone at a class page left open could put a
    /// PIN of their own in, sign in with it and read the research data, a review found.)
    var pinItSet: String? = nil
    var pinItSetAt: Date? = nil

    static let pinCorrectionWindow: TimeInterval = 10 * 60

    /// Whether this session may still change the PIN in force (whose hash is `inForce`) as its setter.
    func mayCorrect(pinInForce inForce: String, now: Date) -> Bool {
        guard pinItSet == inForce, let at = pinItSetAt else { return false }
        return now.timeIntervalSince(at) < Self.pinCorrectionWindow
    }
}

/// How the adult area behaves on this server.
public struct AdultOptions: Sendable {
    /// How long an adult stays signed in (fixed from sign-in, not extended by use).
    var sessionLength: Duration
    /// The bcrypt cost of the PIN hash (2^cost rounds).
    var pinHashCost: UInt8

    public init(sessionLength: Duration = .seconds(60 * 60), pinHashCost: UInt8 = 11) {
        self.sessionLength = sessionLength
        self.pinHashCost = pinHashCost
    }

    static let cookieName = "feder_adult"
}
