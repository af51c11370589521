import FederCore
import FederStore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// Everything the server needs, opened once at start-up.
public struct FederServices: Sendable {
    public let library: GlyphLibrary
    public let database: FederDatabase
    public let lessons: LessonStore
    public let children: ChildStore
    public let recognizer: LetterRecognizer?
    public let clock: ServerClock

    public init(library: GlyphLibrary, database: FederDatabase, recognizer: LetterRecognizer?, clock: ServerClock = .system()) {
        self.library = library
        self.database = database
        self.lessons = LessonStore(database: database)
        self.children = ChildStore(database: database)
        self.recognizer = recognizer
        self.clock = clock
    }

    /// Opens the bundled glyphs, the recognizer and the database in `dataDirectory` (created if
    /// missing), and turns drafts left by a crash into records before anything is served.
    public static func open(dataDirectory: URL, clock: ServerClock = .system()) throws -> FederServices {
        let services = FederServices(library: try GlyphLibrary.bundled(), database: try FederDatabase(directory: dataDirectory),
                                     recognizer: try LetterRecognizer.bundled(), clock: clock)
        try services.lessons.recoverDrafts()
        return services
    }
}

/// Builds the Hummingbird application: the web app, the JSON API and the live session endpoint.
public enum FederApp {
    public typealias Context = BasicWebSocketRequestContext

    /// - Parameter onServerRunning: called with the bound port once the server listens (port 0 picks a free one).
    public static func make(services: FederServices, host: String, port: Int,
                            logger: Logger = Logger(label: "feder"),
                            onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router(context: Context.self)
        router.addMiddleware { WebAppFiles.middleware(logger: logger) }
        APIRoutes(services: services).register(on: router)
        ProfileRoutes(services: services).register(on: router)
        WerkstattRoutes(services: services).register(on: router)
        ResearchRoutes(services: services).register(on: router)  // needs the adult gate of #13
        SessionEndpoint(services: services, logger: logger).register(on: router)
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router,
                configuration: .init(ws: .init(maxFrameSize: ProtocolLimits.messageBytes))
            ),
            configuration: .init(address: .hostname(host, port: port), serverName: "feder"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}
