import Foundation

/// Timings and sizes of the lesson flow. Seconds are on the server's clock (the `now` passed in).
public struct LessonConfig: Sendable, Equatable, Codable {
    /// Observe passes after this many full animation cycles (or a tap).
    public var observeCycles = 2
    /// Free writing ends this long after the last pen-up with no new touch.
    public var quietSeconds = 2.0
    /// … or this long while the ink has fewer strokes than the letter: a child who stops to think
    /// before an A's bar or an i's dot is not judged (and its next stroke lost) after two seconds.
    public var quietSecondsWithStrokesToCome = 4.0
    /// Pause after the last correct start dot before the next phase, so the last arrow can be seen.
    public var directFinishDelay = 1.0
    /// Without any input for this long, the phase's prompt is said again.
    public var reminderSeconds = 12.0
    /// A tap counts for a start dot within this distance (x-heights).
    public var tapRadius = 0.35
    /// A guided or free-writing attempt that earns no star is done again, at most this many times.
    public var retriesWithoutStar = 1
    /// Each live tip is said at most this often per attempt (they also go into the record).
    public var liveTipRepeats = 2
    /// Offsets the choice among praise variants.
    public var variationSeed = 0
    public var assessment = AssessmentConfig.standard

    public init() {}

    public static let standard = LessonConfig()
}
