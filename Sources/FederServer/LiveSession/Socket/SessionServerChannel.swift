import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
import ServiceLifecycle

/// Each accepted connection of the server: HTTP/1.1 for the page, the API and the adult area
/// (Hummingbird's router answers), or an upgrade to the live session's WebSocket at `/v1/session`,
/// which is run by NIO channel handlers on the connection's event loop (`WebSocketMessageHandler`,
/// `LiveSessionHandler`) rather than through async streams: a pen sample is answered without a task
/// switch (docs/PERFORMANCE.md).
struct SessionServerChannel: ServerChildChannel, HTTPChannelHandler {
    static let path = "/v1/session"
    /// Header fields a request may have: Hummingbird's own HTTP channel's limit (NIO's decoder alone
    /// would take 65,534 within its 80 KiB of headers).
    static let maxHeaderFields = 1000

    /// What became of a new connection.
    enum Outcome: Sendable {
        /// The live session runs on the channel; completed when it has closed and kept its lesson.
        case session(EventLoopFuture<Void>)
        case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        /// An upgrade that was refused (another path, a foreign origin, a bad handshake): answered 400.
        case refusedUpgrade(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    }

    struct Value: ServerChildChannelValue {
        let outcome: EventLoopFuture<Outcome>
        let channel: any Channel
    }

    /// The handler behind `WebSocketMessageHandler` that runs one socket's session: it reads
    /// `SocketMessage`s, writes `String`s, and completes the promise once the session has ended.
    typealias MakeSessionHandler = @Sendable (_ logger: Logger, _ ended: EventLoopPromise<Void>) -> any ChannelHandler

    let responder: HTTPChannelHandler.Responder
    let makeSessionHandler: MakeSessionHandler
    let limits: WebSocketMessageHandler.Configuration
    let hosts: KnownHosts
    let classCode: ClassCode?

    init(responder: @escaping HTTPChannelHandler.Responder, limits: WebSocketMessageHandler.Configuration, hosts: KnownHosts,
         classCode: ClassCode?, makeSessionHandler: @escaping MakeSessionHandler) {
        self.responder = Self.redirectingLateUpgrades(responder)
        self.limits = limits
        self.hosts = hosts
        self.classCode = classCode
        self.makeSessionHandler = makeSessionHandler
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let upgradeAsked = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
            let upgrader = NIOTypedWebSocketServerUpgrader<Outcome>(
                maxFrameSize: limits.maxMessageBytes,
                shouldUpgrade: { channel, head in
                    upgradeAsked.value = true
                    let allowed = Self.mayUpgrade(head, hosts: hosts, classCode: classCode, peer: channel.remoteAddress, logger: logger)
                    return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        let ended = channel.eventLoop.makePromise(of: Void.self)
                        try channel.pipeline.syncOperations.addHandlers([
                            WebSocketMessageHandler(configuration: limits, logger: logger),
                            makeSessionHandler(logger, ended),
                        ])
                        return Outcome.session(ended.futureResult)
                    }
                })
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration<Outcome>(
                upgradeConfiguration: .init(upgraders: [upgrader], notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                        try channel.pipeline.syncOperations.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
                        let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                        return upgradeAsked.value ? .refusedUpgrade(http) : .http(http)
                    }
                }))
            configuration.enablePipelining = false  // the async HTTP channel takes one request at a time
            // NIO answers a request head it cannot parse (over 80 KB, garbage) with 400, and
            // `CloseOnParseError` closes the connection: before the upgrade is decided nobody else
            // reads that error, and the connection stayed open without an answer.
            configuration.enableErrorHandling = true
            configuration.enableResponseHeaderValidation = false  // HTTPTypes validates
            configuration.decoderConfiguration.maxHeaderFieldCount = Self.maxHeaderFields
            let outcome = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
            try channel.pipeline.syncOperations.addHandler(CloseOnParseError())
            return Value(outcome: outcome, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.outcome.get() {
            case .http(let http):
                await handleHTTP(asyncChannel: http, logger: logger)
            case .refusedUpgrade(let http):
                await Self.refuse(http, logger: logger)
            case .session(let finished):
                // The server's graceful shutdown closes the socket with 1000; the session then keeps
                // or records its lesson before the server stops.
                await withGracefulShutdownHandler {
                    // Only ever succeeded; it fails only if the event loop is already gone.
                    try? await finished.get()
                } onGracefulShutdown: {
                    value.channel.pipeline.fireUserInboundEventTriggered(SessionServerShutdown())
                }
            }
        } catch {
            logger.debug("a connection ended before it was set up", metadata: ["error": "\(error)"])
        }
    }

    /// Only the live session's path, only to a name this server goes by, only from this site (or
    /// from a program that is no browser): a page elsewhere must not open a session in a child's
    /// name (`SameOriginMiddleware`, `KnownHosts`); and on a classroom network only from this
    /// machine or a device that entered the class code (`ClassCode`).
    static func mayUpgrade(_ head: HTTPRequestHead, hosts: KnownHosts, classCode: ClassCode? = nil, peer: SocketAddress? = nil,
                           logger: Logger) -> Bool {
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? head.uri
        guard path == Self.path else {
            logger.notice("refused a WebSocket upgrade for another path", metadata: ["path": "\(path)"])
            return false
        }
        guard hosts.allows(head.headers.first(name: "Host")) else {
            logger.notice("refused a WebSocket upgrade to an unknown host name", metadata: ["host": "\(head.headers.first(name: "Host") ?? "")"])
            return false
        }
        if let origin = head.headers.first(name: "Origin"), !SameOriginMiddleware<FederRequestContext>.isNonBrowserClient(origin),
           !SameOriginMiddleware<FederRequestContext>.isSameOrigin(origin, authority: head.headers.first(name: "Host")) {
            logger.notice("refused a WebSocket upgrade from a foreign origin", metadata: ["origin": "\(origin)"])
            return false
        }
        if let classCode, !classCode.admits(peer: peer, cookieHeader: head.headers.first(name: "Cookie")) {
            logger.notice("refused a live session from a device without the class code", metadata: ["peer": "\(peer?.description ?? "-")"])
            return false
        }
        logger.info("live session opened")
        return true
    }

    /// A refused upgrade is answered 400 and the connection closed.
    private static func refuse(_ http: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>, logger: Logger) async {
        do {
            try await http.executeThenClose { _, outbound in
                try await outbound.write(contentsOf: [.head(HTTPResponse(status: .badRequest, headerFields: [.connection: "close", .contentLength: "0"])),
                                                      .end(nil)])
            }
        } catch {
            logger.trace("a refused upgrade could not be answered", metadata: ["error": "\(error)"])
        }
    }

    /// An upgrade asked for on a connection that already carried an ordinary request cannot be taken
    /// there (NIO upgrades only a connection's first request): the client is sent to the same
    /// address again, which a WebSocket client does on a new connection.
    private static func redirectingLateUpgrades(_ responder: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        struct ClosedAfterRedirect: Error {}
        return { request, writer, channel in
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                return try await responder(request, writer, channel)
            }
            let location = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
            try await writer.writeResponse(HTTPResponse(status: .temporaryRedirect, headerFields: [.connection: "close", .location: location]))
            throw ClosedAfterRedirect()
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the live session's WebSocket on the event loops (`SessionServerChannel`).
    static func federSession(limits: WebSocketMessageHandler.Configuration, hosts: KnownHosts, classCode: ClassCode? = nil,
                             makeSession: @escaping @Sendable (_ logger: Logger) -> SessionConnection) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            SessionServerChannel(responder: responder, limits: limits, hosts: hosts, classCode: classCode) { logger, ended in
                LiveSessionHandler(makeSession(logger), finished: ended, logger: logger)
            }
        }
    }
}

/// Closes a connection whose request head the parser refused, once NIO's error handler answered it
/// 400 (that handler leaves the closing to the pipeline behind it).
final class CloseOnParseError: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is HTTPParserError { context.close(promise: nil) }
        context.fireErrorCaught(error)
    }
}
