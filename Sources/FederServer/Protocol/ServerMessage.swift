import FederCore
import Foundation

/// What the server sends back. Every reply carries `re`, the id of the request it answers.
public enum ServerMessage: Sendable, Equatable {
    case hello(re: RequestID?, protocolVersion: Int, child: String?)
    case started(re: RequestID?, glyph: GlyphGeometry)
    case events(re: RequestID?, events: [TrackerEvent], ignored: Int)
    /// An attempt was stored (the letter completed, or a session with ink ended).
    case stored(re: RequestID?, attempt: Int64, completed: Bool)
    case ended(re: RequestID?)
    case pong(re: RequestID?)
    case error(re: RequestID?, ProtocolError)
}

extension ServerMessage: Encodable {
    private enum Key: String, CodingKey {
        case type, re, `protocol`, child, glyph, events, ignored, attempt, completed, code, message
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .hello(let re, let version, let child):
            try c.encode("hello", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(version, forKey: .protocol)
            try c.encodeIfPresent(child, forKey: .child)
        case .started(let re, let glyph):
            try c.encode("started", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(glyph, forKey: .glyph)
        case .events(let re, let events, let ignored):
            try c.encode("events", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(events.map(WireEvent.init), forKey: .events)
            if ignored > 0 { try c.encode(ignored, forKey: .ignored) }
        case .stored(let re, let attempt, let completed):
            try c.encode("stored", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(attempt, forKey: .attempt)
            try c.encode(completed, forKey: .completed)
        case .ended(let re):
            try c.encode("ended", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
        case .pong(let re):
            try c.encode("pong", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
        case .error(let re, let error):
            try c.encode("error", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(error.code, forKey: .code)
            try c.encode(error.message, forKey: .message)
        }
    }
}

/// A tracker event as it travels: `{"kind": "checkpoint", "stroke": 0, "index": 3, "progress": 0.2}`.
struct WireEvent: Encodable {
    let event: TrackerEvent

    private enum Key: String, CodingKey { case kind, stroke, index, progress, value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch event {
        case .checkpoint(let stroke, let index, let progress):
            try c.encode("checkpoint", forKey: .kind)
            try c.encode(stroke, forKey: .stroke)
            try c.encode(index, forKey: .index)
            try c.encode((progress * 1000).rounded() / 1000, forKey: .progress)
        case .proximity(let p):
            try c.encode("proximity", forKey: .kind)
            try c.encode(p, forKey: .value)
        case .strokeDone(let stroke):
            try c.encode("strokeDone", forKey: .kind)
            try c.encode(stroke, forKey: .stroke)
        case .letterDone:
            try c.encode("letterDone", forKey: .kind)
        }
    }
}
