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

    /// What start-up made of drafts left by an earlier run (`open`); `feder serve` logs it once its
    /// address is printed.
    public private(set) var startupRecovery = StartupRecovery.recovered(0)

    /// Whether start-up rebuilt a file an older version wrote (`open`); `feder serve` logs it.
    public private(set) var startupRebuild = StartupRebuild.notNeeded

    /// Opens the bundled glyphs, the recognizer and the database in `dataDirectory` (created if
    /// missing), rebuilds a database file whose free space an older version may have left holding
    /// deleted data (once: a deletion then never makes the class wait for it), and turns drafts
    /// left by a crash into judged records before anything is served.
    /// A database that cannot take those records now (full, read-only) does not keep the server
    /// from starting: the drafts stay (`startupRecovery` says why), and they are recovered at a
    /// child's next letter (that child's) or the next start-up (all).
    /// `logger` hears, before a rebuild, that one is under way (it takes seconds on a large file).
    public static func open(dataDirectory: URL, clock: ServerClock = .system(), logger: Logger? = nil) throws -> FederServices {
        var services = FederServices(library: try GlyphLibrary.bundled(), database: try FederDatabase(directory: dataDirectory),
                                     recognizer: try LetterRecognizer.bundled(), clock: clock)
        services.startupRebuild = StartupRebuild.run(on: services.database, logger: logger)
        services.startupRecovery = services.recoverDraftsAtStart()
        return services
    }

    /// Drafts left by a crash become judged records.
    func recoverDraftsAtStart() -> StartupRecovery {
        do {
            return .recovered(try lessons.recoverDrafts(judge: InterruptedAttemptJudging.judge(library: library, recognizer: recognizer)))
        } catch {
            return .failed("\(error)")
        }
    }
}

/// A database file written by a version before deleted data was overwritten, rebuilt at start-up
/// (`FederDatabase.overwriteFreeSpace()`). Rebuilding needs free disk space about twice the size of
/// the file (a copy, which then passes through the write-ahead log). It is tried even with less, as
/// nothing else writes yet and the log is emptied before and after it, so a rebuild that fills the
/// disk gives the space back; when it fails the server starts all the same, and the next deletion
/// of a child rebuilds the file instead (every write waiting meanwhile; not tried without the
/// space) — or the next start-up, whichever comes first.
public enum StartupRebuild: Sendable, Equatable {
    case notNeeded
    case rebuilt(seconds: Double)
    case failed(String)

    static func run(on database: FederDatabase, logger: Logger? = nil, clock: ContinuousClock = ContinuousClock()) -> StartupRebuild {
        do {
            guard try database.freeSpaceMayHoldDeletedData() else { return .notNeeded }
            logger?.notice("rebuilding the database file once, as it was written by an older version (seconds for a large file)",
                           metadata: ["file": "\(database.file?.path ?? "-")"])
            let started = clock.now
            try database.overwriteFreeSpace()
            return .rebuilt(seconds: started.duration(to: clock.now) / .seconds(1))
        } catch {
            return .failed("\(error)")
        }
    }

    /// A notice when the file was rebuilt, a warning when it could not be.
    public func log(to logger: Logger) {
        switch self {
        case .notNeeded:
            break
        case .rebuilt(let seconds):
            logger.notice("the database file, written by an older version, was rebuilt once so that deleted data leaves nothing in its free space",
                          metadata: ["seconds": "\(String(format: "%.1f", seconds))"])
        case .failed(let error):
            logger.warning("the database file, written by an older version, could not be rebuilt (it needs free disk space about twice its size); deleting a child will rebuild it, and every write waits meanwhile",
                           metadata: ["error": "\(error)"])
        }
    }
}

/// Drafts left by an earlier run, at start-up: how many records they became, or why none could be
/// made now.
public enum StartupRecovery: Sendable, Equatable {
    case recovered(Int)
    case failed(String)

    /// A notice with the number of records (nothing when there were none), or an error.
    public func log(to logger: Logger) {
        switch self {
        case .recovered(0):
            break
        case .recovered(let records):
            logger.notice("recovered attempts from drafts left by an earlier run", metadata: ["records": "\(records)"])
        case .failed(let error):
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
    /// - Parameter hosts: the names the server answers to (`KnownHosts`).
    /// - Parameter classCode: the code devices other than this machine enter first (`ClassCode`), when
    ///   the server listens beyond this machine; nil: none.
    public static func make(services: FederServices, host: String, port: Int, adult: AdultOptions = AdultOptions(),
                            hosts: KnownHosts = KnownHosts(), classCode: ClassCode? = nil, logger: Logger = Logger(label: "feder"),
                            onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = router(services: services, adult: adult, hosts: hosts, classCode: classCode, logger: logger)
        return Application(
            router: router,
            server: .federSession(limits: ProtocolLimits.socket, hosts: hosts, classCode: classCode) { connectionLogger in
                SessionConnection(library: services.library, store: services.lessons, recognizer: services.recognizer,
                                  clock: services.clock, logger: connectionLogger)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "feder"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// The router with its middleware in order: requests logged, failures that are not an answer
    /// logged as errors, unknown host names and foreign origins refused, the page's security
    /// headers set (`SecurityHeadersMiddleware`), the API's refusals made JSON with a code, then the page's files, then the adult session from its cookie, then the adult
    /// guard in front of every route that is not open to the child's page.
    static func router(services: FederServices, adult: AdultOptions, hosts: KnownHosts = KnownHosts(), classCode: ClassCode? = nil,
                       logger: Logger) -> Router<Context> {
        let router = Router(context: Context.self)
        router.addMiddleware {
            // Every request at info level (`feder serve --log-level info`); the session cookie is never written.
            LogRequestsMiddleware<Context>(.info, includeHeaders: .none)
            // Failures that are not an answer (storage, bugs): 500, and an error in the log.
            UnexpectedErrorLoggingMiddleware<Context>()
            SameOriginMiddleware<Context>(hosts: hosts)
            SecurityHeadersMiddleware<Context>()
            ClassCodeMiddleware(classCode: classCode)
            JSONRefusalsMiddleware<Context>()
            ControlCharactersRefused<Context>()
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
        ResearchRoutes(services: services, keeper: keeper).register(on: router)
        GateRoutes(keeper: keeper, options: adult, now: services.clock.wall).register(on: router)
        ClassCodeRoutes(classCode: classCode, door: ClassCodeDoor(now: services.clock.wall)).register(on: router)
        ClassRoutes(services: services).register(on: router)
        WorksheetRoutes(services: services).register(on: router)
        return router
    }
}
