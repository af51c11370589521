import FederCore
import Foundation
import Logging

/// Turns replies into JSON text. The frequent `events` reply made only of tracker events is written
/// by hand (it is sent 60 times a second per child); everything else goes through `JSONEncoder`.
struct ReplyWriter {
    private let encoder = JSONEncoder()

    func text(_ message: ServerMessage) throws -> String {
        if case .events(let re, let events, let ignored) = message, let tracked = Self.trackerOnly(events) {
            var out = "{\"type\":\"events\""
            if let re { out += ",\"re\":" + Self.json(re) }
            out += ",\"events\":["
            for (n, event) in tracked.enumerated() {
                if n > 0 { out += "," }
                out += Self.json(event)
            }
            out += "]"
            if ignored > 0 { out += ",\"ignored\":\(ignored)" }
            out += "}"
            return out
        }
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    /// Each reply as JSON text; one that cannot be encoded is logged and left out.
    func texts(_ replies: [ServerMessage], logger: Logger) -> [String] {
        replies.compactMap { reply in
            do {
                return try text(reply)
            } catch {
                logger.error("a reply could not be encoded", metadata: ["error": "\(error)"])
                return nil
            }
        }
    }

    /// The tracker events, when there is nothing else in the list.
    static func trackerOnly(_ events: [LessonEvent]) -> [TrackerEvent]? {
        var out: [TrackerEvent] = []
        out.reserveCapacity(events.count)
        for event in events {
            guard case .tracker(let t) = event else { return nil }
            out.append(t)
        }
        return out
    }

    static func json(_ id: RequestID) -> String {
        switch id {
        case .number(let n): return String(n)
        case .text(let s): return String(decoding: (try? JSONEncoder().encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
        }
    }

    static func json(_ event: TrackerEvent) -> String {
        switch event {
        case .checkpoint(let stroke, let index, let progress):
            let p = (progress * 1000).rounded() / 1000
            return "{\"kind\":\"checkpoint\",\"stroke\":\(stroke),\"index\":\(index),\"progress\":\(p)}"
        case .proximity(let value):
            return "{\"kind\":\"proximity\",\"value\":\"\(value.rawValue)\"}"
        case .strokeDone(let stroke):
            return "{\"kind\":\"strokeDone\",\"stroke\":\(stroke)}"
        case .letterDone:
            return "{\"kind\":\"letterDone\"}"
        }
    }
}
