import FederCore
import FederStore
import Foundation

/// Judges the strokes of an attempt the child never finished (a crash, a page that never came
/// back) as the lesson judges an attempt the child leaves: the strokes are replayed into a lesson
/// machine in that phase, which is then abandoned. So a recovered record carries the same
/// assessment, score and errors a live one would, with no stars (it was left).
enum InterruptedAttemptJudging {
    static func judge(library: GlyphLibrary, recognizer: LetterRecognizer?) -> InterruptedAttemptJudge {
        { attempt in
            guard let phase = LessonPhase(rawValue: attempt.phase), phase == .guided || phase == .freeWrite,
                  let glyph = try? glyph(attempt, in: library) else { return nil }
            let plan = attempt.plan ?? LearnerState().plan(for: glyph, condition: attempt.condition)
            // The machine's clock runs from 0 at the attempt's start to the ink's length, so the
            // record's active time is the time the strokes took.
            let times = attempt.ink.timeSpan
            let length = times.map { $0.upperBound - $0.lowerBound } ?? 0
            var (machine, _) = LessonMachine.resume(glyph: glyph, condition: attempt.condition, plan: plan,
                                                    recognizer: recognizer, phase: phase, attempt: attempt.attempt,
                                                    earlier: [], keptInk: attempt.ink, at: 0)
            // If the kept strokes already finished the attempt (the crash came just before its
            // record was stored) the machine has its record; otherwise the attempt is left now.
            _ = try? machine.handle(.abandon, at: length)
            return machine.records.last { $0.phase == phase && $0.attempt == max(1, attempt.attempt) }
        }
    }

    private static func glyph(_ attempt: InterruptedAttempt, in library: GlyphLibrary) throws -> Glyph {
        attempt.glyph.count > 1
            ? try WordBuilder(library: library, script: attempt.script).build(attempt.glyph)
            : try library.glyph(attempt.glyph, script: attempt.script, variant: attempt.variant)
    }
}
