import Foundation

/// What the server passes on to a lesson, one message at a time. Time comes with each call to
/// `LessonMachine.handle(_:at:)`; the machine never reads a clock.
public enum LessonInput: Sendable, Equatable {
    /// Observe: the page finished one animation cycle of the guide dot.
    case observeCycleFinished
    /// A tap at a point of the letter (glyph units): skips observe; in direct, taps the nearest start dot.
    case tap(Point)
    /// Direct: the page knows which numbered dot was tapped (needed where dots coincide).
    case tapDot(Int)
    /// Guided and free writing: pen samples in glyph units, `t` on the device's clock.
    case penDown(PenSample, pointer: PointerKind)
    case penMove([PenSample])
    case penUp(PenSample?)
    /// Time passes: fires the quiet timer, the direct pause and reminders. Call at `nextDeadline`.
    case tick
    /// "Nochmal": the attempt in progress is recorded as not completed and the phase starts again.
    case restart
    /// The child leaves the letter: the attempt in progress is recorded and the letter ends.
    case abandon

    var name: String {
        switch self {
        case .observeCycleFinished: return "observeCycleFinished"
        case .tap: return "tap"
        case .tapDot: return "tapDot"
        case .penDown: return "penDown"
        case .penMove: return "penMove"
        case .penUp: return "penUp"
        case .tick: return "tick"
        case .restart: return "restart"
        case .abandon: return "abandon"
        }
    }
}

/// A message that does not fit the lesson's state. The lesson is unchanged; the server answers with
/// the error and carries on; the code it sends is spelled once, in the server's `ProtocolError.Code`.
public enum LessonError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The letter is over; start a new lesson.
    case letterFinished
    /// This input means nothing in this phase (e.g. pen samples while observing).
    case notInThisPhase(input: String, phase: LessonPhase)
    /// Pen messages out of order.
    case pen(PenOrderError)
    /// `tapDot` with an index the letter does not have.
    case noSuchDot(Int)

    public var description: String {
        switch self {
        case .letterFinished: return "the letter is finished; start a new one"
        case .notInThisPhase(let input, let phase): return "'\(input)' is not expected in phase \(phase.rawValue)"
        case .pen(let e): return e.message
        case .noSuchDot(let i): return "the letter has no start dot \(i)"
        }
    }
}
