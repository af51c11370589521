import FederCore
import Foundation

/// What the page sends. See docs/PROTOCOL.md.
public enum ClientMessage: Sendable, Equatable {
    case hello(child: String?)
    case start(StartRequest)
    case down(pointer: PointerKind, sample: PenSample)
    case move(samples: [PenSample])
    case up(sample: PenSample?)
    /// Observe: one animation cycle of the guide dot finished.
    case observed
    /// A tap: on a numbered start dot (`dot`, the page knows which where dots coincide) or at a point.
    case tap(point: Point?, dot: Int?)
    /// "Nochmal": the phase starts again.
    case restart
    case end
    case ping

    public struct StartRequest: Sendable, Equatable {
        /// The character, or with `isWord` the word (joined scripts: built by `WordBuilder`).
        public var glyph: String
        public var script: String
        public var variant: String?
        public var isWord = false
    }
}

/// Turns a text frame into a request id and a message or a typed error.
public struct ClientMessageDecoder: Sendable {
    public static let protocolVersion = 1
    private let decoder = JSONDecoder()

    public init() {}

    public struct Decoded: Sendable {
        public var id: RequestID?
        public var message: Result<ClientMessage, ProtocolError>
    }

    public func decode(_ data: Data) -> Decoded {
        let envelope: Envelope
        do {
            envelope = try decoder.decode(Envelope.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return Decoded(id: nil, message: .failure(ProtocolError(.invalidJSON, "not valid JSON: \(context.debugDescription)")))
        } catch {
            // Valid JSON but no object, or a bad id: try to recover the id for the reply.
            let id = (try? decoder.decode(IDOnly.self, from: data))?.id
            return Decoded(id: id, message: .failure(ProtocolError(.invalidMessage, "expected an object with a string \"type\"")))
        }
        if let v = envelope.v, v != Self.protocolVersion {
            return Decoded(id: envelope.id, message: .failure(ProtocolError(.unsupportedVersion,
                "protocol version \(v) is not supported; this server speaks \(Self.protocolVersion)")))
        }
        return Decoded(id: envelope.id, message: Result { () throws(ProtocolError) in
            try message(type: envelope.type, data: data)
        })
    }

    private func message(type: String, data: Data) throws(ProtocolError) -> ClientMessage {
        switch type {
        case "hello":
            let body: Hello = try body(data)
            if let child = body.child, UUID(uuidString: child) == nil {
                throw ProtocolError(.invalidMessage, "child must be a UUID")
            }
            return .hello(child: body.child?.lowercased())
        case "start":
            let body: Start = try body(data)
            if let word = body.word {
                guard body.glyph == nil, (1...40).contains(word.count) else {
                    throw ProtocolError(.invalidMessage, "give glyph or word; a word has 1 to 40 letters")
                }
                return .start(.init(glyph: word, script: body.script ?? "schul", variant: nil, isWord: true))
            }
            guard let glyph = body.glyph, glyph.unicodeScalars.count == 1 else {
                throw ProtocolError(.invalidMessage, "glyph must be one character")
            }
            return .start(.init(glyph: glyph, script: body.script ?? "druck", variant: body.variant))
        case "down":
            let body: Down = try body(data)
            return .down(pointer: body.pointer, sample: body.sample)
        case "move":
            let body: Move = try body(data)
            guard body.samples.count <= ProtocolLimits.samplesPerMessage else {
                throw ProtocolError(.tooManySamples, "at most \(ProtocolLimits.samplesPerMessage) samples per message")
            }
            return .move(samples: body.samples)
        case "up":
            let body: Up = try body(data)
            return .up(sample: body.sample)
        case "observed":
            return .observed
        case "tap":
            let body: Tap = try body(data)
            guard body.point != nil || body.dot != nil else {
                throw ProtocolError(.invalidMessage, "tap needs \"point\" or \"dot\"")
            }
            if let dot = body.dot, dot < 0 || dot > 64 { throw ProtocolError(.invalidMessage, "dot out of range") }
            if let p = body.point, !p.isFinite { throw ProtocolError(.invalidMessage, "point must be finite") }
            return .tap(point: body.point, dot: body.dot)
        case "restart":
            return .restart
        case "end":
            return .end
        case "ping":
            return .ping
        default:
            throw ProtocolError(.unknownType, "unknown message type \"\(type.prefix(40))\"")
        }
    }

    private func body<T: Decodable>(_ data: Data) throws(ProtocolError) -> T {
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw ProtocolError(.invalidMessage, describe(error))
        }
    }

    private struct Envelope: Decodable {
        var id: RequestID?
        var v: Int?
        var type: String
    }
    private struct IDOnly: Decodable { var id: RequestID? }
    private struct Hello: Decodable { var child: String? }
    private struct Start: Decodable { var glyph: String?; var word: String?; var script: String?; var variant: String? }
    private struct Down: Decodable { var pointer: PointerKind; var sample: PenSample }
    private struct Move: Decodable { var samples: [PenSample] }
    private struct Up: Decodable { var sample: PenSample? }
    private struct Tap: Decodable { var point: Point?; var dot: Int? }
}

private func describe(_ error: any Error) -> String {
    func path(_ p: [any CodingKey]) -> String {
        p.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case DecodingError.keyNotFound(let key, let c): return "missing field \"\(path(c.codingPath + [key]))\""
    case DecodingError.typeMismatch(_, let c): return "wrong type at \"\(path(c.codingPath))\""
    case DecodingError.valueNotFound(_, let c): return "missing value at \"\(path(c.codingPath))\""
    case DecodingError.dataCorrupted(let c): return "invalid value at \"\(path(c.codingPath))\": \(c.debugDescription)"
    default: return "invalid message"
    }
}
