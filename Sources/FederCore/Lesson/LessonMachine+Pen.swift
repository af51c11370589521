import Foundation

// Guided and free writing: pen input.
extension LessonMachine {
    mutating func penDown(_ sample: PenSample, pointer: PointerKind, phase: LessonPhase, into events: inout [LessonEvent]) throws(LessonError) {
        switch phase {
        case .guided:
            var trackerEvents: [TrackerEvent] = []
            do { try guided!.trace.penDown(sample, pointer: pointer, into: &trackerEvents) } catch { throw .pen(error) }
            noteInput()
            events += trackerEvents.map(LessonEvent.tracker)
        case .freeWrite:
            do { _ = try free!.recorder.penDown(sample, pointer: pointer) } catch { throw .pen(error) }
            noteInput()
            free!.quietUntil = nil  // a new touch cancels the quiet timer
        default:
            throw .notInThisPhase(input: "penDown", phase: phase)
        }
    }

    mutating func penMove(_ samples: [PenSample], phase: LessonPhase, into events: inout [LessonEvent]) throws(LessonError) {
        switch phase {
        case .guided:
            var trackerEvents: [TrackerEvent] = []
            do { try guided!.trace.move(samples, into: &trackerEvents) } catch { throw .pen(error) }
            lastActivity = now
            events += trackerEvents.map(LessonEvent.tracker)
        case .freeWrite:
            do { try free!.recorder.move(samples) } catch { throw .pen(error) }
            lastActivity = now
        default:
            throw .notInThisPhase(input: "penMove", phase: phase)
        }
    }

    mutating func penUp(_ sample: PenSample?, phase: LessonPhase, into events: inout [LessonEvent]) throws(LessonError) {
        switch phase {
        case .guided:
            var trackerEvents: [TrackerEvent] = []
            let finished: Int?
            do { finished = try guided!.trace.penUp(sample, into: &trackerEvents) } catch { throw .pen(error) }
            lastActivity = now
            events += trackerEvents.map(LessonEvent.tracker)
            if let finished { checkStroke(finished, into: &events) }
            // The letter is done once the pen lifts after the last checkpoint (the tail is part of it).
            if guided!.trace.isComplete { pass(into: &events) }
        case .freeWrite:
            do { try free!.recorder.penUp(sample) } catch { throw .pen(error) }
            lastActivity = now
            let ink = free!.recorder.ink
            if !ink.isEmpty {
                let strokesToCome = ink.strokes.count < glyph.strokes.count
                free!.quietUntil = now + (strokesToCome ? config.quietSecondsWithStrokesToCome : config.quietSeconds)
            }
        default:
            throw .notInThisPhase(input: "penUp", phase: phase)
        }
    }

    /// Guided: judges the stroke just lifted and answers a mistake at once (reduced feedback: one
    /// tip per stroke, each tip at most `liveTipRepeats` times per attempt; all go into the record).
    mutating func checkStroke(_ index: Int, into events: inout [LessonEvent]) {
        guard let state = guided, index < state.trace.contexts.count else { return }
        let trace = state.trace
        let errors = GuidedStrokeCheck.run(ink: trace.ink.strokes[index].map(\.point), inkStroke: index, in: trace,
                                           config: config.assessment).ranked()
        guard !errors.isEmpty else { return }
        events += errors.map(LessonEvent.mistake)
        if let tip = errors.tips(limit: 1).first, state.tipsSaid[tip, default: 0] < config.liveTipRepeats {
            guided!.tipsSaid[tip, default: 0] += 1
            events.append(.say(tip))
        }
    }
}
