import Foundation

// Observe and direct: watching, then tapping the start dots in stroke order.
extension LessonMachine {
    mutating func observeCycleFinished(into events: inout [LessonEvent]) {
        observeCycles += 1
        if observeCycles >= config.observeCycles { pass(into: &events) }
    }

    /// The start dot a tap at `p` means: the due dot if it is within reach (dots can coincide, as the
    /// two strokes of E starting at the top of the stem), else the nearest dot within reach.
    func dot(at p: Point) -> Int? {
        let reach = config.tapRadius * glyph.unit
        let within = guides.startDots.indices.filter { guides.startDots[$0].distance(to: p) <= reach }
        if let due = direct?.next, within.contains(due) { return due }
        return within.min { guides.startDots[$0].distance(to: p) < guides.startDots[$1].distance(to: p) }
    }

    /// A tap in direct: the due dot moves on; any other dot is answered gently and nothing is lost.
    mutating func tapDirect(dot: Int?, at p: Point, into events: inout [LessonEvent]) {
        guard var state = direct, state.finishAt == nil else { return }  // taps after the last dot wait
        let due = state.next
        guard let dot else {
            state.taps.append(.init(dot: nil, expected: due, correct: false, at: now))
            direct = state
            events.append(.tapMissed(at: p))
            events.append(.say(Phrases.tapADot))
            return
        }
        if dot == due {
            state.taps.append(.init(dot: dot, expected: due, correct: true, at: now))
            state.next += 1
            events.append(.dotTapped(dot: dot, correct: true, expected: due))
            if state.next == guides.startDots.count {
                state.finishAt = now + config.directFinishDelay
            }
            direct = state
            if config.directFinishDelay <= 0 && state.finishAt != nil { pass(into: &events) }
            return
        }
        // A dot already done is no mistake: just point at the due one again.
        let counts = dot > due
        state.taps.append(.init(dot: counts ? dot : nil, expected: due, correct: false, at: now))
        direct = state
        events.append(.dotTapped(dot: dot, correct: false, expected: due))
        // Before any dot is tapped there is no "next" one: the child hears which comes first.
        events.append(.say(due == 0 ? Phrases.wrongDot : Phrases.nextDot))
    }
}
