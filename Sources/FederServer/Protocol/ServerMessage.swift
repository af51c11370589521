import FederCore
import Foundation

/// What the server sends back. Every reply carries `re`, the id of the request it answers.
enum ServerMessage: Sendable, Equatable {
    case hello(re: RequestID?, protocolVersion: Int, child: String?, condition: StudyCondition?, profile: ProfileInfo? = nil)
    /// `profile`: the child's profile as the adults left it, so a change (sound, captions, hand)
    /// reaches the page with the next letter.
    case started(re: RequestID?, glyph: GlyphGeometry, condition: StudyCondition, phases: [LessonPhase],
                 lesson: String? = nil, pick: PickInfo? = nil, profile: ProfileInfo? = nil)
    /// An interrupted lesson goes on: the server holds `strokes` strokes of the attempt; the page sends the rest.
    /// `traced`: while tracing, how far those strokes traced the letter (a reloaded page shows it again);
    /// `dots`: in direct, how many start dots were tapped in order before the cut (shown as done).
    case resumed(re: RequestID?, lesson: String, phase: LessonPhase, attempt: Int, strokes: Int, traced: TracedSoFar? = nil, dots: Int? = nil)
    /// Werkstatt's answer to `read`.
    case read(re: RequestID?, ReadInfo)
    /// After a letter: the jar, the round, a new sticker.
    case progress(re: RequestID?, ProgressInfo)
    case events(re: RequestID?, events: [LessonEvent], ignored: Int)
    /// A phase attempt was stored.
    case stored(re: RequestID?, record: Int64, phase: LessonPhase, completed: Bool)
    case ended(re: RequestID?)
    /// The child's face for the letter on paper was stored.
    case paperStored(re: RequestID?)
    case pong(re: RequestID?)
    case error(re: RequestID?, ProtocolError)
}

extension ServerMessage: Encodable {
    private enum Key: String, CodingKey {
        case type, re, `protocol`, child, condition, phases, glyph, events, ignored, record, phase, completed, code, message
        case profile, lesson, pick, attempt, strokes, answer, progress, traced, dots
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .hello(let re, let version, let child, let condition, let profile):
            try c.encode("hello", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(version, forKey: .protocol)
            try c.encodeIfPresent(child, forKey: .child)
            try c.encodeIfPresent(condition, forKey: .condition)
            try c.encodeIfPresent(profile, forKey: .profile)
        case .started(let re, let glyph, let condition, let phases, let lesson, let pick, let profile):
            try c.encode("started", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(glyph, forKey: .glyph)
            try c.encode(condition, forKey: .condition)
            try c.encode(phases, forKey: .phases)
            try c.encodeIfPresent(lesson, forKey: .lesson)
            try c.encodeIfPresent(pick, forKey: .pick)
            try c.encodeIfPresent(profile, forKey: .profile)
        case .resumed(let re, let lesson, let phase, let attempt, let strokes, let traced, let dots):
            try c.encode("resumed", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(lesson, forKey: .lesson)
            try c.encode(phase, forKey: .phase)
            try c.encode(attempt, forKey: .attempt)
            try c.encode(strokes, forKey: .strokes)
            try c.encodeIfPresent(traced, forKey: .traced)
            try c.encodeIfPresent(dots, forKey: .dots)
        case .read(let re, let answer):
            try c.encode("read", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(answer, forKey: .answer)
        case .progress(let re, let progress):
            try c.encode("progress", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(progress, forKey: .progress)
        case .events(let re, let events, let ignored):
            try c.encode("events", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(events.map(WireEvent.init), forKey: .events)
            if ignored > 0 { try c.encode(ignored, forKey: .ignored) }
        case .stored(let re, let record, let phase, let completed):
            try c.encode("stored", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
            try c.encode(record, forKey: .record)
            try c.encode(phase, forKey: .phase)
            try c.encode(completed, forKey: .completed)
        case .ended(let re):
            try c.encode("ended", forKey: .type)
            try c.encodeIfPresent(re, forKey: .re)
        case .paperStored(let re):
            try c.encode("paperStored", forKey: .type)
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

/// A lesson event as it travels, `{"kind": …, …}`: only what the page needs to show and say —
/// stars as a count to draw, never scores.
struct WireEvent: Encodable {
    let event: LessonEvent

    private enum Key: String, CodingKey {
        case kind, stroke, index, progress, value, phase, attempt, display, key, text, dot, correct, expected, at
        case code, from, to, tip, count, outcome, completed, stars
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch event {
        case .tracker(let t):
            try WireTrackerEvent(event: t).encode(to: encoder)
        case .phaseStarted(let phase, let attempt, let display):
            try c.encode("phaseStarted", forKey: .kind)
            try c.encode(phase, forKey: .phase)
            try c.encode(attempt, forKey: .attempt)
            try c.encode(display, forKey: .display)
        case .say(let utterance):
            try c.encode("say", forKey: .kind)
            try c.encode(utterance.key, forKey: .key)
            try c.encode(utterance.text, forKey: .text)
        case .dotTapped(let dot, let correct, let expected):
            try c.encode("dotTapped", forKey: .kind)
            try c.encode(dot, forKey: .dot)
            try c.encode(correct, forKey: .correct)
            try c.encode(expected, forKey: .expected)
        case .tapMissed(let at):
            try c.encode("tapMissed", forKey: .kind)
            try c.encode(at, forKey: .at)
        case .mistake(let error):
            try c.encode("mistake", forKey: .kind)
            try c.encode(error.code, forKey: .code)
            try c.encodeIfPresent(error.stroke, forKey: .stroke)
            try c.encode(error.at, forKey: .at)
            try c.encodeIfPresent(error.from, forKey: .from)
            try c.encodeIfPresent(error.to, forKey: .to)
            try c.encode(error.tip.text, forKey: .tip)
        case .stars(let phase, let count):
            try c.encode("stars", forKey: .kind)
            try c.encode(phase, forKey: .phase)
            try c.encode(count, forKey: .count)
        case .phaseFinished(let record):
            try c.encode("phaseFinished", forKey: .kind)
            try c.encode(record.phase, forKey: .phase)
            try c.encode(record.attempt, forKey: .attempt)
            try c.encode(record.outcome, forKey: .outcome)
        case .letterFinished(let result):
            try c.encode("letterFinished", forKey: .kind)
            try c.encode(result.completed, forKey: .completed)
            try c.encode(result.stars, forKey: .stars)
        }
    }
}

/// A tracker event: `{"kind": "checkpoint", "stroke": 0, "index": 3, "progress": 0.2}`.
struct WireTrackerEvent: Encodable {
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

extension ServerMessage {
    /// The same `progress` or `error` message answering request `id` (made before the request
    /// was known); other messages are returned unchanged.
    func replying(to id: RequestID?) -> ServerMessage {
        switch self {
        case .progress(_, let info): return .progress(re: id, info)
        case .error(_, let error): return .error(re: id, error)
        default: return self
        }
    }
}
