import Foundation
import Hummingbird
import HummingbirdAuth
import HummingbirdWebSocket

/// The request context of every route: WebSocket upgrades for the live session and the adult
/// session read from its cookie by `SessionMiddleware`.
public struct FederRequestContext: RequestContext, WebSocketRequestContext, SessionRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    public let sessions: SessionContext<AdultSession>

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        sessions = .init()
    }

    /// Whether an adult passed the gate (and the PIN, if one is set) in a session that has not expired.
    var isAdult: Bool { sessions.session != nil }
}

/// What an adult session remembers: only when it began. It exists only after the gate (and PIN).
public struct AdultSession: Codable, Sendable, Equatable {
    public var signedInAt: Date
}

/// How the adult area behaves on this server.
public struct AdultOptions: Sendable {
    /// How long an adult stays signed in (fixed from sign-in, not extended by use).
    public var sessionLength: Duration
    /// The bcrypt cost of the PIN hash (2^cost rounds).
    public var pinHashCost: UInt8

    public init(sessionLength: Duration = .seconds(60 * 60), pinHashCost: UInt8 = 11) {
        self.sessionLength = sessionLength
        self.pinHashCost = pinHashCost
    }

    static let cookieName = "feder_adult"
}
