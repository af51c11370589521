import Foundation

/// What the page shows in a phase. Feedback fades across the phases (Schmidt & Lee): full while
/// watching and tapping, reduced while tracing, none until done when writing alone.
public struct PhaseDisplay: Sendable, Equatable, Codable {
    public enum StartDots: String, Sendable, Codable { case none, plain, numbered }
    public enum Feedback: String, Sendable, Codable { case full, reduced, none }

    /// The faint letter to trace or look at. Off in free writing: only the ruled lines remain.
    public var ghost: Bool
    /// The amber dot that writes the letter stroke by stroke.
    public var guideDot: Bool
    public var startDots: StartDots
    public var arrows: Bool
    public var checkpoints: Bool
    public var feedback: Feedback
    /// Guided: the tolerance the tracker uses (x-heights).
    public var tolerance: TrackingTolerance?
    /// Size to draw the letter at (1 = full; smaller as it is mastered).
    public var letterScale: Double

    static func of(_ phase: LessonPhase, plan: PracticePlan) -> PhaseDisplay {
        switch phase {
        case .observe:
            return PhaseDisplay(ghost: true, guideDot: true, startDots: .plain, arrows: false, checkpoints: false,
                                feedback: .full, tolerance: nil, letterScale: plan.letterScale)
        case .direct:
            return PhaseDisplay(ghost: true, guideDot: false, startDots: .numbered, arrows: false, checkpoints: false,
                                feedback: .full, tolerance: nil, letterScale: plan.letterScale)
        case .guided:
            return PhaseDisplay(ghost: true, guideDot: false, startDots: .numbered, arrows: true, checkpoints: true,
                                feedback: .reduced, tolerance: plan.tolerance, letterScale: plan.letterScale)
        case .freeWrite:
            return PhaseDisplay(ghost: false, guideDot: false, startDots: .none, arrows: false, checkpoints: false,
                                feedback: .none, tolerance: nil, letterScale: plan.letterScale)
        }
    }
}
