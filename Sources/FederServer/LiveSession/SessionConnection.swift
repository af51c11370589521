import FederCore
import FederStore
import Foundation

/// The state of one WebSocket connection: which child, which letter is being traced. Turns each
/// client message into replies; every mistake is answered with a typed error and changes nothing.
///
/// Attempts are written as they go: after every pen-up (so a crash loses at most the stroke in
/// flight), when the letter completes, and when a session ends or the connection closes.
public struct SessionConnection: Sendable {
    private let library: GlyphLibrary
    private let sink: any AttemptSink
    private let now: @Sendable () -> Date
    private let decoder = ClientMessageDecoder()

    public private(set) var childID: String?
    private var active: ActiveSession?

    struct ActiveSession: Sendable {
        var session: TracingSession
        var startedAt: Date
        var attemptID: Int64?
        /// Ink changed since the attempt was last written.
        var dirty = false
    }

    public init(library: GlyphLibrary, sink: any AttemptSink, now: @escaping @Sendable () -> Date = Date.init) {
        self.library = library
        self.sink = sink
        self.now = now
    }

    /// Handles one text frame.
    public mutating func handle(text: String) async -> [ServerMessage] {
        if let move = MoveFastPath.parse(text) {
            return await handle(.move(samples: move.samples), id: move.id)
        }
        return await handle(text: Data(text.utf8))
    }

    /// Handles one text frame given as bytes (through the full decoder).
    public mutating func handle(text data: Data) async -> [ServerMessage] {
        let decoded = decoder.decode(data)
        switch decoded.message {
        case .failure(let error): return [.error(re: decoded.id, error)]
        case .success(let message): return await handle(message, id: decoded.id)
        }
    }

    public mutating func handle(_ message: ClientMessage, id: RequestID?) async -> [ServerMessage] {
        switch message {
        case .hello(let child):
            childID = child
            return [.hello(re: id, protocolVersion: ClientMessageDecoder.protocolVersion, child: child)]
        case .ping:
            return [.pong(re: id)]
        case .start(let request):
            var replies = await finishActive(re: id)
            do {
                let glyph = try library.glyph(request.glyph, script: request.script, variant: request.variant)
                let tolerance = TrackingTolerance.standard
                active = ActiveSession(session: TracingSession(glyph: glyph, tolerance: tolerance), startedAt: now())
                replies.append(.started(re: id, glyph: GlyphGeometry(glyph: glyph, tolerance: tolerance)))
            } catch {
                replies.append(.error(re: id, Self.protocolError(for: error)))
            }
            return replies
        case .end:
            var replies = await finishActive(re: id)
            replies.append(.ended(re: id))
            return replies
        case .down(let pointer, let sample):
            return await track(id: id) { session, events throws(TracingSessionError) in
                try session.penDown(sample, pointer: pointer, into: &events)
            }
        case .move(let samples):
            // Read the count without binding a copy of the session (a live copy would make the
            // in-place append below copy the whole ink).
            if let count = active?.session.ink.sampleCount, count + samples.count > ProtocolLimits.samplesPerSession {
                return [.error(re: id, ProtocolError(.sessionFull, "this session has reached its sample limit; start a new one"))]
            }
            return await track(id: id) { session, events throws(TracingSessionError) in
                try session.move(samples, into: &events)
            }
        case .up(let sample):
            return await track(id: id, persist: true) { session, events throws(TracingSessionError) in
                try session.penUp(sample, into: &events)
            }
        }
    }

    /// Stores whatever is in flight; call when the connection closes.
    public mutating func close() async {
        _ = await finishActive(re: nil)
    }

    private mutating func track(id: RequestID?, persist: Bool = false,
                                _ body: (inout TracingSession, inout [TrackerEvent]) throws(TracingSessionError) -> Void) async -> [ServerMessage] {
        guard var current = active else { return [.error(re: id, ProtocolError(.noSession, "send start first"))] }
        // Move the session out while it changes: with only one reference its ink grows in place
        // instead of being copied on every message.
        active = nil
        var events: [TrackerEvent] = []
        let ignoredBefore = current.session.ignoredSamples
        do {
            try body(&current.session, &events)
        } catch {
            active = current
            return [.error(re: id, ProtocolError(Self.code(for: error), error.message))]
        }
        current.dirty = true
        let ignored = current.session.ignoredSamples - ignoredBefore
        active = current
        var replies: [ServerMessage] = [.events(re: id, events: events, ignored: ignored)]
        if events.contains(.letterDone) || persist {
            if let stored = await store(re: id) { replies.append(stored) }
        }
        return replies
    }

    /// Writes the active attempt (insert or update) and reports it.
    private mutating func store(re id: RequestID?) async -> ServerMessage? {
        guard let current = active, !current.session.ink.isEmpty else { return nil }
        let session = current.session
        let glyph = session.glyph
        let result = AttemptResult(checkpointsReached: session.tracker.reached,
                                   checkpointCount: session.tracker.checkpointCount,
                                   strokesDone: session.tracker.strokeIndex,
                                   ignoredSamples: session.ignoredSamples,
                                   tolerance: session.tolerance)
        let record = AttemptRecord(id: current.attemptID, childID: childID, glyph: glyph.char, script: glyph.script,
                                   variant: glyph.variant, phase: "guided", pointer: session.ink.pointer,
                                   startedAt: current.startedAt, finishedAt: now(), completed: session.isComplete,
                                   progress: session.tracker.progress, ink: session.ink, result: result)
        do {
            let saved = try await sink.save(record)
            active?.attemptID = saved.id
            active?.dirty = false
            guard let attemptID = saved.id else { return nil }
            return .stored(re: id, attempt: attemptID, completed: saved.completed)
        } catch {
            return .error(re: id, ProtocolError(.storageFailed, "the attempt could not be stored: \(error)"))
        }
    }

    /// Stores the active session's ink if it changed since it was last written, and forgets it.
    private mutating func finishActive(re id: RequestID?) async -> [ServerMessage] {
        guard let current = active else { return [] }
        defer { active = nil }
        guard current.dirty, let reply = await store(re: id) else { return [] }
        return [reply]
    }

    static func code(for error: TracingSessionError) -> ProtocolError.Code {
        switch error {
        case .penAlreadyDown: return .penAlreadyDown
        case .penNotDown: return .penNotDown
        case .letterAlreadyDone: return .letterDone
        }
    }

    static func protocolError(for error: GlyphLookupError) -> ProtocolError {
        switch error {
        case .unknownScript: return ProtocolError(.unknownScript, error.description)
        case .unknownGlyph: return ProtocolError(.unknownGlyph, error.description)
        case .unknownVariant: return ProtocolError(.unknownVariant, error.description)
        }
    }
}
