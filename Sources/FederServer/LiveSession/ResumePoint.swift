import FederCore
import FederStore

/// Where a resumed lesson goes on when the page is behind the server: the reply that ended the page's
/// attempt (its `phaseFinished`, or the letter's end) was stored and sent, but lost with the
/// connection. Reopening that attempt would store it twice and, at the letter's end, count the
/// letter twice; instead the lesson goes on where the machine went on after it.
enum ResumePoint: Equatable {
    /// The attempt to open: after a passed attempt the next phase's first, after a repeated or
    /// restarted one the same phase's next.
    case after(LessonPhase, attempt: Int)
    /// Every phase is passed: the letter ended while the page was away.
    case letterFinished

    /// Nil when the page is not behind (the attempt it names has no record the live lesson closed):
    /// then it goes on where the page was. Records made from drafts after a crash, and attempts
    /// recorded as abandoned when a connection closed, do not count as closed: resuming replaces
    /// or retries them.
    static func of(_ rows: [PhaseRecordRow], requested phase: LessonPhase, attempt: Int, phases: [LessonPhase]) -> ResumePoint? {
        let closed: [(index: Int, attempt: Int, outcome: PhaseRecord.Outcome)] = rows.compactMap { row in
            guard !row.recovered, let outcome = PhaseRecord.Outcome(rawValue: row.outcome), outcome != .abandoned,
                  let phase = LessonPhase(rawValue: row.phase), let index = phases.firstIndex(of: phase) else { return nil }
            return (index, row.attempt, outcome)
        }
        guard let last = closed.max(by: { ($0.index, $0.attempt) < ($1.index, $1.attempt) }),
              let requested = phases.firstIndex(of: phase), (requested, attempt) <= (last.index, last.attempt) else { return nil }
        guard last.outcome == .passed else { return .after(phases[last.index], attempt: last.attempt + 1) }
        return last.index + 1 < phases.count ? .after(phases[last.index + 1], attempt: 1) : .letterFinished
    }
}
