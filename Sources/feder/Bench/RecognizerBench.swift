import ArgumentParser
import FederCore
import Foundation

/// Time per recognised letter, single-threaded, over ink made from every glyph with a child's wobble.
struct RecognizerBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recognizer", abstract: "Recognizer latency per letter (p50/p99).")

    @Option(help: "Letters to recognise (after a warm-up of 200).")
    var count = 5000

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        let recognizer = try LetterRecognizer.bundled()
        let glyphs = try GlyphLibrary.bundled().allGlyphs(in: "druck")
        var rng = SystemRandomNumberGenerator()
        // Ink as a tablet delivers it: dense samples, a little tremor, in screen-like units.
        let inks: [[[Point]]] = glyphs.map { glyph in
            PenSimulator(rate: 120, speed: 250).strokes(for: glyph).map { stroke in
                stroke.map { Point($0.x * 1.7 + Double.random(in: -1.5...1.5, using: &rng), $0.y * 1.7 + Double.random(in: -1.5...1.5, using: &rng)) }
            }
        }
        for i in 0..<200 { _ = try recognizer.recognize(inks[i % inks.count]) }
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(count)
        var correct = 0
        for i in 0..<count {
            let ink = inks[i % inks.count]
            let start = clock.now
            let r = try recognizer.recognize(ink)
            times.append((clock.now - start).milliseconds)
            if r.verify(expected: glyphs[i % glyphs.count].char).isExpected { correct += 1 }
        }
        let summary = LatencySummary(milliseconds: times)
        print("recognizer: \(summary) per letter, single thread; \(recognizer.multiplyAccumulates) MACs; "
              + String(format: "glyph inks verified as their letter: %.1f %%", 100 * Double(correct) / Double(count)))
    }
}
