import Foundation

// Picking a lesson up again after the connection (or the server) was lost.
extension LessonMachine {
    /// A lesson rebuilt in `phase`, attempt `attempt`: the records of the phases already done are
    /// kept (they count for the letter's result), and the strokes of the interrupted attempt that
    /// were stored are replayed, so tracking, ink and checks stand where they stood. What the replay
    /// would say or show is not returned (the child has seen it already) unless it finished the attempt. The returned events are
    /// the phase display to show again. In direct, `tappedDots` start dots were tapped in order before
    /// the cut: the child goes on at the next one (as it sees on the page), not at the first again.
    public static func resume(glyph: Glyph, condition: StudyCondition, plan: PracticePlan, config: LessonConfig = .standard,
                              recognizer: LetterRecognizer? = nil, phase: LessonPhase, attempt: Int,
                              earlier: [PhaseRecord], keptInk: Ink?, tappedDots: Int = 0,
                              at now: Double) -> (LessonMachine, [LessonEvent]) {
        var machine = LessonMachine(glyph: glyph, condition: condition, plan: plan, config: config,
                                    recognizer: recognizer, at: now)
        machine.records = earlier
        machine.attempt = max(1, attempt)
        let start = condition.phases.contains(phase) ? phase : condition.phases[0]
        var events: [LessonEvent] = []
        machine.enter(start, into: &events)
        if start == .direct, tappedDots > 0, var state = machine.direct {
            // The taps themselves are the cut-off record's (the store merges them into this attempt's).
            state.next = min(tappedDots, machine.guides.startDots.count)
            if state.next == machine.guides.startDots.count { state.finishAt = now + config.directFinishDelay }
            machine.direct = state
        }
        var replayed: [LessonEvent] = []
        if let ink = keptInk, start == .guided || start == .freeWrite {
            for stroke in ink.strokes where !stroke.isEmpty {
                do {
                    try machine.penDown(stroke[0], pointer: ink.pointer, phase: start, into: &replayed)
                    if stroke.count > 2 { try machine.penMove(Array(stroke[1..<(stroke.count - 1)]), phase: start, into: &replayed) }
                    try machine.penUp(stroke.count > 1 ? stroke[stroke.count - 1] : nil, phase: start, into: &replayed)
                } catch {
                    break  // a stroke the machine will not take ends the replay; the page sends the rest
                }
                if machine.phase != start { break }
            }
        }
        // Only if the kept strokes themselves finished the attempt does the replay matter to the
        // page (and its record must be stored).
        return (machine, machine.phase == start ? events : events + replayed)
    }
}
