import Foundation

/// A protocol-level mistake by the client: answered with a typed error, the session stays usable.
public enum TracingSessionError: Error, Equatable, Sendable {
    case penAlreadyDown
    case penNotDown
    case letterAlreadyDone

    public var code: String {
        switch self {
        case .penAlreadyDown: return "pen_already_down"
        case .penNotDown: return "pen_not_down"
        case .letterAlreadyDone: return "letter_done"
        }
    }

    public var message: String {
        switch self {
        case .penAlreadyDown: return "pen is already down; send up first"
        case .penNotDown: return "samples and up need a preceding down"
        case .letterAlreadyDone: return "the letter is complete; start a new session"
        }
    }
}

/// One child tracing one glyph: filters samples, feeds the tracker and records the ink.
public struct TracingSession: Sendable {
    public let glyph: Glyph
    public let tolerance: TrackingTolerance
    public private(set) var tracker: LetterTracker
    private var recorder: InkRecorder

    public init(glyph: Glyph, tolerance: TrackingTolerance = .standard) {
        self.glyph = glyph
        self.tolerance = tolerance
        self.tracker = LetterTracker(glyph: glyph, tolerance: tolerance)
        self.recorder = InkRecorder(glyph: glyph)
    }

    public var ink: Ink { recorder.ink }
    /// Samples dropped as non-finite, absurd or out of order.
    public var ignoredSamples: Int { recorder.ignoredSamples }
    public var isComplete: Bool { tracker.isComplete }
    public var isPenDown: Bool { tracker.isPenDown }

    public mutating func penDown(_ sample: PenSample, pointer: PointerKind, into events: inout [TrackerEvent]) throws(TracingSessionError) {
        guard !tracker.isPenDown else { throw .penAlreadyDown }
        guard !tracker.isComplete else { throw .letterAlreadyDone }
        let clean = try recorder.penDown(sample, pointer: pointer)
        tracker.penDown(at: clean?.point, into: &events)
    }

    public mutating func move(_ samples: [PenSample], into events: inout [TrackerEvent]) throws(TracingSessionError) {
        guard tracker.isPenDown else { throw .penNotDown }
        // A local copy keeps the closure from overlapping the access to `recorder`; only scalars of the
        // tracker change, so no storage is copied.
        var tracker = self.tracker
        defer { self.tracker = tracker }
        try recorder.move(samples) { tracker.penMove(to: $0.point, into: &events) }
    }

    public mutating func penUp(_ sample: PenSample?, into events: inout [TrackerEvent]) throws(TracingSessionError) {
        guard tracker.isPenDown else { throw .penNotDown }
        let last = try recorder.penUp(sample)
        tracker.penUp(at: last?.point, into: &events)
    }
}
