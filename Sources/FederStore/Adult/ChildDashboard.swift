import FederCore
import Foundation

/// What the adult dashboard shows for one child, computed from the stored rows only (the formulas
/// are in docs/ADULT.md; the browser test recomputes them from SQLite).
///
/// - A *judged* attempt is a guided or free-writing phase record with stars; it *succeeded* with at
///   least one star. Accuracy is succeeded / judged.
/// - Practice time is the sum of the phase records' on-screen seconds, by the day they began.
/// - A phase's completion rate is passed records / all records of that phase (restarted, repeated
///   and abandoned attempts count as begun and not passed).
public struct ChildDashboard: Sendable, Encodable {
    public struct Letter: Sendable, Encodable, Equatable {
        public var char: String
        public var level: LetterLevel
        public var learnt: Bool
        public var bestStars: Int
        public var judged: Int
        public var succeeded: Int
        /// The adult's latest paper-transfer face (1 noch nicht, 2 fast, 3 sicher), if any.
        public var paper: Int?
        /// The child's own latest face for the letter on paper (Schule's paper transfer), if any.
        public var paperByChild: Int?
    }

    public struct Day: Sendable, Encodable, Equatable {
        public var day: String
        public var practiceSeconds: Double
        public var judged: Int
        public var succeeded: Int
        public var accuracy: Double?
    }

    public struct PhaseRate: Sendable, Encodable, Equatable {
        public var phase: String
        public var begun: Int
        public var passed: Int
        public var rate: Double?
    }

    public struct NeedsPractice: Sendable, Encodable, Equatable {
        public var char: String
        public var judged: Int
        public var succeeded: Int
        public var accuracy: Double
        /// The most frequent error in the letter's judged attempts (ties: the more important one).
        public var error: ErrorCode?
        public var errorCount: Int
        /// What Feder says to the child for that error (its latest wording).
        public var tip: Utterance?
    }

    /// An error that comes back across letters (too small, the wrong way round): a habit to tell
    /// the parent, which the letters' own success rates hide when the letters still earn stars.
    public struct Recurring: Sendable, Encodable, Equatable {
        public var error: ErrorCode
        /// Judged attempts of the window with this error, and all judged attempts of the window.
        public var attempts: Int
        public var judged: Int
        /// The letters it came with, most recent first (at most `recurringLetters`).
        public var letters: [String]
        /// What Feder says to the child for it (its latest wording).
        public var tip: Utterance?
    }

    /// Schreibmotorik per day: means over the judged attempts that measured each dimension. Druck
    /// is nil when no attempt of that day measured pressure (finger input): "nicht gemessen".
    public struct MotorDay: Sendable, Encodable, Equatable {
        public var day: String
        public var attempts: Int
        public var form: Double?
        public var tempo: Double?
        public var rhythmus: Double?
        public var druck: Double?
        public var druckMeasured: Int
    }

    public struct FreeLetter: Sendable, Encodable, Equatable {
        public var recordID: Int64
        public var char: String
        public var script: String
        public var variant: String
        public var at: Date
        public var stars: Int?
        public var pointer: PointerKind?
        /// The stored ink: strokes of [x, y] points, as captured.
        public var strokes: [[[Double]]]
    }

    public var childID: String
    public var today: String
    /// Schule letters finished today, as the child's jar counts them (today's practice time and
    /// attempts are the last of `days`).
    public var lettersToday: Int
    /// Letters written in the Werkstatt today (its reading of a letter asked for, right or not):
    /// a day of Werkstatt alone is a day of practice, which the streak counts too.
    public var werkstattToday: Int
    public var streak: Int
    public var letters: [Letter]
    public var days: [Day]
    public var phases: [PhaseRate]
    public var needsPractice: [NeedsPractice]
    public var recurring: [Recurring]
    public var motor: [MotorDay]
    public var latestFree: [FreeLetter]

    /// Days shown in the practice and accuracy charts (today and the 29 before).
    public static let windowDays = 30
    /// Letters listed as needing practice, at most.
    public static let needsPracticeLimit = 6
    /// A letter needs practice when fewer than this share of its judged attempts earned a star.
    public static let needsPracticeBelow = 2.0 / 3.0
    public static let latestFreeLimit = 6
    /// Recurring errors: those in at least `recurringAttempts` judged attempts of the last
    /// `recurringDays` days and in at least `recurringShare` of them; at most `recurringLimit`.
    public static let recurringDays = 14
    public static let recurringAttempts = 3
    public static let recurringShare = 0.1
    public static let recurringLimit = 4
    public static let recurringLetters = 6

    /// Guided or free writing that was finished and judged. An attempt left with ink on it
    /// (restarted, abandoned) is stored with 0 stars by rule; it was not a failure.
    static func isJudged(_ row: PhaseRecordRow) -> Bool {
        (row.phase == LessonPhase.guided.rawValue || row.phase == LessonPhase.freeWrite.rawValue) && row.stars != nil
            && (row.outcome == PhaseRecord.Outcome.passed.rawValue || row.outcome == PhaseRecord.Outcome.repeated.rawValue)
    }

    /// Each letter's latest face (the later rating wins; on the same second the later row) given by
    /// `rater` in `script`.
    static func latestFaces(of ratings: [PaperRatingRow], by rater: String, script: String) -> [String: Int] {
        var latest: [String: PaperRatingRow] = [:]
        for rating in ratings where rating.ratedBy == rater && rating.script == script {
            if let seen = latest[rating.glyph], seen.ratedAt > rating.ratedAt || (seen.ratedAt == rating.ratedAt && seen.ratingID > rating.ratingID) { continue }
            latest[rating.glyph] = rating
        }
        return latest.mapValues(\.face.rawValue)
    }

    /// Builds the dashboard from the child's profile, all its phase records (oldest first; ink may
    /// be absent except on the latest free-writing records), its practice days, the letters it
    /// finished today in Schule and wrote in the Werkstatt, and its paper ratings.
    public static func make(child: ChildRecord, records: [PhaseRecordRow], practiceDays: Set<CalendarDay>, lettersToday: Int,
                            werkstattToday: Int, paperRatings: [PaperRatingRow], today: CalendarDay,
                            timeZone: TimeZone) -> ChildDashboard {
        let scheduler = child.scheduler
        let course = scheduler.course
        let judged = records.filter(isJudged)
        let byLetter = Dictionary(grouping: judged.filter { $0.script == course.script }, by: \.glyph)

        let latestPaper = latestFaces(of: paperRatings, by: "adult", script: course.script)
        let latestByChild = latestFaces(of: paperRatings, by: "child", script: course.script)

        let letters = course.chars.map { char -> Letter in
            let key = course.key(char)
            let level = LetterLevel.of(key, in: child.learner, policy: scheduler.policy)
            let rows = byLetter[char] ?? []
            return Letter(char: char, level: level, learnt: level >= .bud,
                          bestStars: child.learner.letters[key]?.bestStars ?? 0,
                          judged: rows.count, succeeded: rows.filter { ($0.stars ?? 0) >= 1 }.count,
                          paper: latestPaper[char], paperByChild: latestByChild[char])
        }

        let first = today.adding(days: -(windowDays - 1))
        let dayOf = { (row: PhaseRecordRow) in CalendarDay(row.startedAt, timeZone: timeZone) }
        let windowRows = records.filter { let d = dayOf($0); return d >= first && d <= today }
        let rowsByDay = Dictionary(grouping: windowRows, by: dayOf)
        let days = (0..<windowDays).map { offset -> Day in
            let day = first.adding(days: offset)
            let rows = rowsByDay[day] ?? []
            let dayJudged = rows.filter(isJudged)
            let ok = dayJudged.filter { ($0.stars ?? 0) >= 1 }.count
            return Day(day: day.description, practiceSeconds: rows.reduce(0) { $0 + $1.activeSeconds },
                       judged: dayJudged.count, succeeded: ok,
                       accuracy: dayJudged.isEmpty ? nil : Double(ok) / Double(dayJudged.count))
        }

        let phases = LessonPhase.allCases.map { phase -> PhaseRate in
            let rows = records.filter { $0.phase == phase.rawValue }
            let passed = rows.filter { $0.outcome == PhaseRecord.Outcome.passed.rawValue }.count
            return PhaseRate(phase: phase.rawValue, begun: rows.count, passed: passed,
                             rate: rows.isEmpty ? nil : Double(passed) / Double(rows.count))
        }

        let needsPractice = byLetter.compactMap { char, rows -> NeedsPractice? in
            let ok = rows.filter { ($0.stars ?? 0) >= 1 }.count
            let accuracy = Double(ok) / Double(rows.count)
            guard accuracy < needsPracticeBelow else { return nil }
            let errors = rows.flatMap { $0.record?.errors ?? [] }
            let counts = Dictionary(grouping: errors, by: \.code).mapValues(\.count)
            let top = counts.max { a, b in a.value != b.value ? a.value < b.value : a.key.rank > b.key.rank }
            return NeedsPractice(char: char, judged: rows.count, succeeded: ok, accuracy: accuracy, error: top?.key,
                                 errorCount: top?.value ?? 0, tip: top.flatMap { code in errors.last { $0.code == code.key }?.tip })
        }
        .sorted { $0.accuracy != $1.accuracy ? $0.accuracy < $1.accuracy
                  : (course.stepIndex(of: $0.char) ?? .max, $0.char) < (course.stepIndex(of: $1.char) ?? .max, $1.char) }
        .prefix(needsPracticeLimit)

        let recurring = Self.recurring(in: judged.filter { dayOf($0) >= today.adding(days: -(recurringDays - 1)) && dayOf($0) <= today })

        let motorRows = Dictionary(grouping: judged.filter { $0.record?.assessment?.motor != nil }, by: dayOf)
        let motor = motorRows.keys.sorted().map { day -> MotorDay in
            let dims = motorRows[day]!.compactMap { $0.record?.assessment?.motor }
            func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
            let druck = dims.filter { $0.druckStatus == .measured }.compactMap(\.druck)
            return MotorDay(day: day.description, attempts: dims.count, form: mean(dims.map(\.form)),
                            tempo: mean(dims.compactMap(\.tempo)), rhythmus: mean(dims.compactMap(\.rhythmus)),
                            druck: mean(druck), druckMeasured: druck.count)
        }

        let latestFree = records.filter { $0.phase == LessonPhase.freeWrite.rawValue && $0.ink.map { !$0.isEmpty } == true }
            .suffix(latestFreeLimit).reversed()
            .map { row in
                FreeLetter(recordID: row.id ?? 0, char: row.glyph, script: row.script, variant: row.variant, at: row.startedAt,
                           stars: row.stars, pointer: row.pointer,
                           strokes: row.ink!.strokes.map { $0.map { [$0.x, $0.y] } })
            }

        return ChildDashboard(childID: child.id, today: today.description, lettersToday: lettersToday, werkstattToday: werkstattToday,
                              streak: Streak.current(practiceDays: practiceDays, today: today),
                              letters: letters, days: days, phases: phases, needsPractice: Array(needsPractice),
                              recurring: recurring, motor: motor, latestFree: Array(latestFree))
    }

    /// The errors that recur in `judged` (oldest first), each attempt counted once per error: most
    /// attempts first, ties the more important error.
    static func recurring(in judged: [PhaseRecordRow]) -> [Recurring] {
        var attempts: [ErrorCode: [PhaseRecordRow]] = [:]
        for row in judged {
            for code in Set((row.record?.errors ?? []).map(\.code)) { attempts[code, default: []].append(row) }
        }
        let needed = max(Double(recurringAttempts), recurringShare * Double(judged.count))
        return attempts.filter { Double($0.value.count) >= needed }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key.rank < $1.key.rank }
            .prefix(recurringLimit)
            .map { code, rows in
                var letters: [String] = []
                for row in rows.reversed() where !letters.contains(row.glyph) && letters.count < recurringLetters { letters.append(row.glyph) }
                let tip = rows.last?.record?.errors.last { $0.code == code }?.tip
                return Recurring(error: code, attempts: rows.count, judged: judged.count, letters: letters, tip: tip)
            }
    }
}
