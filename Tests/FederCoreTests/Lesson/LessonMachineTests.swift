import Testing
@testable import FederCore

/// The four-phase lesson driven message by message, as the server will drive it.
@Suite("Lesson machine")
struct LessonMachineTests {
    let h = TestInk.glyph("H")

    /// Feeds ink as pen messages from time `at` on; the device clock (sample times) and the server's
    /// clock run together.
    @discardableResult
    static func write(_ ink: Ink, into lesson: inout LessonMachine, at start: Double) throws -> (events: [LessonEvent], end: Double) {
        var events: [LessonEvent] = []
        guard let t0 = ink.strokes.first?.first?.t else { return ([], start) }
        var now = start
        for var stroke in ink.strokes {
            for k in stroke.indices { stroke[k].t += start - t0 }
            let t0 = start
            now = start + stroke[0].t - t0
            events += try lesson.handle(.penDown(stroke[0], pointer: ink.pointer), at: now)
            for chunk in stride(from: 1, to: stroke.count, by: 4) {
                let batch = Array(stroke[chunk..<min(chunk + 4, stroke.count)])
                now = start + batch.last!.t - t0
                events += try lesson.handle(.penMove(batch), at: now)
            }
            events += try lesson.handle(.penUp(nil), at: now)
        }
        return (events, now)
    }

    /// A threePhase lesson of a one-stroke glyph brought to free writing (observe skipped, the dot
    /// tapped, the centerline traced).
    static func atFreeWriting(_ glyph: Glyph) throws -> LessonMachine {
        var lesson = LessonMachine.begin(glyph: glyph, condition: .threePhase, at: 0).0
        _ = try lesson.handle(.tap(.zero), at: 0.5)
        _ = try lesson.handle(.tapDot(0), at: 1)
        _ = try lesson.handle(.tick, at: 2)
        _ = try write(TestInk.centerline(glyph), into: &lesson, at: 3)
        return lesson
    }

    static func phases(_ events: [LessonEvent]) -> [LessonPhase] {
        events.compactMap { if case .phaseStarted(let p, _, _) = $0 { p } else { nil } }
    }

    static func records(_ events: [LessonEvent]) -> [PhaseRecord] {
        events.compactMap { if case .phaseFinished(let r) = $0 { r } else { nil } }
    }

    static func said(_ events: [LessonEvent]) -> [Utterance] {
        events.compactMap { if case .say(let u) = $0 { u } else { nil } }
    }

    @Test func threePhaseRunsAllFourPhasesAndKeepsARecordOfEach() throws {
        var (lesson, events) = LessonMachine.begin(glyph: h, condition: .threePhase, at: 100)
        #expect(Self.phases(events) == [.observe])
        #expect(Self.said(events) == [Phrases.observe])
        #expect(lesson.nextDeadline == nil)  // observe waits for the page's animation

        // Observe: two animation cycles.
        #expect(try lesson.handle(.observeCycleFinished, at: 104).isEmpty)
        events = try lesson.handle(.observeCycleFinished, at: 108)
        #expect(Self.records(events).first?.observe == ObserveDetail(cycles: 2, skipped: false))
        #expect(Self.records(events).first?.stars == nil)
        #expect(Self.phases(events) == [.direct])
        #expect(Self.said(events) == [Phrases.direct])

        // Direct: the dots in order.
        for (k, dot) in h.strokes.map(\.start).enumerated() {
            events = try lesson.handle(.tap(dot), at: 110 + Double(k))
            #expect(events.first == .dotTapped(dot: k, correct: true, expected: k))
        }
        #expect(lesson.phase == .direct)
        #expect(lesson.nextDeadline == 113)  // a moment to see the last arrow
        #expect(try lesson.handle(.tick, at: 112.5).isEmpty)
        events = try lesson.handle(.tick, at: 113)
        #expect(Self.records(events).first?.stars == nil)
        #expect(Self.records(events).first?.score == 1)
        #expect(Self.said(events).first == Phrases.praise(stars: 3))
        #expect(Self.phases(events) == [.guided])

        // Guided: the centerline.
        let guided = try Self.write(TestInk.centerline(h), into: &lesson, at: 120)
        #expect(guided.events.contains(.tracker(.letterDone)))
        #expect(guided.events.contains(.stars(phase: .guided, count: 3)))
        let guidedRecord = try #require(Self.records(guided.events).first)
        #expect(guidedRecord.phase == .guided && guidedRecord.completed && guidedRecord.stars == 3)
        #expect(guidedRecord.assessment?.guided?.completed == true)
        #expect(guidedRecord.ink?.strokes.count == 3)
        #expect(Self.phases(guided.events) == [.freeWrite])

        // Free writing, then the quiet pause.
        let free = try Self.write(TestInk.centerline(h), into: &lesson, at: guided.end + 3)
        #expect(Self.records(free.events).isEmpty)  // no feedback until done
        #expect(!free.events.contains { if case .tracker = $0 { true } else { false } })
        #expect(lesson.nextDeadline == free.end + 2)
        #expect(try lesson.handle(.tick, at: free.end + 1.9).isEmpty)
        events = try lesson.handle(.tick, at: free.end + 2)
        let result = try #require(events.compactMap { if case .letterFinished(let r) = $0 { r } else { nil } }.first)
        #expect(result.completed)
        #expect(result.records.map(\.phase) == [.observe, .direct, .guided, .freeWrite])
        #expect(result.records.allSatisfy { $0.condition == .threePhase && $0.outcome == .passed })
        #expect(result.stars == 3)
        #expect(result.adaptationSample == guidedRecord.score)
        #expect(result.performance! > 0.95)
        #expect(Self.said(events).last == Phrases.letterDone)
        #expect(lesson.isFinished)
        #expect(throws: LessonError.letterFinished) { try lesson.handle(.tick, at: 999) }
    }

    @Test(arguments: [StudyCondition.guidedOnly, .control])
    func guidedOnlyAndControlRunGuidedOnly(condition: StudyCondition) throws {
        var (lesson, events) = LessonMachine.begin(glyph: h, condition: condition, at: 0)
        #expect(Self.phases(events) == [.guided])
        let written = try Self.write(TestInk.centerline(h), into: &lesson, at: 1)
        let result = try #require(written.events.compactMap { if case .letterFinished(let r) = $0 { r } else { nil } }.first)
        #expect(result.records.map(\.phase) == [.guided])
        #expect(result.condition == condition)
        #expect(result.stars == 3)
    }

    @Test func aTapEndsObserveAtOnce() throws {
        var (lesson, _) = LessonMachine.begin(glyph: h, condition: .threePhase, at: 0)
        let events = try lesson.handle(.tap(Point(5, 5)), at: 1.5)
        #expect(Self.records(events).first?.observe == ObserveDetail(cycles: 0, skipped: true))
        #expect(Self.records(events).first?.firstInputAt == 1.5)
        #expect(lesson.phase == .direct)
        // A late animation callback is harmless.
        #expect(try lesson.handle(.observeCycleFinished, at: 2).isEmpty)
    }

    @Test func aWrongDotIsAnsweredGentlyAndCostsNoStar() throws {
        var (lesson, _) = LessonMachine.begin(glyph: h, condition: .threePhase, at: 0)
        _ = try lesson.handle(.tap(.zero), at: 1)
        var events = try lesson.handle(.tapDot(1), at: 2)
        #expect(events == [.dotTapped(dot: 1, correct: false, expected: 0), .say(Phrases.wrongDot)], "no dot tapped yet: which comes first")
        #expect(lesson.phase == .direct)
        events = try lesson.handle(.tap(Point(500, 500)), at: 3)
        #expect(events == [.tapMissed(at: Point(500, 500)), .say(Phrases.tapADot)])
        #expect(throws: LessonError.noSuchDot(7)) { try lesson.handle(.tapDot(7), at: 3.5) }
        _ = try lesson.handle(.tapDot(0), at: 4)
        // An already-done dot is not a mistake either.
        #expect(try lesson.handle(.tapDot(0), at: 4.5) == [.dotTapped(dot: 0, correct: false, expected: 1), .say(Phrases.nextDot)])
        for k in 1..<3 { _ = try lesson.handle(.tapDot(k), at: 4 + Double(k)) }
        events = try lesson.handle(.tick, at: 7)
        let record = try #require(Self.records(events).first)
        #expect(record.direct?.wrongTaps == 1)
        #expect(record.stars == nil)
        #expect(!events.contains { if case .stars = $0 { true } else { false } })
        // "Gut gemacht!" alone: the order tip was said at the wrong tap, not again once the dots came right.
        #expect(record.spoken == [Phrases.praise(stars: 2)])
        #expect(record.score == 0.75)  // three of four dot taps right
        #expect(record.errors.map(\.code) == [.wrongDot])
    }

    @Test func coincidingDotsTakeTheDueOne() throws {
        // E: strokes 1 and 2 both start at the top of the stem.
        let e = TestInk.glyph("E")
        var (lesson, _) = LessonMachine.begin(glyph: e, condition: .threePhase, at: 0)
        _ = try lesson.handle(.tap(.zero), at: 1)
        #expect(try lesson.handle(.tap(e.strokes[0].start), at: 2).first == .dotTapped(dot: 0, correct: true, expected: 0))
        #expect(try lesson.handle(.tap(e.strokes[1].start), at: 3).first == .dotTapped(dot: 1, correct: true, expected: 1))
    }

    @Test func guidedAnswersAMistakeAtPenUpAndRecordsIt() throws {
        let l = TestInk.glyph("l")
        var (lesson, _) = LessonMachine.begin(glyph: l, condition: .guidedOnly, at: 0)
        let wrong = try Self.write(TestInk.along([l.strokes[0].points.reversed()]), into: &lesson, at: 1)
        let mistakes = wrong.events.compactMap { if case .mistake(let e) = $0 { e.code } else { nil } }
        #expect(mistakes == [.wrongStart, .reversed])
        #expect(Self.said(wrong.events) == [Phrases.startTop])  // one tip per stroke
        #expect(lesson.phase == .guided)
        let right = try Self.write(TestInk.centerline(l), into: &lesson, at: wrong.end + 2)
        let record = try #require(Self.records(right.events).first)
        #expect(record.completed)
        #expect(record.errors.map(\.code).contains(.reversed))
        // The tip said at the wrong stroke is not said again after the praise.
        #expect(record.spoken.first.map { $0.key.hasPrefix("praise") } == true)
        #expect(!record.spoken.contains(Phrases.startTop), "\(record.spoken.map(\.key))")
        #expect(record.stars! <= 2)
        #expect(record.assessment!.guided!.procedure == 0)
        // The reversed try touched the start dot last; it is not counted as tracing the stroke.
        #expect(record.assessment!.strokes[0].inkStrokes == [1])
        #expect(record.assessment!.strokes[0].shape > 0.95)
    }

    /// The same mistake made again and again in one guided attempt is recorded every time but its
    /// tip is said at most `liveTipRepeats` times (the child is not nagged).
    @Test func aLiveTipIsSaidAtMostTwicePerAttempt() throws {
        let l = TestInk.glyph("l")
        var (lesson, _) = LessonMachine.begin(glyph: l, condition: .guidedOnly, at: 0)
        var events: [LessonEvent] = []
        var now = 1.0
        // Four tries backwards up the stem: each is judged at its pen-up (a fifth would reach the
        // stem's last checkpoint and end the attempt, whose summary tips are another matter).
        for _ in 0..<4 {
            let wrong = try Self.write(TestInk.along([l.strokes[0].points.reversed()]), into: &lesson, at: now)
            events += wrong.events
            now = wrong.end + 2
        }
        #expect(lesson.phase == .guided)
        let mistakes = events.compactMap { if case .mistake(let e) = $0 { e } else { nil } }
        let reversed = mistakes.filter { $0.code == .reversed }
        #expect(reversed.count == 4, "every try is judged and answered with its mistake")
        let said = Self.said(events)
        let limit = LessonConfig().liveTipRepeats
        #expect(limit == 2)
        for tip in Set(said.map(\.key)) {
            #expect(said.filter { $0.key == tip }.count <= limit, "\(tip)")
        }
        let reversedTip = try #require(reversed.first?.tip)
        #expect(said.filter { $0.key == reversedTip.key }.count == limit, "said twice, then no more")
    }

    @Test func freeWritingWaitsForAQuietPauseAndANewTouchCancelsIt() throws {
        var lesson = try Self.atFreeWriting(TestInk.glyph("l"))
        #expect(lesson.phase == .freeWrite)
        let first = try Self.write(TestInk.along([[Point(20, 0), Point(20, 100)]]), into: &lesson, at: 10)
        #expect(lesson.nextDeadline == first.end + 2)
        _ = try lesson.handle(.penDown(PenSample(x: 20, y: 100, t: 20), pointer: .pen), at: first.end + 1.5)
        #expect(lesson.nextDeadline == nil)
        #expect(try lesson.handle(.tick, at: first.end + 2.5).isEmpty)  // the pen is down: no end
        _ = try lesson.handle(.penMove([PenSample(x: 20, y: 200, t: 20.5)]), at: first.end + 2)
        _ = try lesson.handle(.penUp(nil), at: first.end + 2.6)
        #expect(lesson.nextDeadline == first.end + 4.6)
        let events = try lesson.handle(.tick, at: first.end + 4.6)
        #expect(lesson.isFinished)
        #expect(Self.records(events).first?.ink?.strokes.count == 2)
    }

    @Test func theWaitBeforeTheFirstStrokeDoesNotLowerRhythmus() throws {
        func rhythm(waiting wait: Double) throws -> (Double, Double?) {
            var lesson = LessonMachine.begin(glyph: h, condition: .threePhase, at: 0).0
            _ = try lesson.handle(.tap(.zero), at: 0.1)
            for k in 0..<3 { _ = try lesson.handle(.tapDot(k), at: 0.2) }
            _ = try lesson.handle(.tick, at: 2)
            let guided = try Self.write(TestInk.centerline(h), into: &lesson, at: 3)
            let free = try Self.write(TestInk.centerline(h), into: &lesson, at: guided.end + wait)
            let events = try lesson.handle(.tick, at: free.end + 2)
            let a = try #require(Self.records(events).first?.assessment)
            return (a.motor!.rhythmus!, a.kinematics.startLatency)
        }
        let (soon, soonLatency) = try rhythm(waiting: 0.5)
        let (late, lateLatency) = try rhythm(waiting: 25)
        #expect(soon == late)
        #expect(soon > 0.99)
        #expect(abs(soonLatency! - 0.5) < 1e-9 && abs(lateLatency! - 25) < 1e-9)
    }

    @Test func anAttemptWithoutAStarIsDoneOnceMore() throws {
        // Free writing a scribble instead of an l: no star, so one more try; then the letter ends.
        var lesson = try Self.atFreeWriting(TestInk.glyph("l"))
        let scribble = Ink(pointer: .pen, strokes: [TestInk.randomWalk(from: Point(60, 100), steps: 200, step: 4, seed: 9)])
        let first = try Self.write(scribble, into: &lesson, at: 10)
        var events = try lesson.handle(.tick, at: first.end + 2)
        let repeated = try #require(Self.records(events).first)
        #expect(repeated.outcome == .repeated && repeated.stars == 0)
        #expect(events.contains(.stars(phase: .freeWrite, count: 0)))
        #expect(Self.said(events).first?.key.hasPrefix("praise.0") == true)
        #expect(events.contains { if case .phaseStarted(.freeWrite, 2, _) = $0 { true } else { false } })
        let second = try Self.write(scribble, into: &lesson, at: first.end + 5)
        events = try lesson.handle(.tick, at: second.end + 2)
        let result = try #require(events.compactMap { if case .letterFinished(let r) = $0 { r } else { nil } }.first)
        #expect(result.records.map(\.outcome) == [.passed, .passed, .passed, .repeated, .passed])
        #expect(result.stars == 0)
        // The lesson moves on now: the child is not asked to try again, it hears that the letter
        // comes back.
        let said = Self.said(events)
        #expect(Phrases.onward.contains(said[0]), "\(said.map(\.text))")
        #expect(!said.contains { $0.text.contains("nochmal") }, "\(said.map(\.text))")
        #expect(!said.contains(Phrases.letterDone), "no \"Geschafft!\" for a letter without a star")
    }

    @Test func freeWritingWaitsLongerWhileStrokesAreToCome() throws {
        // An A's two slants, then a pause to think: not judged after two seconds, the bar still counts.
        let a = TestInk.glyph("A")
        let all = TestInk.centerline(a)
        var lesson = LessonMachine.begin(glyph: a, condition: .threePhase, at: 0).0
        _ = try lesson.handle(.tap(.zero), at: 0.5)
        for k in a.strokes.indices { _ = try lesson.handle(.tapDot(k), at: 1 + 0.1 * Double(k)) }
        _ = try lesson.handle(.tick, at: 3)
        _ = try Self.write(all, into: &lesson, at: 4)
        let slants = Ink(pointer: all.pointer, strokes: Array(all.strokes.prefix(2)))
        let written = try Self.write(slants, into: &lesson, at: 20)
        #expect(try lesson.handle(.tick, at: written.end + 2.5).isEmpty, "a pause of 2.5 s with the bar to come")
        let bar = Ink(pointer: all.pointer, strokes: [all.strokes[2]])
        let barEnd = try Self.write(bar, into: &lesson, at: written.end + 3)
        let events = try lesson.handle(.tick, at: barEnd.end + 2)
        let result = try #require(events.compactMap { if case .letterFinished(let r) = $0 { r } else { nil } }.first)
        #expect(result.records.last?.ink?.strokes.count == 3)
    }

    @Test func noPraiseAsksForAnotherTryWhenNoneFollows() {
        // Every line said after an attempt that passes (one star or more, or none with the repeat
        // used up) is free of "nochmal"; the lines for a repeat ask for it.
        for stars in 0...3 {
            for variation in 0..<4 {
                let onward = Phrases.praise(stars: stars, variation: variation, another: false)
                #expect(!onward.text.contains("nochmal"), "\(stars): \(onward.text)")
                if stars > 0 { #expect(onward == Phrases.praise(stars: stars, variation: variation)) }
            }
        }
        #expect(Phrases.praise[0].allSatisfy { $0.text.contains("nochmal") })
    }

    @Test func restartAndAbandonKeepARecordOfTheUnfinishedAttempt() throws {
        let l = TestInk.glyph("l")
        var (lesson, _) = LessonMachine.begin(glyph: l, condition: .control, at: 0)
        _ = try Self.write(TestInk.along([[Point(20, 0), Point(20, 80)]]), into: &lesson, at: 1)
        var events = try lesson.handle(.restart, at: 5)
        let restarted = try #require(Self.records(events).first)
        #expect(restarted.outcome == .restarted && !restarted.completed)
        #expect(restarted.assessment?.completed == false)
        #expect(restarted.ink?.strokes.count == 1)
        #expect(restarted.stars == 0)
        #expect(events.contains { if case .phaseStarted(.guided, 2, _) = $0 { true } else { false } })

        events = try lesson.handle(.abandon, at: 9)
        let abandoned = try #require(Self.records(events).first)
        #expect(abandoned.outcome == .abandoned && abandoned.attempt == 2 && abandoned.ink == nil)
        let result = try #require(events.compactMap { if case .letterFinished(let r) = $0 { r } else { nil } }.first)
        #expect(!result.completed)
        #expect(result.records.count == 2)
        #expect(!Self.said(events).contains(Phrases.letterDone))
    }

    @Test func messagesThatDoNotFitAreRefusedAndChangeNothing() throws {
        var (lesson, _) = LessonMachine.begin(glyph: h, condition: .threePhase, at: 0)
        #expect(throws: LessonError.notInThisPhase(input: "penDown", phase: .observe)) {
            try lesson.handle(.penDown(PenSample(x: 0, y: 0, t: 0), pointer: .pen), at: 1)
        }
        #expect(lesson.phase == .observe && lesson.records.isEmpty)
        var guided = LessonMachine.begin(glyph: h, condition: .control, at: 0).0
        #expect(throws: LessonError.notInThisPhase(input: "tap", phase: .guided)) { try guided.handle(.tap(.zero), at: 1) }
        #expect(throws: LessonError.pen(.penNotDown)) { try guided.handle(.penMove([PenSample(x: 0, y: 0, t: 0)]), at: 1) }
        _ = try guided.handle(.penDown(PenSample(x: 20, y: 0, t: 0), pointer: .pen), at: 1)
        #expect(throws: LessonError.pen(.penAlreadyDown)) { try guided.handle(.penDown(PenSample(x: 20, y: 0, t: 0), pointer: .pen), at: 1) }
    }

    @Test func aSilentChildIsRemindedOfTheTask() throws {
        var (lesson, _) = LessonMachine.begin(glyph: h, condition: .control, at: 0)
        #expect(lesson.nextDeadline == 12)
        #expect(try lesson.handle(.tick, at: 11).isEmpty)
        #expect(try lesson.handle(.tick, at: 12) == [.say(Phrases.guided)])
        #expect(lesson.nextDeadline == 24)
        // Writing alone, the reminder does not say "Und jetzt" once more: it says what to do.
        var free = try Self.atFreeWriting(TestInk.glyph("l"))
        let deadline = try #require(free.nextDeadline)
        #expect(try free.handle(.tick, at: deadline) == [.say(Phrases.freeWriteReminder)])
    }

    @Test func thePlansToleranceReachesTheTracker() throws {
        // Tracing 0.25 x-heights beside the line: within the easy radius, outside the strict one.
        let l = TestInk.glyph("l")
        let beside = TestInk.along([l.strokes[0].points.map { Point($0.x + 25, $0.y) }])
        func completes(_ tier: DifficultyTier) throws -> Bool {
            let plan = PracticePlan(tolerance: TrackingTolerance.standard.scaled(by: tier.multiplier), tier: tier)
            var (lesson, events) = LessonMachine.begin(glyph: l, condition: .guidedOnly, plan: plan, at: 0)
            guard case .phaseStarted(_, _, let display) = events[0] else { return false }
            #expect(display.tolerance == plan.tolerance)
            try Self.write(beside, into: &lesson, at: 1)
            return lesson.isFinished
        }
        #expect(try completes(.easy))
        #expect(try !completes(.strict))
    }

    @Test func feedbackFadesAcrossThePhases() {
        let plan = PracticePlan.standard
        #expect(PhaseDisplay.of(.observe, plan: plan).feedback == .full)
        #expect(PhaseDisplay.of(.guided, plan: plan).feedback == .reduced)
        let free = PhaseDisplay.of(.freeWrite, plan: plan)
        #expect(free.feedback == .none && !free.ghost && free.startDots == .none && !free.arrows)
    }
}
