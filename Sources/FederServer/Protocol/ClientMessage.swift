import FederCore
import Foundation

/// What the page sends. See docs/PROTOCOL.md.
enum ClientMessage: Sendable, Equatable {
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
    /// Werkstatt: read this ink (written without a model letter) and answer.
    case read(ReadRequest)
    /// Onboarding done: how the child writes.
    case onboarded(pointer: PointerKind, handedness: Handedness)
    /// Paper transfer: the child's face for the letter it just wrote on paper.
    /// `lesson` names the letter (its id from `started`): how a face tapped while the connection
    /// was down reaches the server after the page reconnected.
    case paper(face: PaperFace, lesson: String?)

    struct StartRequest: Sendable, Equatable {
        /// The character, or with `isWord` the word (joined scripts: built by `WordBuilder`); nil with
        /// `next`, when the scheduler picks the letter.
        var glyph: String?
        var script: String
        var variant: String?
        var isWord = false
        /// Let the scheduler pick the letter (Schule's "Weiter").
        var next: Bool = false
        /// Pick an interrupted lesson up again where it was.
        var resume: ResumeRequest?

        init(glyph: String?, script: String, variant: String?, isWord: Bool = false, next: Bool = false,
                    resume: ResumeRequest? = nil) {
            self.glyph = glyph; self.script = script; self.variant = variant; self.isWord = isWord
            self.next = next; self.resume = resume
        }
    }

    struct ResumeRequest: Sendable, Equatable, Decodable {
        var lesson: String
        var phase: LessonPhase
        var attempt: Int
    }

    struct ReadRequest: Sendable, Equatable {
        var ink: Ink
        /// A letter or a word asked for; nil: free writing.
        var expected: String?
        var word: Bool
    }
}

/// Turns a text frame into a request id and a message or a typed error.
struct ClientMessageDecoder: Sendable {
    static let protocolVersion = 1
    private let decoder = JSONDecoder()

    init() {}

    struct Decoded: Sendable {
        var id: RequestID?
        var message: Result<ClientMessage, ProtocolError>
    }

    func decode(_ data: Data) -> Decoded {
        let envelope: Envelope
        do {
            envelope = try decoder.decode(Envelope.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && !Self.isJSON(data) {
            return Decoded(id: nil, message: .failure(ProtocolError(.invalidJSON, "not valid JSON: \(context.debugDescription)")))
        } catch {
            // Valid JSON but no object, or a bad id: try to recover the id for the reply.
            let id = (try? decoder.decode(IDOnly.self, from: data))?.id
            return Decoded(id: id, message: .failure(ProtocolError(.invalidMessage, Self.envelopeProblem(data))))
        }
        if let v = envelope.v, v != Self.protocolVersion {
            return Decoded(id: envelope.id, message: .failure(ProtocolError(.unsupportedVersion,
                "protocol version \(v) is not supported; this server speaks \(Self.protocolVersion)")))
        }
        return Decoded(id: envelope.id, message: Result { () throws(ProtocolError) in
            try message(type: envelope.type, data: data)
        })
    }

    /// What is wrong with an envelope that did not decode: the object, its `type`, or its `id` or `v`.
    private static func envelopeProblem(_ data: Data) -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return "expected an object with a string \"type\""
        }
        guard object["type"] is String else { return "expected a string \"type\"" }
        return "\"id\" must be a whole number or a string of at most 64 bytes, and \"v\" a whole number"
    }

    /// Foundation reports a number that does not fit its field (`"v": 1.5`, an id beyond 64 bits)
    /// like broken JSON, without a coding path; that is valid JSON with a bad field, `invalid_message`.
    /// Only asked on that failure, so the parse twice costs nothing on the way of a good message.
    private static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
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
            // Checked before the word branch: a word's lesson resumes under the same id rules.
            if let resume = body.resume, resume.lesson.isEmpty || resume.lesson.count > 64 || !(1...1000).contains(resume.attempt) {
                throw ProtocolError(.invalidMessage, "resume needs a lesson id and an attempt from 1 to 1000")
            }
            if let word = body.word {
                guard body.glyph == nil, body.next != true, (1...40).contains(word.count) else {
                    throw ProtocolError(.invalidMessage, "give glyph or word; a word has 1 to 40 letters")
                }
                return .start(.init(glyph: word, script: body.script ?? "schul", variant: nil, isWord: true, resume: body.resume))
            }
            if let glyph = body.glyph, glyph.unicodeScalars.count != 1 {
                throw ProtocolError(.invalidMessage, "glyph must be one character")
            }
            let next = body.next ?? false
            if body.glyph == nil && !next {
                throw ProtocolError(.invalidMessage, "start needs \"glyph\" or \"next\": true")
            }
            return .start(.init(glyph: body.glyph, script: body.script ?? "druck", variant: body.variant,
                                next: next, resume: body.resume))
        case "read":
            let body: Read = try body(data)
            let samples = body.ink.strokes.reduce(0) { $0 + $1.count }
            guard samples <= ProtocolLimits.samplesPerSession, body.ink.strokes.count <= 200 else {
                throw ProtocolError(.tooManySamples, "at most \(ProtocolLimits.samplesPerSession) samples and 200 strokes to read")
            }
            guard body.ink.strokes.allSatisfy({ $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
                throw ProtocolError(.invalidMessage, "ink coordinates must be finite")
            }
            if let expected = body.expected, expected.isEmpty || expected.count > 12 {
                throw ProtocolError(.invalidMessage, "expected must be 1 to 12 characters")
            }
            return .read(.init(ink: body.ink, expected: body.expected, word: (body.expected?.count ?? 0) > 1))
        case "paper":
            let body: Paper = try body(data)
            guard let face = PaperFace(rawValue: body.face) else {
                throw ProtocolError(.invalidMessage, "face must be 1, 2 or 3 (not yet, almost, good)")
            }
            if let lesson = body.lesson, lesson.isEmpty || lesson.count > 64 {
                throw ProtocolError(.invalidMessage, "lesson must be a lesson id (1 to 64 characters)")
            }
            return .paper(face: face, lesson: body.lesson)
        case "onboarded":
            let body: Onboarded = try body(data)
            return .onboarded(pointer: body.pointer, handedness: body.handedness)
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
    private struct Start: Decodable {
        var glyph: String?; var word: String?; var script: String?; var variant: String?; var next: Bool?
        var resume: ClientMessage.ResumeRequest?
    }
    private struct Read: Decodable { var ink: Ink; var expected: String? }
    private struct Paper: Decodable { var face: Int; var lesson: String? }
    private struct Onboarded: Decodable { var pointer: PointerKind; var handedness: Handedness }
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
