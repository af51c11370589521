import Foundation

// Closing attempts: judging them, saying the result, keeping the records.
extension LessonMachine {
    /// Ends the attempt in progress with `outcome`: judges it (unless `judged` already is), says and
    /// records the result.
    mutating func close(_ outcome: PhaseRecord.Outcome, judged: AttemptAssessment? = nil, into events: inout [LessonEvent]) {
        guard let phase else { return }
        var record = PhaseRecord(phase: phase, attempt: attempt, condition: condition, glyph: .init(glyph), outcome: outcome,
                                 startedAt: attemptStart, endedAt: now, firstInputAt: firstInput, score: nil, stars: nil,
                                 errors: [], spoken: [], plan: plan, observe: nil, direct: nil, assessment: nil, ink: nil)
        switch phase {
        case .observe:
            record.observe = ObserveDetail(cycles: observeCycles, skipped: outcome == .passed && observeCycles < config.observeCycles)
        case .direct:
            // Judged (the score), never punished: no stars are taken for a wrong tap.
            let detail = DirectDetail(taps: direct?.taps ?? [])
            record.direct = detail
            record.score = detail.score
            record.errors = detail.taps.compactMap { tap in
                guard let dot = tap.dot, !tap.correct else { return nil }
                return WritingError(code: .wrongDot, stroke: dot, at: guides.startDots[dot], tip: Phrases.wrongDot)
            }
        case .guided, .freeWrite:
            if let assessment = judged ?? assessAttempt(phase) {
                record.assessment = assessment
                record.score = assessment.score
                record.stars = outcome == .restarted || outcome == .abandoned ? 0 : assessment.stars
                record.errors = assessment.errors
                record.ink = guided?.trace.ink ?? free?.recorder.ink
            }
        }
        if outcome == .passed || outcome == .repeated {
            // Direct earns praise without stars: "Super" without a wrong tap, "Gut" with.
            let tier = record.stars ?? ((record.direct?.wrongTaps ?? 0) == 0 ? 3 : 2)
            if phase != .observe {
                // Direct's tip was said at each wrong tap; said again after the dots came right, it
                // sounded as if they had not ("Gut gemacht! Schau, welcher Punkt zuerst kommt.").
                // Guided tracing's tips said at a stroke are not said again after the praise
                // ("Fang oben beim Punkt an. – Schön geschrieben! – Fang oben beim Punkt an.").
                let saidLive = Set((guided?.tipsSaid.keys).map(Array.init) ?? [])
                let tips = phase == .direct ? [] : record.errors.filter { !saidLive.contains($0.tip) }
                let feedback = Feedback(stars: tier, errors: tips, variation: config.variationSeed + praiseCount,
                                        another: outcome == .repeated)
                praiseCount += 1
                record.spoken = feedback.utterances
                if let stars = record.stars { events.append(.stars(phase: phase, count: stars)) }
                events += feedback.utterances.map(LessonEvent.say)
            }
        }
        records.append(record)
        events.append(.phaseFinished(record))
    }

    /// The ink attempt judged as it stands; nil when there is no ink to judge.
    func assessAttempt(_ phase: LessonPhase) -> AttemptAssessment? {
        let latency = firstInput.map { $0 - attemptStart }
        let options = AssessmentOptions(placement: .glyphUnits, startLatency: latency,
                                        variation: config.variationSeed + praiseCount, config: config.assessment)
        if phase == .guided, let trace = guided?.trace, !trace.ink.isEmpty {
            return GuidedAssessor.assess(trace, options: options)
        }
        if phase == .freeWrite, let ink = free?.recorder.ink, !ink.isEmpty {
            return FreeWriteAssessor.assess(ink, glyph: glyph, options: options, recognizer: recognizer)
        }
        return nil
    }

    mutating func finishLetter(completed: Bool, into events: inout [LessonEvent]) {
        let judged = records.filter { $0.completed && ($0.phase == .guided || $0.phase == .freeWrite) }
        let guidedAssessment = records.last { $0.phase == .guided && $0.assessment != nil }?.assessment
        let freeAssessment = records.last { $0.phase == .freeWrite && $0.assessment != nil }?.assessment
        let result = LetterResult(glyph: .init(glyph), condition: condition, completed: completed,
                                  stars: judged.last?.stars ?? 0, records: records,
                                  adaptationSample: guidedAssessment?.score,
                                  performance: (freeAssessment ?? guidedAssessment).map(Stars.performance),
                                  plan: plan, startedAt: letterStart, endedAt: now)
        self.result = result
        phase = nil
        direct = nil; guided = nil; free = nil
        events.append(.letterFinished(result))
        // "Geschafft!" for a letter that earned a star; a starless one has just heard that it comes back.
        if completed && result.stars > 0 { events.append(.say(Phrases.letterDone)) }
    }
}
