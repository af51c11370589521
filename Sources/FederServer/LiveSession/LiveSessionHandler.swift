import FederCore
import Logging
import NIOCore

/// One socket's live session, run on the socket's event loop.
///
/// Most frames of a lesson (pen samples while tracing, a pen-down, a ping, a refused message) need
/// no storage: they are answered at once, on the event loop, without a hop to another thread
/// (`SessionConnection.handleImmediately`), and the replies of one read of the socket go out in one
/// flush. A frame that needs the database (`hello`, `start`, a pen-up's draft, a finished phase)
/// continues in a task; meanwhile the handler is *busy*: it touches nothing of the connection, reads
/// nothing more from the socket and keeps frames already read in order, and the task hands the
/// connection back with its replies. Timer ticks take the same asynchronous path. The socket is also
/// not read while its unread replies fill the send buffer, so a client that does not read is held
/// back by TCP (docs/PROTOCOL.md, Limits).
final class LiveSessionHandler: ChannelDuplexHandler {
    typealias InboundIn = SocketMessage
    typealias OutboundIn = String
    typealias OutboundOut = String

    /// The connection's state, owned by the event loop, or by the task of the frame in progress
    /// while the handler is busy.
    private final class Owned: @unchecked Sendable {
        var connection: SessionConnection
        init(_ connection: SessionConnection) { self.connection = connection }
    }

    private enum Work: Sendable {
        case rest(SessionConnection.Remainder)
        case tick
        case close
    }

    private let owned: Owned
    private let writer = ReplyWriter()
    private let logger: Logger
    /// Completed when the connection has closed and kept or recorded its lesson.
    let finished: EventLoopPromise<Void>

    private var busy = false
    private var waiting = CircularBuffer<SocketMessage>()
    /// A read of the socket was held back (busy, or the send buffer full).
    private var readHeld = false
    private var unflushed = false
    private var tickDue = false
    private var socketGone = false
    private var removed = false
    private var timer: Scheduled<Void>?
    private var armedFor: Double?

    init(_ connection: SessionConnection, finished: EventLoopPromise<Void>, logger: Logger) {
        self.owned = Owned(connection)
        self.finished = finished
        self.logger = logger
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        if busy || !waiting.isEmpty {
            waiting.append(message)
        } else {
            take(message, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushIfNeeded(context)
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        readIfHeld(context)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        socketGone = true
        timer?.cancel()
        timer = nil
        if !busy { drainThenClose(context) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
        timer?.cancel()
        timer = nil
        // A pipeline torn down without the socket closing first still ends the session.
        if !socketGone {
            socketGone = true
            if !busy { drainThenClose(context) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The socket handler in front has logged it and closes the socket as the error requires.
    }

    // MARK: Outbound

    /// Reads of the socket wait while a frame's storage is in progress or the replies are not read.
    func read(context: ChannelHandlerContext) {
        if busy || !context.channel.isWritable {
            readHeld = true
        } else {
            context.read()
        }
    }

    // MARK: Frames

    private func take(_ message: SocketMessage, context: ChannelHandlerContext) {
        switch message {
        case .binary:
            send(owned.connection.logRefusals([.error(re: nil, ProtocolError(.binaryNotSupported, "send JSON text frames"))]),
                 context: context)
        case .text(let text):
            switch owned.connection.handleImmediately(text: text) {
            case .answered(let replies):
                send(replies, context: context)
                armTimer(context)
            case .continues(let rest):
                start(.rest(rest), context: context)
            }
        }
    }

    /// Takes the frames read while busy, in order, until one needs the asynchronous path again.
    private func takeWaiting(_ context: ChannelHandlerContext) {
        while !busy, let message = waiting.popFirst() {
            take(message, context: context)
        }
    }

    /// Hands the connection to a task for `work`; its replies come back on the event loop, already
    /// encoded (a `started` reply with its letter's geometry is the largest JSON the server writes).
    private func start(_ work: Work, context: ChannelHandlerContext) {
        busy = true
        timer?.cancel()
        timer = nil
        armedFor = nil
        let owned = self.owned
        let logger = self.logger
        let loop = context.eventLoop
        let back = NIOLoopBound((self, context), eventLoop: loop)
        Task {
            let replies: [ServerMessage]
            switch work {
            case .rest(let rest): replies = await owned.connection.continueAfter(rest)
            case .tick: replies = await owned.connection.tick() + owned.connection.persistBeforeReply()
            case .close:
                await owned.connection.close()
                replies = []
            }
            let texts = ReplyWriter().texts(replies, logger: logger)
            loop.execute {
                let (handler, context) = back.value
                handler.finish(work, replies: texts, context: context)
            }
        }
    }

    private func finish(_ work: Work, replies: [String], context: ChannelHandlerContext) {
        busy = false
        if case .close = work {
            finished.succeed()
            return
        }
        write(replies, context: context)
        if tickDue, !socketGone {
            tickDue = false
            flushIfNeeded(context)  // these replies do not wait for the tick's storage
            start(.tick, context: context)
            return
        }
        takeWaiting(context)
        guard !busy else { return flushIfNeeded(context) }
        if socketGone { return drainThenClose(context) }
        armTimer(context)
        flushIfNeeded(context)
        readIfHeld(context)
    }

    /// The socket is gone: frames already read are still handled (their replies go nowhere), then
    /// the connection keeps or records its lesson.
    private func drainThenClose(_ context: ChannelHandlerContext) {
        takeWaiting(context)
        guard !busy else { return }  // `finish` comes back here
        start(.close, context: context)
    }

    private func send(_ replies: [ServerMessage], context: ChannelHandlerContext) {
        write(writer.texts(replies, logger: logger), context: context)
    }

    private func write(_ texts: [String], context: ChannelHandlerContext) {
        guard !socketGone, !removed, !texts.isEmpty else { return }
        for text in texts { context.write(wrapOutboundOut(text), promise: nil) }
        unflushed = true
    }

    private func flushIfNeeded(_ context: ChannelHandlerContext) {
        guard unflushed, !removed else { return }
        unflushed = false
        context.flush()
    }

    private func readIfHeld(_ context: ChannelHandlerContext) {
        guard readHeld, !busy, !removed, context.channel.isWritable else { return }
        readHeld = false
        context.read()
    }

    // MARK: Timer

    /// One timer per connection, re-armed only when the lesson's next deadline comes sooner than the
    /// armed one (a later deadline is found when the early tick fires and re-arms), so the messages of
    /// tracing do not each start a timer.
    private func armTimer(_ context: ChannelHandlerContext) {
        guard !socketGone else { return }
        guard let deadline = owned.connection.nextDeadline else {
            timer?.cancel()
            timer = nil
            armedFor = nil
            return
        }
        if let armed = armedFor, armed <= deadline { return }
        timer?.cancel()
        armedFor = deadline
        let wait = max(0, deadline - owned.connection.now)
        let back = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: .milliseconds(Int64((wait * 1000).rounded(.up)) + 1)) {
            let (handler, context) = back.value
            handler.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        armedFor = nil
        guard !socketGone else { return }
        if busy {
            tickDue = true
        } else {
            start(.tick, context: context)
        }
    }
}
