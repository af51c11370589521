import Foundation
import Testing
@testable import FederCore

/// The scheduler with concrete cases: a learner model built by hand, dates and days passed in.
@Suite("Letter scheduler")
struct LetterSchedulerTests {
    let monday = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23 00:00 UTC
    let utc = TimeZone(secondsFromGMT: 0)!
    var day: CalendarDay { CalendarDay(monday.addingTimeInterval(9 * 3600), timeZone: utc) }
    var now: Date { monday.addingTimeInterval(9 * 3600) }
    let scheduler = LetterScheduler(course: .make(.primer))

    /// A letter practised `sessions` times with `score`, last on `daysAgo` days before now.
    func practised(_ learner: inout LearnerState, _ char: String, sessions: Int = 5, score: Double, daysAgo: Double,
                   stars: Int = 3) {
        var p = LetterProgress()
        p.sessions = sessions
        p.recentScores = Array(repeating: score, count: min(sessions, 5))
        p.bestStars = stars
        p.lastPracticed = now.addingTimeInterval(-daysAgo * 86_400)
        learner.letters["druck/\(char)"] = p
    }

    @Test func aNewChildGetsTheCoursesFirstLetters() {
        var learner = LearnerState()
        let round = scheduler.planRound(for: learner, on: day, now: now)
        #expect(round.slots.map(\.key).prefix(3) == ["druck/M", "druck/m", "druck/A"])
        #expect(scheduler.next(for: &learner, on: day, now: now)?.char == "M")
        #expect(learner.round == round, "today's round is kept in the learner model")
        // Only the opening steps are open: nothing beyond M m A a.
        #expect(scheduler.openChars(in: learner) == ["M", "m", "A", "a"])
    }

    @Test func theDailyRoundHasTheConfiguredSize() {
        for (new, review) in [(3, 2), (2, 1), (4, 4), (1, 0)] {
            var policy = SchedulerPolicy()
            policy.newOrWeakPerRound = new
            policy.reviewPerRound = review
            let s = LetterScheduler(course: .make(.primer), policy: policy)
            var learner = LearnerState()
            for char in ["M", "m", "A", "a", "L", "l"] { practised(&learner, char, score: 0.9, daysAgo: 3) }
            let round = s.planRound(for: learner, on: day, now: now)
            #expect(round.slots.count == new + review)
            #expect(round.slots.filter { $0.kind == .newOrWeak }.count == new)
            #expect(zip(round.slots, round.slots.dropFirst()).allSatisfy { $0.key != $1.key }, "never the same letter twice in a row")
        }
    }

    /// The adults' "Buchstaben pro Tag" is the round's size, so that "Für heute geschafft!" comes
    /// when the jar is full (until 2026-11-29 the round stayed five letters: with 3 a day two more
    /// came as round letters after the full jar, with 8 the round ended at a jar five eighths full).
    @Test func theDailyGoalIsTheRoundsSize() {
        for goal in [1, 3, 5, 8, 20] {
            var settings = ChildSettings()
            settings.dailyGoal = goal
            let s = settings.scheduler(script: "druck", condition: .threePhase)
            var learner = LearnerState()
            for char in ["M", "m", "A", "a", "L", "l"] { practised(&learner, char, score: 0.9, daysAgo: 3) }
            let round = s.planRound(for: learner, on: day, now: now)
            #expect(round.slots.count == goal, "goal \(goal)")
            #expect(round.slots.filter { $0.kind == .review }.count == goal * 2 / 5, "goal \(goal): two in five review")
        }
        #expect(ChildSettings().scheduler(script: "druck", condition: .threePhase).policy == SchedulerPolicy.standard,
                "the default goal keeps the standard round of three new and two to review")
    }

    @Test func aLetterWithLowAccuracyComesBackSoonerThanAMasteredOne() {
        var learner = LearnerState()
        practised(&learner, "M", score: 0.95, daysAgo: 1)
        practised(&learner, "m", score: 0.35, daysAgo: 1, stars: 1)
        #expect(scheduler.priority(of: "druck/m", in: learner, now: now) > scheduler.priority(of: "druck/M", in: learner, now: now))
        let round = scheduler.planRound(for: learner, on: day, now: now)
        let weak = round.slots.firstIndex { $0.key == "druck/m" }!
        let mastered = round.slots.firstIndex { $0.key == "druck/M" }!
        #expect(weak < mastered)
        #expect(round.slots[mastered].kind == .review)
    }

    @Test func aLetterNotSeenForAWeekReturns() {
        var learner = LearnerState()
        // Six learnt letters; five seen yesterday, one a week ago.
        for char in ["M", "m", "A", "a", "L"] { practised(&learner, char, score: 0.9, daysAgo: 1) }
        practised(&learner, "l", score: 0.9, daysAgo: 7)
        let round = scheduler.planRound(for: learner, on: day, now: now)
        let reviews = round.slots.filter { $0.kind == .review }.map(\.key)
        #expect(reviews.first == "druck/l")
        // Seen yesterday, the same letter would not be the first review.
        practised(&learner, "l", score: 0.9, daysAgo: 1)
        #expect(scheduler.planRound(for: learner, on: day, now: now).slots.filter { $0.kind == .review }.first?.key != "druck/l")
    }

    @Test func capitalAndSmallLettersNeverShareProgress() {
        var learner = LearnerState()
        let capital = TestInk.glyph("M")
        let result = LetterResult(glyph: .init(capital), condition: .threePhase, completed: true, stars: 3, records: [],
                                  adaptationSample: 0.9, performance: 0.9, plan: .standard, startedAt: 0, endedAt: 1)
        learner.record(result, at: now)
        #expect(learner.letters["druck/M"]?.sessions == 1)
        #expect(learner.letters["druck/m"] == nil)
        #expect(scheduler.priority(of: "druck/m", in: learner, now: now) > scheduler.priority(of: "druck/M", in: learner, now: now))
        scheduler.letterFinished("M", learner: &learner, on: day, now: now)
        #expect(learner.round?.slots.first { $0.key == "druck/M" }?.done == true)
        #expect(learner.round?.slots.first { $0.key == "druck/m" }?.done == false)
    }

    @Test func unlockingFollowsTheMasteryThreshold() {
        var learner = LearnerState()
        #expect(scheduler.openStepCount(in: learner) == 2)
        // Three of the four open letters learnt: still two steps.
        for char in ["M", "m", "A"] { practised(&learner, char, sessions: 2, score: 0.8, daysAgo: 1) }
        practised(&learner, "a", sessions: 1, score: 0.8, daysAgo: 1)  // mastery 0.8 · 1/5 = 0.16 < 0.3
        #expect(scheduler.openStepCount(in: learner) == 2)
        #expect(!scheduler.isOpen("L", in: learner))
        // The fourth reaches the threshold (0.8 · 2/5 = 0.32): L and l open, and no further.
        practised(&learner, "a", sessions: 2, score: 0.8, daysAgo: 1)
        #expect(scheduler.openStepCount(in: learner) == 3)
        #expect(scheduler.isOpen("L", in: learner) && scheduler.isOpen("l", in: learner))
        #expect(!scheduler.isOpen("I", in: learner))
        // A letter just under the threshold keeps the next step shut.
        var lower = SchedulerPolicy()
        lower.unlockMastery = 0.33
        #expect(LetterScheduler(course: .make(.primer), policy: lower).openStepCount(in: learner) == 2)
    }

    /// A step once open stays open: a weaker session (or, before 2026-11-27, a letter left part-way)
    /// that lowers a letter's mastery below the threshold does not take letters from the child.
    @Test func anOpenStepStaysOpenWhenMasteryFalls() {
        var learner = LearnerState()
        for char in ["M", "m", "A", "a"] { practised(&learner, char, sessions: 2, score: 0.8, daysAgo: 1) }
        scheduler.letterFinished("a", learner: &learner, on: day, now: now)
        #expect(scheduler.openStepCount(in: learner) == 3)
        // M's later sessions are poor: its mastery falls well under the threshold.
        practised(&learner, "M", sessions: 4, score: 0.1, daysAgo: 0)
        #expect(learner.mastery(ofKey: "druck/M") < SchedulerPolicy().unlockMastery)
        #expect(scheduler.openStepCount(in: learner) == 3 && scheduler.isOpen("L", in: learner))
        scheduler.letterFinished("M", learner: &learner, on: day, now: now)
        #expect(scheduler.openStepCount(in: learner) == 3)
        // Steps the adults opened are theirs to close again: only what the child earned is kept.
        var opened = scheduler
        opened.openedByAdult = 8
        opened.letterFinished("a", learner: &learner, on: day, now: now)
        #expect(learner.reachedSteps[scheduler.course.id] == 3)
        #expect(scheduler.openStepCount(in: learner) == 3)
        // Another course (another order or script) keeps its own count.
        let schul = LetterScheduler(course: .make(.primer, script: "schul"))
        #expect(schul.openStepCount(in: learner) == 2)
        // Stored before the count was kept: such a model decodes with none.
        let old = try? JSONDecoder().decode(LearnerState.self, from: Data(#"{"letters":{}}"#.utf8))
        #expect(old?.reachedSteps == [:])
    }

    /// "Weiter" after the round does not give the letter just finished again, also when the page
    /// does not say which one it was (it asks for `next` only); and a pick is labelled by its letter.
    @Test func anExtraLetterIsNotTheOneJustPractisedAndIsLabelledByItsState() {
        var learner = LearnerState()
        for char in ["M", "m", "A", "a"] { practised(&learner, char, sessions: 1, score: 0.3, daysAgo: 0.5) }
        practised(&learner, "m", sessions: 1, score: 0.2, daysAgo: 0.01)  // the weakest, and just written
        _ = scheduler.next(for: &learner, on: day, now: now)
        for slot in learner.round!.slots { learner.round!.markDone(slot.key) }
        let extra = try? #require(scheduler.next(for: &learner, on: day, now: now))
        #expect(extra?.extra == true && extra?.char != "m", "\(String(describing: extra))")
        #expect(extra?.kind == .newOrWeak, "none of these letters is mastered")
        // A letter stamped after now (a clock that ran ahead) is not the one just practised.
        var ahead = learner
        ahead.letters["druck/A"]?.lastPracticed = now.addingTimeInterval(200 * 86_400)
        #expect(scheduler.recentlyPractised(in: ahead, now: now, count: 1) == ["druck/m"])
        // Extras do not go back and forth between the two letters practised last.
        var twoNew = learner
        practised(&twoNew, "a", sessions: 1, score: 0, daysAgo: 0.02)  // m just before, a before that: the most urgent of the rest
        let next = try? #require(scheduler.next(for: &twoNew, on: day, now: now))
        #expect(next?.char != "m" && next?.char != "a", "\(String(describing: next))")
        // A new child's round has no mastered letter: every slot, review slots filled in included,
        // is a new letter's.
        var fresh = LearnerState()
        _ = scheduler.next(for: &fresh, on: day, now: now)
        #expect(fresh.round!.slots.count == 5 && fresh.round!.slots.allSatisfy { $0.kind == .newOrWeak })
        // The first letters mastered (which opens the next step's new ones): the mastered are reviews.
        var strong = LearnerState()
        for char in scheduler.openChars(in: strong) { practised(&strong, char, sessions: 5, score: 1, daysAgo: 3) }
        _ = scheduler.next(for: &strong, on: day, now: now)
        let slots = strong.round!.slots
        #expect(slots.contains { $0.kind == .review } && slots.contains { $0.kind == .newOrWeak })
        #expect(slots.allSatisfy { $0.kind == (strong.mastery(ofKey: $0.key) >= 0.7 ? .review : .newOrWeak) }, "\(slots)")
    }

    @Test func aLetterPractisedAfterNowCountsAsDue() {
        // Stored while the tablet's clock ran 200 days ahead.
        var learner = LearnerState()
        practised(&learner, "M", score: 1, daysAgo: -200)
        practised(&learner, "A", score: 1, daysAgo: 30)
        #expect(scheduler.priority(of: "druck/M", in: learner, now: now) >= scheduler.priority(of: "druck/A", in: learner, now: now))
    }

    @Test func theRoundIsPlannedOnceADayAndThenOffersExtras() {
        var learner = LearnerState()
        let first = scheduler.next(for: &learner, on: day, now: now)
        for slot in learner.round!.slots { learner.round!.markDone(slot.key) }
        let extra = scheduler.next(for: &learner, on: day, now: now, after: "M")
        #expect(extra?.extra == true && extra?.char != "M")
        #expect(first?.extra == false)
        // The next day a new round is planned.
        let tomorrow = scheduler.next(for: &learner, on: day.adding(days: 1), now: now.addingTimeInterval(86_400))
        #expect(tomorrow?.extra == false && learner.round?.day == day.adding(days: 1))
    }

    @Test func theControlArmGoesRoundRobinInCourseOrder() {
        let fixed = LetterScheduler(course: .make(.primer), fixedOrder: true)
        var learner = LearnerState()
        practised(&learner, "M", sessions: 2, score: 0.2, daysAgo: 10)
        practised(&learner, "m", sessions: 1, score: 0.2, daysAgo: 10)
        // Least practised first, ties in course order; accuracy and recency play no part.
        #expect(fixed.planRound(for: learner, on: day, now: now).slots.map(\.key).prefix(3) == ["druck/A", "druck/a", "druck/m"])
    }

    @Test func everyCourseOrderHoldsEveryLetterOnceWithCapitalAndSmallApart() {
        let expected = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜabcdefghijklmnopqrstuvwxyzäöüß".map(String.init))
        for order in CourseOrder.allCases {
            let course = Course.make(order)
            #expect(course.chars.count == expected.count, "\(order)")
            #expect(Set(course.chars) == expected, "\(order)")
            #expect(Set(course.groups.flatMap(\.chars)) == expected, "every letter is in a sticker group: \(order)")
        }
        #expect(Course.make(.alphabetical).steps.first?.chars == ["A", "a"])
        #expect(Course.make(.motorSimilarity).steps.first?.chars == ["l"])
    }

    @Test func theStreakForgivesTodayButNotAWholeMissedDay() {
        let d = day
        #expect(Streak.current(practiceDays: [d], today: d) == 1)
        #expect(Streak.current(practiceDays: [d], today: d.adding(days: 1)) == 1)
        #expect(Streak.current(practiceDays: [d], today: d.adding(days: 2)) == 0)
        #expect(Streak.current(practiceDays: [d.adding(days: -2), d.adding(days: -1), d], today: d) == 3)
        #expect(Streak.current(practiceDays: [d.adding(days: -3), d.adding(days: -1), d], today: d) == 2)
        #expect(Streak.longest(practiceDays: [d.adding(days: -9), d.adding(days: -8), d.adding(days: -7), d]) == 3)
    }

    @Test func calendarDaysFollowTheTimeZone() {
        let late = Date(timeIntervalSince1970: 1_795_476_600)  // 2026-11-23 23:30 UTC
        #expect(CalendarDay(late, timeZone: utc).description == "2026-11-23")
        #expect(CalendarDay(late, timeZone: TimeZone(identifier: "Europe/Vienna")!).description == "2026-11-24")
        #expect(CalendarDay("2026-11-23") == CalendarDay(late, timeZone: utc))
        #expect(CalendarDay("2026-13-01") == nil && CalendarDay("nonsense") == nil)
    }

    @Test func calendarDaysAgreeWithFoundationsGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        // Every day from 1899 to 2201 (leap centuries and eras included), against Foundation.
        for ordinal in stride(from: -25_567, through: 84_000, by: 1) {
            let date = Date(timeIntervalSince1970: Double(ordinal) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let expected = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
            let day = CalendarDay(ordinal: ordinal)
            guard day.description == expected, CalendarDay(expected) == day else {
                Issue.record("day \(ordinal): \(day.description), Foundation \(expected)")
                return
            }
        }
        #expect(CalendarDay("2024-02-29")?.description == "2024-02-29")
        #expect(CalendarDay("2026-02-29") == nil && CalendarDay("2026-04-31") == nil && CalendarDay("1900-02-29") == nil)
        #expect(CalendarDay("2000-02-29")?.adding(days: 1).description == "2000-03-01")
    }

    @Test func olderLearnerModelsStillDecode() throws {
        // As stored before the scheduler existed: no round, no stars, no dates.
        let json = #"{"difficulty":{"tier":"standard","recent":[0.5],"promoteStreak":0,"demoteStreak":0},"letters":{"druck/A":{"sessions":2,"recentScores":[0.7,0.8]}}}"#
        let learner = try JSONDecoder().decode(LearnerState.self, from: Data(json.utf8))
        #expect(learner.letters["druck/A"]?.sessions == 2 && learner.letters["druck/A"]?.bestStars == 0)
        #expect(learner.round == nil)
        let settings = try JSONDecoder().decode(ChildSettings.self, from: Data("{}".utf8))
        #expect(settings == ChildSettings())
    }
}
