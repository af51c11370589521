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
    public private(set) var ink: Ink
    /// Samples dropped as non-finite, absurd or out of order.
    public private(set) var ignoredSamples = 0
    private var filter: SampleFilter

    public init(glyph: Glyph, tolerance: TrackingTolerance = .standard) {
        self.glyph = glyph
        self.tolerance = tolerance
        self.tracker = LetterTracker(glyph: glyph, tolerance: tolerance)
        self.ink = Ink()
        self.filter = SampleFilter(glyph: glyph)
    }

    public var isComplete: Bool { tracker.isComplete }
    public var isPenDown: Bool { tracker.isPenDown }

    public mutating func penDown(_ sample: PenSample, pointer: PointerKind, into events: inout [TrackerEvent]) throws(TracingSessionError) {
        guard !tracker.isPenDown else { throw .penAlreadyDown }
        guard !tracker.isComplete else { throw .letterAlreadyDone }
        if ink.isEmpty { ink.pointer = pointer }
        guard let clean = filter.accept(sample) else {
            ignoredSamples += 1
            // The pen is down even if its first sample was garbage; later samples start the stroke.
            ink.strokes.append([])
            tracker.penDown(at: nil, into: &events)
            return
        }
        ink.strokes.append([clean])
        tracker.penDown(at: clean.point, into: &events)
    }

    public mutating func move(_ samples: [PenSample], into events: inout [TrackerEvent]) throws(TracingSessionError) {
        guard tracker.isPenDown else { throw .penNotDown }
        for sample in samples {
            guard let clean = filter.accept(sample) else { ignoredSamples += 1; continue }
            ink.strokes[ink.strokes.count - 1].append(clean)
            tracker.penMove(to: clean.point, into: &events)
        }
    }

    public mutating func penUp(_ sample: PenSample?, into events: inout [TrackerEvent]) throws(TracingSessionError) {
        guard tracker.isPenDown else { throw .penNotDown }
        var last: Point?
        if let sample {
            if let clean = filter.accept(sample) {
                ink.strokes[ink.strokes.count - 1].append(clean)
                last = clean.point
            } else {
                ignoredSamples += 1
            }
        }
        tracker.penUp(at: last, into: &events)
        if ink.strokes.last?.isEmpty == true { ink.strokes.removeLast() }
    }
}
