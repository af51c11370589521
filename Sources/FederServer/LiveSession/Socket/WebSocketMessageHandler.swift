import Logging
import NIOCore
import NIOWebSocket

/// A whole WebSocket message, put together from its frames.
enum SocketMessage {
    /// Text as UTF-8; bytes that are not UTF-8 are read as U+FFFD (docs/PROTOCOL.md).
    case text(String)
    case binary
}

/// Asks the live session's socket to close with 1000 because the server shuts down.
struct SessionServerShutdown {}

/// WebSocket frames in, whole messages out, and text messages back as frames (RFC 6455), on the
/// socket's event loop: fragments joined up to the message limit, pings answered, the closing
/// handshake, and the server's own pings to find a client that is gone. The frame decoder in front
/// of it (added by the upgrade) refuses a single frame over the limit with 1009; a message over it
/// in fragments is refused here with the same code.
final class WebSocketMessageHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = SocketMessage
    typealias OutboundIn = String
    typealias OutboundOut = WebSocketFrame

    struct Configuration {
        /// The largest message, in one frame or in fragments (bytes).
        var maxMessageBytes: Int
        /// How often the server pings; a client that answered none of the pings sent in one period is closed with 1001.
        var pingInterval: TimeAmount
    }

    private let configuration: Configuration
    private let logger: Logger
    /// The fragments of a message still being received, and whether it is text.
    private var fragments: ByteBuffer?
    private var fragmentsAreText = false
    /// The server has sent its close frame: nothing more is read or written but the closing handshake.
    private var closeSent = false
    private var awaitingPong = false
    private var pings: RepeatedTask?

    init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        pings = context.eventLoop.scheduleRepeatedTask(initialDelay: configuration.pingInterval,
                                                       delay: configuration.pingInterval) { _ in
            handler.value.pingTime(context: bound.value)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        pings?.cancel()
        pings = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        pings?.cancel()
        pings = nil
        context.fireChannelInactive()
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        // No extension is negotiated, so every reserved bit must be clear.
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else { return close(context, .protocolError) }
        switch frame.opcode {
        case .text, .binary:
            guard !closeSent else { return }
            guard fragments == nil else { return close(context, .protocolError) }  // a new message inside another
            if frame.fin {
                guard frame.length <= configuration.maxMessageBytes else { return close(context, .messageTooLarge) }
                deliver(frame.unmaskedData, isText: frame.opcode == .text, context: context)
            } else {
                fragmentsAreText = frame.opcode == .text
                fragments = frame.unmaskedData
                guard frame.length <= configuration.maxMessageBytes else { return close(context, .messageTooLarge) }
            }
        case .continuation:
            guard !closeSent else { return }
            guard var joined = fragments else { return close(context, .protocolError) }  // nothing to continue
            guard joined.readableBytes + frame.length <= configuration.maxMessageBytes else {
                fragments = nil
                return close(context, .messageTooLarge)
            }
            var part = frame.unmaskedData
            fragments = nil  // keeps the buffer uniquely referenced while it grows
            joined.writeBuffer(&part)
            if frame.fin {
                deliver(joined, isText: fragmentsAreText, context: context)
            } else {
                fragments = joined
            }
        case .ping:
            guard frame.fin else { return close(context, .protocolError) }
            guard !closeSent else { return }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            awaitingPong = false
        case .connectionClose:
            answerClose(frame, context: context)
        default:
            close(context, .protocolError)  // a reserved opcode
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is SessionServerShutdown {
            close(context, .normalClosure)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("live session socket error", metadata: ["error": "\(error)"])
        // A frame error is answered with its close code by NIO's protocol error handler in front,
        // which closes the socket once that frame is written; closing here would cut it off.
        if error is NIOWebSocketError { return }
        context.close(promise: nil)
    }

    private func deliver(_ bytes: ByteBuffer, isText: Bool, context: ChannelHandlerContext) {
        guard isText else { return context.fireChannelRead(wrapInboundOut(.binary)) }
        let text = bytes.readableBytesView.withContiguousStorageIfAvailable { String(decoding: $0, as: UTF8.self) }
            ?? String(decoding: bytes.readableBytesView, as: UTF8.self)
        context.fireChannelRead(wrapInboundOut(.text(text)))
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closeSent else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        let text = unwrapOutboundIn(data)
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: promise)
    }

    // MARK: Closing and pings

    /// The client closed: the close is answered with its code and the socket is closed.
    private func answerClose(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        guard !closeSent else {
            context.close(promise: nil)  // the answer to our own close
            return
        }
        closeSent = true
        let code = Self.answer(toClose: frame.unmaskedData)
        var reply = context.channel.allocator.buffer(capacity: 2)
        reply.write(webSocketErrorCode: code)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: reply))).whenComplete { _ in
            bound.value.close(promise: nil)
        }
    }

    /// The code that answers a client's close (RFC 6455 §7.4): its own code when a close frame may
    /// carry it, 1000 when it gave none, 1002 for a code no endpoint may send (1004–1006, 1015, the
    /// reserved ranges) or a payload of one byte.
    static func answer(toClose payload: ByteBuffer) -> WebSocketErrorCode {
        var data = payload
        guard data.readableBytes > 0 else { return .normalClosure }
        guard let received = data.readInteger(as: UInt16.self) else { return .protocolError }
        switch received {
        case 1000...1003, 1007...1014, 3000...4999: return WebSocketErrorCode(codeNumber: Int(received))
        default: return .protocolError
        }
    }

    /// Sends the server's close frame with `code` and closes the socket once it is written.
    private func close(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode) {
        guard !closeSent else { return }
        closeSent = true
        fragments = nil
        if code != .normalClosure {
            logger.debug("closing a live session socket", metadata: ["code": "\(code)"])
        }
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
            bound.value.close(promise: nil)
        }
    }

    private func pingTime(context: ChannelHandlerContext) {
        guard !closeSent else { return }
        if awaitingPong {
            close(context, .goingAway)
            return
        }
        awaitingPong = true
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: context.channel.allocator.buffer(capacity: 0))),
                              promise: nil)
    }
}
