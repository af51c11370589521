/// A typed error reply. The connection and the session stay usable after any of these.
struct ProtocolError: Error, Equatable, Sendable {
    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Every code the live session can send, spelled here and nowhere else (docs/PROTOCOL.md lists the
    /// same set; ProtocolDocsTests holds them together). The lesson's errors (`LessonError`) carry no
    /// code of their own: `SessionConnection.code(for:)` maps them onto these.
    enum Code: String, Codable, Sendable, CaseIterable {
        /// The message is not valid JSON (NaN, truncated, not UTF-8 text …).
        case invalidJSON = "invalid_json"
        /// Valid JSON, but a field is missing, of the wrong type or out of range.
        case invalidMessage = "invalid_message"
        /// `type` names no known message.
        case unknownType = "unknown_type"
        /// The message asks for a protocol version this server does not speak.
        case unsupportedVersion = "unsupported_version"
        /// A binary frame; the protocol is JSON text only.
        case binaryNotSupported = "binary_not_supported"
        /// A lesson message without a letter in progress: before start, or after the letter ended.
        case noSession = "no_session"
        case unknownScript = "unknown_script"
        case unknownGlyph = "unknown_glyph"
        case unknownVariant = "unknown_variant"
        case penAlreadyDown = "pen_already_down"
        case penNotDown = "pen_not_down"
        /// The message means nothing in the current phase (pen samples while observing, a tap while tracing).
        case notInThisPhase = "not_in_this_phase"
        /// A tap on a start dot the letter does not have.
        case noSuchDot = "no_such_dot"
        /// More samples in one message than `ProtocolLimits.samplesPerMessage`.
        case tooManySamples = "too_many_samples"
        /// The session has recorded `ProtocolLimits.samplesPerSession` samples; start a new one.
        case sessionFull = "session_full"
        /// The attempt could not be stored; the session goes on.
        case storageFailed = "storage_failed"
        /// The message needs a child (the scheduler, resuming, onboarding): send hello with one first.
        case noChild = "no_child"
        /// An adult deleted this child (its data is gone): the page forgets it and asks who writes.
        case childDeleted = "child_deleted"
        /// An adult archived this child (it left the class): no new letter; the page forgets it.
        case childArchived = "child_archived"
        /// `start` with `resume` names a lesson this child has no trace of; start the letter anew.
        case noSuchLesson = "no_such_lesson"
        /// `start` with `resume` names a lesson whose every phase is passed: the letter ended while the
        /// page was away (its reply was lost with the connection); start the next letter.
        case letterFinished = "letter_finished"
        /// `read` on a server without a recognizer.
        case noRecognizer = "no_recognizer"
    }
}

/// Bounds that keep one client from exhausting the server.
enum ProtocolLimits {
    /// Largest accepted WebSocket message, in bytes; larger ones close the connection (1009).
    static let messageBytes = 64 * 1024
    static let samplesPerMessage = 512
    /// About 10 minutes of pen input at 120 Hz.
    static let samplesPerSession = 72_000
    /// The server pings every 30 s; a client that answered none of one period's pings is closed (1001).
    static let pingSeconds: Int64 = 30

    /// The live session socket's limits.
    static let socket = WebSocketMessageHandler.Configuration(maxMessageBytes: messageBytes, pingInterval: .seconds(pingSeconds))
}
