import Foundation

/// What the lesson tells the page (through the server), in the order it happens.
public enum LessonEvent: Sendable, Equatable {
    /// A phase (or a new attempt at it) begins: show this.
    case phaseStarted(phase: LessonPhase, attempt: Int, display: PhaseDisplay)
    /// Say this (German, for the child).
    case say(Utterance)
    /// Guided: the live tracker's news (checkpoint, near/off the line, stroke done, letter done).
    case tracker(TrackerEvent)
    /// Direct: a start dot was tapped. Correct: show its arrow. Not correct: gently pulse the dot
    /// that is due (`expected`); nothing is taken away.
    case dotTapped(dot: Int, correct: Bool, expected: Int)
    /// Direct: the tap hit no dot.
    case tapMissed(at: Point)
    /// Guided: a mistake seen at pen-up, to mark on the page (its tip, if said, follows as `say`).
    case mistake(WritingError)
    /// Stars for the attempt just finished (celebrate; no numbers are shown).
    case stars(phase: LessonPhase, count: Int)
    /// An attempt ended: the record to store.
    case phaseFinished(PhaseRecord)
    /// The letter is over: every record, and what the learner model takes.
    case letterFinished(LetterResult)
}
