@testable import FederCore

extension GuidedTrace {
    /// Traces `strokes` the way the lesson feeds guided tracing (each stroke as down, one move with the
    /// rest, up), stopping once the letter is complete as the guided phase does.
    static func traced(_ glyph: Glyph, _ strokes: [[PenSample]], tolerance: TrackingTolerance = .standard)
        -> (trace: GuidedTrace, events: [TrackerEvent]) {
        var trace = GuidedTrace(glyph: glyph, tolerance: tolerance)
        var events: [TrackerEvent] = []
        for stroke in strokes where !stroke.isEmpty && !trace.isComplete {
            try! trace.penDown(stroke[0], pointer: .pen, into: &events)
            try! trace.move(Array(stroke.dropFirst()), into: &events)
            try! trace.penUp(nil, into: &events)
        }
        return (trace, events)
    }
}
