import ArgumentParser
import FederCore
import Foundation

/// How many pen samples per second one core can track, over every glyph of the library.
struct TrackerBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tracker", abstract: "Tracker throughput (samples/s).")

    @Option(help: "Seconds to run.")
    var seconds = 3.0

    func validate() throws {
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be a positive number") }
    }

    func run() throws {
        let glyphs = try GlyphLibrary.bundled().allGlyphs(in: "druck")
        let inks = glyphs.map { PenSimulator().strokes(for: $0) }
        let samplesPerRound = inks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        var events: [TrackerEvent] = []
        events.reserveCapacity(64)
        var samples = 0, completed = 0
        let clock = ContinuousClock()
        let start = clock.now
        var elapsed = Duration.zero
        // Tracker construction (guides, corridors) is part of the cost: a letter starts often.
        repeat {
            for (glyph, ink) in zip(glyphs, inks) {
                var tracker = LetterTracker(glyph: glyph)
                for stroke in ink {
                    events.removeAll(keepingCapacity: true)
                    tracker.penDown(at: stroke[0].point, into: &events)
                    for s in stroke.dropFirst() { tracker.penMove(to: s.point, into: &events) }
                    tracker.penUp(at: nil, into: &events)
                }
                if tracker.isComplete { completed += 1 }
            }
            samples += samplesPerRound
            elapsed = clock.now - start
        } while elapsed < .milliseconds(Int(seconds * 1000))
        let rate = Double(samples) / (elapsed.milliseconds / 1000)
        print(String(format: "tracker: %.0f samples/s on one core (%d glyph traces, %d samples, %.2f s, all completed: %@)",
                     rate, glyphs.count * (samples / samplesPerRound), samples, elapsed.milliseconds / 1000,
                     completed == glyphs.count * (samples / samplesPerRound) ? "yes" : "NO"))
    }
}
