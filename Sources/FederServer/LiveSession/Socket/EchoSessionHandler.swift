import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// What the live session's transport costs before Feder does anything: each text message is
/// answered at once with an empty `events` reply carrying its `id` (what a `move` without news
/// gets). Used by `feder bench echo-server --transport feder` (docs/PERFORMANCE.md).
final class EchoSessionHandler: ChannelInboundHandler {
    typealias InboundIn = SocketMessage
    typealias OutboundOut = String

    private let ended: EventLoopPromise<Void>
    private var unflushed = false

    init(ended: EventLoopPromise<Void>) { self.ended = ended }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .text(let text) = unwrapInboundIn(data) else { return }
        context.write(wrapOutboundOut(FederApp.echoReply(to: text)), promise: nil)
        unflushed = true
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        ended.succeed()
    }

}

extension FederApp {
    /// The echo floor's answer to a frame: an empty `events` reply with the frame's numeric `id`
    /// (the one the load generator puts first; `null` if there is none).
    public static func echoReply(to text: String) -> String {
        let id: Substring
        if let start = text.range(of: "\"id\":") {
            let digits = text[start.upperBound...].prefix { $0.isNumber }
            id = digits.isEmpty ? "null" : digits
        } else {
            id = "null"
        }
        return "{\"type\":\"events\",\"re\":\(id),\"events\":[]}"
    }

    /// A server of the live session's transport alone (`/v1/session` answered by `EchoSessionHandler`).
    public static func echoFloor(host: String, port: Int, logger: Logger) -> some ApplicationProtocol {
        Application(router: Router(), server: HTTPServerBuilder { responder in
            SessionServerChannel(responder: responder, limits: ProtocolLimits.socket, hosts: KnownHosts(), classCode: nil) { _, ended in
                EchoSessionHandler(ended: ended)
            }
        }, configuration: .init(address: .hostname(host, port: port), serverName: "feder-echo"), logger: logger)
    }
}
