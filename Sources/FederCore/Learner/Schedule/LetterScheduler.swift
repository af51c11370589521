import Foundation

/// Decides what a child learns next: which letters are open, how urgent each is, and the day's
/// round. Pure: the learner model, the date and the time zone come in; nothing is read or stored.
///
/// Priority of a letter (0…1, docs/LEARNING.md):
/// `0.40 · recency + 0.35 · (1 − accuracy) + 0.25 · novelty`, where
/// `recency = 1 − exp(−days since last practice / stability)` (1 if never practised),
/// `stability = base · (1 + sessions) · (0.5 + accuracy)` days (clamped), `novelty = 1 / (1 + sessions)`.
/// Capital and small letters are separate letters (`script/char` keys).
public struct LetterScheduler: Sendable {
    public var course: Course
    public var policy: SchedulerPolicy
    /// The control arm: no adaptation of any kind, the open letters in course order, round robin.
    public var fixedOrder: Bool
    /// Steps the adults opened by hand (a child who already knows letters); at least this many are open.
    public var openedByAdult: Int

    public init(course: Course, policy: SchedulerPolicy = .standard, fixedOrder: Bool = false, openedByAdult: Int = 0) {
        self.course = course
        self.policy = policy
        self.fixedOrder = fixedOrder
        self.openedByAdult = openedByAdult
    }

    /// What to practise next.
    public struct Pick: Sendable, Equatable {
        public var char: String
        public var key: String
        public var priority: Double
        public var kind: DailyRound.Slot.Kind
        /// Today's round was already done: this letter is extra (the app does not push).
        public var extra: Bool
    }

    // MARK: Priority

    public func priority(of key: String, in learner: LearnerState, now: Date) -> Double {
        let p = learner.letters[key] ?? LetterProgress()
        let accuracy = p.accuracy
        let recency: Double
        // A practice time after now was stored while a clock ran ahead: how long ago is unknown, so
        // the letter counts as due (as one never practised) rather than as practised a moment ago.
        if let last = p.lastPracticed, last <= now {
            let days = now.timeIntervalSince(last) / 86_400
            let stability = min(max(policy.baseStability * Double(1 + p.sessions) * (0.5 + accuracy), policy.baseStability),
                                policy.maxStability)
            recency = 1 - exp(-days / stability)
        } else {
            recency = 1
        }
        let novelty = 1 / Double(1 + p.sessions)
        return policy.recencyWeight * recency + policy.deficitWeight * (1 - accuracy) + policy.noveltyWeight * novelty
    }

    // MARK: Unlocking

    /// How many steps of the course are open: the first few, then one more each time every letter
    /// of the open steps reaches `unlockMastery`; never fewer than were open before (the learner's
    /// `reachedSteps`, kept as letters finish) or than the adults opened.
    public func openStepCount(in learner: LearnerState) -> Int {
        let before = learner.reachedSteps[course.id] ?? 0
        var open = min(max(policy.initiallyOpenSteps, openedByAdult, before, 1), course.steps.count)
        while open < course.steps.count,
              course.steps[..<open].allSatisfy({ step in
                  step.chars.allSatisfy { learner.mastery(ofKey: course.key($0)) >= policy.unlockMastery }
              }) {
            open += 1
        }
        return open
    }

    /// The letters a child may practise in Schule now, in course order.
    public func openChars(in learner: LearnerState) -> [String] {
        course.steps.prefix(openStepCount(in: learner)).flatMap(\.chars)
    }

    public func isOpen(_ char: String, in learner: LearnerState) -> Bool {
        guard let step = course.stepIndex(of: char) else { return false }
        return step < openStepCount(in: learner)
    }

    // MARK: The daily round

    /// Plans a round for `day`: `newOrWeakPerRound` letters that are new or not yet mastered (most
    /// urgent first), then `reviewPerRound` mastered letters, most urgent first (the longest faded
    /// lead; a mastered letter is not held back until it is due, so on a day when none has faded the
    /// review slots still bring mastered letters back — those least accurate or least practised —
    /// rather than the same new ones twice).
    /// When a pool runs short the other fills in; a letter is never planned twice in a row.
    public func planRound(for learner: LearnerState, on day: CalendarDay, now: Date) -> DailyRound {
        let open = openChars(in: learner).map { course.key($0) }
        let ranked = rank(open, learner: learner, now: now)
        let weak = ranked.filter { learner.mastery(ofKey: $0.key) < policy.masteredAt }
        let learnt = ranked.filter { learner.mastery(ofKey: $0.key) >= policy.masteredAt }
        var slots: [DailyRound.Slot] = []
        // A slot is labelled by its letter, not by the pool it was meant to come from: a review slot
        // a new letter fills (no letter mastered yet) is a new letter's.
        func fill(_ count: Int, from primary: [(key: String, priority: Double)], _ fallback: [(key: String, priority: Double)]) {
            let pool = primary.isEmpty ? fallback : primary
            guard !pool.isEmpty else { return }
            var taken = 0
            var i = 0
            var guardSteps = 0
            while taken < count, guardSteps < count * (pool.count + 2) {
                guardSteps += 1
                let candidate = pool[i % pool.count]
                i += 1
                let unused = !slots.contains { $0.key == candidate.key }
                let notRepeatInRow = slots.last?.key != candidate.key
                // Each letter once first; repeats only when the pool is smaller than the slots.
                if (unused || i > pool.count) && notRepeatInRow {
                    slots.append(.init(key: candidate.key, kind: kind(of: candidate.key, in: learner), priority: candidate.priority))
                    taken += 1
                }
            }
        }
        fill(policy.newOrWeakPerRound, from: weak, learnt)
        fill(policy.reviewPerRound, from: learnt.filter { l in !slots.contains { $0.key == l.key } }, weak + learnt)
        return DailyRound(day: day, slots: slots)
    }

    /// New or not yet mastered, or mastered and reviewed.
    func kind(of key: String, in learner: LearnerState) -> DailyRound.Slot.Kind {
        learner.mastery(ofKey: key) < policy.masteredAt ? .newOrWeak : .review
    }

    /// Today's round: the stored one if it is today's, else a new one.
    public func round(for learner: LearnerState, on day: CalendarDay, now: Date) -> DailyRound {
        if let round = learner.round, round.day == day { return round }
        return planRound(for: learner, on: day, now: now)
    }

    /// The next letter: the first open slot of today's round; once the round is done, the most urgent
    /// open letter other than the two just practised (`last`, and the course's letters practised
    /// most recently; marked `extra`). Stores today's round in `learner`.
    public func next(for learner: inout LearnerState, on day: CalendarDay, now: Date, after last: String? = nil) -> Pick? {
        let round = self.round(for: learner, on: day, now: now)
        learner.round = round
        if let slot = round.nextSlot, let char = char(of: slot.key) {
            return Pick(char: char, key: slot.key, priority: slot.priority, kind: slot.kind, extra: false)
        }
        let open = openChars(in: learner).map { course.key($0) }
        let ranked = rank(open, learner: learner, now: now)
        // Not the letters practised just before (two: the extras went L, l, L, l between the two
        // newest letters), where there are others; never the very last one while there is another.
        var recent: [String] = []
        for key in (last.map { [course.key($0)] } ?? []) + recentlyPractised(in: learner, now: now, count: 2)
        where !recent.contains(key) { recent.append(key) }
        guard let best = ranked.first(where: { !recent.prefix(2).contains($0.key) })
                ?? ranked.first(where: { $0.key != recent.first }) ?? ranked.first,
              let char = char(of: best.key) else { return nil }
        return Pick(char: char, key: best.key, priority: best.priority, kind: kind(of: best.key, in: learner), extra: true)
    }

    /// The keys of this course's letters practised last, the latest first (a time after now, stored
    /// while a clock ran ahead, is not "last").
    func recentlyPractised(in learner: LearnerState, now: Date, count: Int) -> [String] {
        learner.letters
            .filter { $0.key.hasPrefix("\(course.script)/") && ($0.value.lastPracticed.map { $0 <= now } ?? false) }
            .sorted { ($0.value.lastPracticed!, $0.key) > ($1.value.lastPracticed!, $1.key) }
            .prefix(count).map(\.key)
    }

    /// After a letter is finished: ticks it off today's round and keeps how many steps are open now.
    public func letterFinished(_ char: String, learner: inout LearnerState, on day: CalendarDay, now: Date) {
        var round = self.round(for: learner, on: day, now: now)
        round.markDone(course.key(char))
        learner.round = round
        // What the child earned, not what the adults opened: they may close their steps again.
        var earned = self
        earned.openedByAdult = 0
        learner.reachedSteps[course.id] = earned.openStepCount(in: learner)
    }

    // MARK: Helpers

    private func rank(_ keys: [String], learner: LearnerState, now: Date) -> [(key: String, priority: Double)] {
        if fixedOrder {
            // Round robin in course order: the letter practised least comes first; ties keep course order.
            let indexed = keys.enumerated().map { (offset: $0.offset, key: $0.element, sessions: learner.letters[$0.element]?.sessions ?? 0) }
            return indexed.sorted { ($0.sessions, $0.offset) < ($1.sessions, $1.offset) }
                .map { (key: $0.key, priority: -Double($0.sessions)) }
        }
        let scored = keys.enumerated().map { (offset: $0.offset, key: $0.element, priority: priority(of: $0.element, in: learner, now: now)) }
        // Highest priority first; ties keep course order.
        return scored.sorted { $0.priority != $1.priority ? $0.priority > $1.priority : $0.offset < $1.offset }
            .map { (key: $0.key, priority: $0.priority) }
    }

    private func char(of key: String) -> String? {
        let prefix = "\(course.script)/"
        guard key.hasPrefix(prefix) else { return nil }
        return String(key.dropFirst(prefix.count))
    }
}
