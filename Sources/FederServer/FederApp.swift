import FederCore
import FederStore
import Foundation
import Hummingbird
import HummingbirdAuth
import Logging

/// Everything the server needs, opened once at start-up.
public struct FederServices: Sendable {
    let library: GlyphLibrary
    public let database: FederDatabase
    public let lessons: LessonStore
    let children: ChildStore
    let recognizer: LetterRecognizer?
    let clock: ServerClock

    public init(library: GlyphLibrary, database: FederDatabase, recognizer: LetterRecognizer?, clock: ServerClock = .system()) {
        self.library = library
        self.database = database
        self.lessons = LessonStore(database: database)
        self.children = ChildStore(database: database)
        self.recognizer = recognizer
        self.clock = clock
    }

    /// Opens the bundled glyphs, the recognizer and the database in `dataDirectory` (created if
    /// missing), and turns drafts left by a crash into judged records before anything is served.
    /// A database that cannot take those records now (full, read-only) does not keep the server
    /// from starting: the drafts stay, the failure is logged, and they are recovered at a child's
    /// next letter (that child's) or the next start-up (all).
    public static func open(dataDirectory: URL, clock: ServerClock = .system(),
                            logger: Logger = Logger(label: "feder")) throws -> FederServices {
        let services = FederServices(library: try GlyphLibrary.bundled(), database: try FederDatabase(directory: dataDirectory),
                                     recognizer: try LetterRecognizer.bundled(), clock: clock)
        services.recoverDraftsAtStart(logger: logger)
        return services
    }

    /// Drafts left by a crash become judged records; how many is logged.
    func recoverDraftsAtStart(logger: Logger) {
        do {
            let recovered = try lessons.recoverDrafts(judge: InterruptedAttemptJudging.judge(library: library, recognizer: recognizer))
            if recovered > 0 {
                logger.notice("recovered attempts from drafts left by an earlier run", metadata: ["records": "\(recovered)"])
            }
        } catch {
            logger.error("drafts left by an earlier run could not be recovered now; they are kept and tried again at each child's next letter and the next start",
                         metadata: ["error": "\(error)"])
        }
    }
}

/// Builds the Hummingbird application: the web app, the JSON API and the adult area through the
/// router, and the live session's WebSocket at `/v1/session` (`SessionServerChannel`).
public enum FederApp {
    typealias Context = FederRequestContext

    /// - Parameter onServerRunning: called with the bound port once the server listens (port 0 picks a free one).
    public static func make(services: FederServices, host: String, port: Int, adult: AdultOptions = AdultOptions(),
                            logger: Logger = Logger(label: "feder"),
                            onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = router(services: services, adult: adult, logger: logger)
        return Application(
            router: router,
            server: .federSession(limits: ProtocolLimits.socket) { connectionLogger in
                SessionConnection(library: services.library, store: services.lessons, recognizer: services.recognizer,
                                  clock: services.clock, logger: connectionLogger)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "feder"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// The router with its middleware in order: requests logged, failures that are not an answer
    /// logged as errors, foreign origins refused (WebSocket upgrades
    /// included), then the page's files, then the adult session from its cookie, then the adult
    /// guard in front of every route that is not open to the child's page.
    static func router(services: FederServices, adult: AdultOptions, logger: Logger) -> Router<Context> {
        let router = Router(context: Context.self)
        router.addMiddleware {
            // Every request at info level (`feder serve --log-level info`); the session cookie is never written.
            LogRequestsMiddleware<Context>(.info, includeHeaders: .none)
            // Failures that are not an answer (storage, bugs): 500, and an error in the log.
            UnexpectedErrorLoggingMiddleware<Context>()
            SameOriginMiddleware<Context>()
            WebAppFiles.middleware(logger: logger)
            SessionMiddleware<Context>(
                storage: DatabasePersistDriver(database: services.database, now: services.clock.wall),
                configuration: .init(sessionCookieParameters: .init(name: AdultOptions.cookieName, path: "/", sameSite: .strict),
                                     keyPrefix: "adult.session.", defaultSessionExpiration: adult.sessionLength))
            AdultOnlyMiddleware()
        }
        let keeper = GateKeeper(store: KeyValueStore(database: services.database, now: services.clock.wall),
                                now: services.clock.wall, hashCost: adult.pinHashCost)
        APIRoutes(services: services).register(on: router)
        ProfileRoutes(services: services).register(on: router)
        WerkstattRoutes(services: services).register(on: router)
        ResearchRoutes(services: services).register(on: router)
        GateRoutes(keeper: keeper, options: adult, now: services.clock.wall).register(on: router)
        ClassRoutes(services: services).register(on: router)
        return router
    }
}
