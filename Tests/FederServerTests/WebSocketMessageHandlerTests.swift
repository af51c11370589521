import Logging
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing
@testable import FederServer

/// The live session's WebSocket framing on an embedded channel (no socket, time by hand): whole
/// messages from fragments, the size limit, pings both ways, the closing handshake and the close
/// codes of docs/PROTOCOL.md.
@Suite("WebSocket messages")
struct WebSocketMessageHandlerTests {
    /// Collects the messages the handler passes on.
    final class Sink: ChannelInboundHandler {
        typealias InboundIn = SocketMessage
        var texts: [String] = []
        var binaries = 0
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .text(let text): texts.append(text)
            case .binary: binaries += 1
            }
        }
    }

    let channel = EmbeddedChannel()
    let sink = Sink()

    init() throws {
        let limits = WebSocketMessageHandler.Configuration(maxMessageBytes: 100, pingInterval: .seconds(30))
        try channel.pipeline.syncOperations.addHandlers([WebSocketMessageHandler(configuration: limits, logger: Logger(label: "test")), sink])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    }

    func frame(_ opcode: WebSocketOpcode, _ text: String = "", fin: Bool = true, rsv1: Bool = false) -> WebSocketFrame {
        masked(opcode, ByteBuffer(string: text), fin: fin, rsv1: rsv1)
    }

    /// A frame as a client sends it: its payload masked with a random key (RFC 6455 §5.3).
    func masked(_ opcode: WebSocketOpcode, _ payload: ByteBuffer, fin: Bool = true, rsv1: Bool = false) -> WebSocketFrame {
        let key = WebSocketMaskingKey.random()
        var data = payload
        data.webSocketMask(key)
        return WebSocketFrame(fin: fin, rsv1: rsv1, opcode: opcode, maskKey: key, data: data)
    }

    func send(_ frame: WebSocketFrame) throws { try channel.writeInbound(frame) }

    /// Frames the server wrote, in order.
    func written() throws -> [WebSocketFrame] {
        var out: [WebSocketFrame] = []
        while let frame = try channel.readOutbound(as: WebSocketFrame.self) { out.append(frame) }
        return out
    }

    func closeCode(_ frame: WebSocketFrame?) -> WebSocketErrorCode? {
        guard let frame, frame.opcode == .connectionClose else { return nil }
        var data = frame.data
        return data.readWebSocketErrorCode()
    }

    @Test func fragmentsAreJoinedIntoOneMessage() throws {
        try send(frame(.text, #"{"type":"#, fin: false))
        try send(frame(.continuation, #""ping""#, fin: false))
        try send(frame(.continuation, "}"))
        try send(frame(.binary, "xyz"))
        #expect(sink.texts == [#"{"type":"ping"}"#])
        #expect(sink.binaries == 1)
        #expect(channel.isActive)
    }

    @Test func textThatIsNotUTF8IsReadWithReplacementCharacters() throws {
        var bytes = ByteBuffer(string: "a")
        bytes.writeBytes([0xFF, 0xFE])
        try send(masked(.text, bytes))
        #expect(sink.texts == ["a\u{FFFD}\u{FFFD}"])
    }

    @Test func aMessageOverTheLimitInFragmentsClosesWith1009() throws {
        try send(frame(.text, String(repeating: "x", count: 60), fin: false))
        try send(frame(.continuation, String(repeating: "x", count: 41)))
        #expect(sink.texts.isEmpty)
        #expect(closeCode(try written().last) == .messageTooLarge)
        #expect(!channel.isActive)
    }

    @Test(arguments: ["continuation without a start", "a reserved bit", "a new message inside another", "a fragmented ping"])
    func protocolErrorsCloseWith1002(_ kind: String) throws {
        switch kind {
        case "continuation without a start": try send(frame(.continuation, "x"))
        case "a reserved bit": try send(frame(.text, "x", rsv1: true))
        case "a new message inside another":
            try send(frame(.text, "x", fin: false))
            try send(frame(.text, "y"))
        default: try send(frame(.ping, "x", fin: false))
        }
        #expect(closeCode(try written().last) == .protocolError, "\(kind)")
        #expect(!channel.isActive)
    }

    @Test func aPingIsAnsweredWithItsData() throws {
        try send(frame(.ping, "hi"))
        let pong = try #require(try written().first)
        #expect(pong.opcode == .pong && String(buffer: pong.data) == "hi")
    }

    @Test func theClientsCloseIsAnsweredWithItsCodeAndTheSocketCloses() throws {
        var data = ByteBuffer()
        data.write(webSocketErrorCode: .goingAway)
        try send(masked(.connectionClose, data))
        #expect(closeCode(try written().last) == .goingAway)
        #expect(!channel.isActive)
    }

    /// A close is echoed only with a code a close frame may carry; 1005, 1006, 1015 and the
    /// reserved ranges are answered 1002, a close without a code 1000.
    @Test(arguments: [(UInt16?.none, 1000), (1000, 1000), (1001, 1001), (1011, 1011), (4000, 4000),
                      (1005, 1002), (1006, 1002), (1015, 1002), (999, 1002), (2000, 1002), (5000, 1002)])
    func aClientsCloseCodeIsEchoedOnlyWhenItMayBeSent(received: UInt16?, answered: Int) throws {
        var data = ByteBuffer()
        if let received { data.writeInteger(received) }
        try send(masked(.connectionClose, data))
        #expect(closeCode(try written().last) == WebSocketErrorCode(codeNumber: answered))
        #expect(!channel.isActive)
    }

    @Test func aClientThatAnswersNoPingIsClosedWith1001AndOneThatDoesStays() throws {
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try written().map(\.opcode) == [.ping])
        try send(frame(.pong))
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try written().map(\.opcode) == [.ping], "answered: another ping, no close")
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(closeCode(try written().last) == .goingAway)
        #expect(!channel.isActive)
    }

    @Test func repliesGoOutAsTextFramesAndNothingAfterTheClose() throws {
        try channel.writeOutbound("{\"type\":\"pong\"}")
        let reply = try #require(try written().first)
        #expect(reply.opcode == .text && reply.maskKey == nil && String(buffer: reply.data) == "{\"type\":\"pong\"}")
        channel.pipeline.fireUserInboundEventTriggered(SessionServerShutdown())
        #expect(closeCode(try written().last) == .normalClosure)
        #expect(throws: (any Error).self) { try channel.writeOutbound("{\"late\":true}") }
    }
}
