import Foundation

/// What the adults set for one child. Every field has a default, and fields added later decode with
/// their defaults, so settings stored by an earlier version keep loading.
public struct ChildSettings: Sendable, Equatable, Codable {
    public var courseOrder: CourseOrder = .primer
    public var scheduler: SchedulerPolicy = .standard
    /// Letters a day ("Buchstaben pro Tag"): the daily round's size and the jar's.
    public var dailyGoal = 5
    public var sound = true
    /// A caption line with what Feder says (for a teacher in a noisy room).
    public var captions = false
    /// Fixed tolerance multiplier instead of the adaptive one (nil: adaptive).
    public var toleranceOverride: Double?
    /// Fixed letter size (fraction of full size) instead of the adaptive one (nil: adaptive).
    public var letterScaleOverride: Double?
    /// Course steps opened by hand (skip ahead for a child who already knows letters).
    public var openedSteps = 0
    /// A short buzz at each checkpoint, stroke and letter where the device can (off: none).
    public var haptics = true
    /// How fast Feder's voice speaks.
    public var speechRate: SpeechRate = .normal
    /// Light or dark pages, or as the device is set.
    public var appearance: Appearance = .system
    /// Stronger colours for the model letter, the ruling and the child's ink.
    public var highContrast = false
    /// How thick the ruling, the model letter and the child's ink are drawn.
    public var lineWeight: LineWeight = .normal
    /// Paper transfer (a research option): after each letter learnt in Schule the child writes it on
    /// paper and rates it with three faces.
    public var paperTransfer = false

    public enum SpeechRate: String, Sendable, Codable, CaseIterable {
        case slow, normal
        /// The playback rate of the voice's clips (the pitch kept).
        public var factor: Double { self == .slow ? 0.85 : 1 }
    }

    public enum Appearance: String, Sendable, Codable, CaseIterable {
        case system, light, dark
    }

    public enum LineWeight: String, Sendable, Codable, CaseIterable {
        case normal, thick
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ChildSettings()
        courseOrder = try c.decodeIfPresent(CourseOrder.self, forKey: .courseOrder) ?? d.courseOrder
        scheduler = try c.decodeIfPresent(SchedulerPolicy.self, forKey: .scheduler) ?? d.scheduler
        dailyGoal = try c.decodeIfPresent(Int.self, forKey: .dailyGoal) ?? d.dailyGoal
        sound = try c.decodeIfPresent(Bool.self, forKey: .sound) ?? d.sound
        captions = try c.decodeIfPresent(Bool.self, forKey: .captions) ?? d.captions
        toleranceOverride = try c.decodeIfPresent(Double.self, forKey: .toleranceOverride)
        letterScaleOverride = try c.decodeIfPresent(Double.self, forKey: .letterScaleOverride)
        openedSteps = try c.decodeIfPresent(Int.self, forKey: .openedSteps) ?? d.openedSteps
        haptics = try c.decodeIfPresent(Bool.self, forKey: .haptics) ?? d.haptics
        speechRate = try c.decodeIfPresent(SpeechRate.self, forKey: .speechRate) ?? d.speechRate
        appearance = try c.decodeIfPresent(Appearance.self, forKey: .appearance) ?? d.appearance
        highContrast = try c.decodeIfPresent(Bool.self, forKey: .highContrast) ?? d.highContrast
        lineWeight = try c.decodeIfPresent(LineWeight.self, forKey: .lineWeight) ?? d.lineWeight
        paperTransfer = try c.decodeIfPresent(Bool.self, forKey: .paperTransfer) ?? d.paperTransfer
    }

    /// The scheduler these settings describe, for a child in `condition`.
    public func scheduler(script: String, condition: StudyCondition) -> LetterScheduler {
        LetterScheduler(course: Course.make(courseOrder, script: script), policy: scheduler.splitting(round: dailyGoal),
                        fixedOrder: !condition.adapts, openedByAdult: openedSteps)
    }

    /// The learner model's plan with the adults' fixed values applied.
    public func applied(to plan: PracticePlan, base: TrackingTolerance = .standard) -> PracticePlan {
        var plan = plan
        if let factor = toleranceOverride { plan.tolerance = base.scaled(by: min(max(factor, 0.5), 2)) }
        if let scale = letterScaleOverride { plan.letterScale = min(max(scale, 0.4), 1) }
        return plan
    }
}
