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

    /// Whether an adult passed the gate (and the PIN, if one is set) in a session that has not expired.
    var isAdult: Bool { sessions.session != nil }
}

/// What an adult session remembers: only when it began. It exists only after the gate (and PIN).
struct AdultSession: Codable, Sendable, Equatable {
    var signedInAt: Date
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
