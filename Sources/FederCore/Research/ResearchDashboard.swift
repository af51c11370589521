import Foundation

/// The research dashboard's figures, accumulated from the same attempt rows the export writes
/// (fed in attempt order, one at a time, nothing kept but running sums and the last 20 rows).
///
/// Groups: an enrolled child's attempts count for the arm they ran in; every attempt of a child
/// not enrolled at the time goes to `notEnrolled`, which is not study data.
public struct ResearchDashboard: Sendable, Equatable, Codable {
    public static let notEnrolled = "notEnrolled"
    public static let recentCount = 20

    public var arms: [Arm]
    public var recent: [Recent]

    public struct Arm: Sendable, Equatable, Codable {
        public var arm: String
        public var children: Int
        public var attempts: Int
        /// Free-writing attempts: the four motor dimensions.
        public var form: MeanEstimate.Summary
        public var tempo: MeanEstimate.Summary
        public var druck: MeanEstimate.Summary
        public var rhythmus: MeanEstimate.Summary
        /// Mean score by the child's session (lesson) number, for guided and free-writing attempts.
        public var guidedCurve: [CurvePoint]
        public var freeWriteCurve: [CurvePoint]
        /// A guided attempt's score against the score of the next free-writing attempt in the same
        /// lesson (each guided attempt pairs at most once): Pearson r over these attempt pairs.
        public var guidedVsFreeWrite: PairCorrelation
        /// Klarheit (free writing) per expected letter.
        public var clarity: [LetterClarity]
        /// Scheduler effectiveness (`ResearchDashboard+Scheduler`).
        public var scheduler: SchedulerFigures
    }

    public struct CurvePoint: Sendable, Equatable, Codable {
        public var session: Int
        public var score: MeanEstimate.Summary
    }

    public struct PairCorrelation: Sendable, Equatable, Codable {
        public var pairs: Int
        public var r: Double?
        public var low: Double?
        public var high: Double?
    }

    public struct LetterClarity: Sendable, Equatable, Codable {
        public var glyph: String
        public var clarity: MeanEstimate.Summary
        /// Share of readings accepted as the expected letter (`Clarity.isExpected`: the children's operating point).
        public var recognizedAsExpected: Double
    }

    /// One of the latest attempts. `startedAt` is written as the export writes it (milliseconds and
    /// the offset), so that the list joins the export's attempts by time as well as by id.
    public struct Recent: Sendable, Equatable, Codable {
        public var attemptID: Int64
        public var arm: String
        public var childID: String?
        public var glyph: String
        public var phase: String
        public var outcome: String
        public var startedAt: Date
        public var score: Double?
        public var stars: Int?
        public var form: Double?
        public var tempo: Double?
        public var druck: Double?
        public var rhythmus: Double?
        public var recognized: String?
        public var clarity: Double?
    }

    /// Builds the figures in one pass.
    public struct Accumulator: Sendable {
        private var groups: [String: Group] = [:]
        private var lastGuided: [String: Double] = [:]
        private var recent: [Recent] = []
        private var history = SchedulerHistory()

        public init() {}

        public static func armName(_ row: AttemptRow) -> String {
            row.enrolled ? row.condition.rawValue : ResearchDashboard.notEnrolled
        }

        public mutating func add(_ row: AttemptRow) {
            add(row, motor: row.record?.assessment?.motor, clarity: row.record?.assessment?.clarity,
                pick: row.record?.pick.map { PickParts(priority: $0.priority, kind: $0.kind.rawValue) })
        }

        /// An attempt whose record was not decoded, with the parts of it the figures use (the
        /// dashboard reads only these from the stored record).
        public mutating func add(_ row: AttemptRow, motor: MotorDimensions?, clarity: Clarity?, pick: PickParts?) {
            let name = Self.armName(row)
            var g = groups[name] ?? Group()
            if let child = row.childID { g.children.insert(child) }
            g.attempts += 1
            recent.append(Recent(attemptID: row.attemptID, arm: name, childID: row.childID, glyph: row.glyph, phase: row.phase,
                                 outcome: row.outcome, startedAt: row.startedAt, score: row.score, stars: row.stars,
                                 form: motor?.form, tempo: motor?.tempo, druck: motor?.druck, rhythmus: motor?.rhythmus,
                                 recognized: clarity?.recognized, clarity: clarity?.probability))
            if recent.count > ResearchDashboard.recentCount { recent.removeFirst(recent.count - ResearchDashboard.recentCount) }
            // The figures below describe judged attempts only: a restarted or abandoned attempt's
            // score, Schreibmotorik and Klarheit were taken from the part the child wrote before
            // "Nochmal" or leaving (half a stroke reads as a worse letter), as the parents' dashboard
            // leaves them out too. The attempt counts above and in the list of the last ones.
            guard Self.isJudged(row) else {
                groups[name] = g
                return
            }
            if row.phase == LessonPhase.freeWrite.rawValue, let motor {
                g.form.add(motor.form); g.tempo.add(motor.tempo); g.druck.add(motor.druck); g.rhythmus.add(motor.rhythmus)
            }
            if row.phase == LessonPhase.guided.rawValue, let score = row.score {
                g.guidedCurve[row.sessionNumber, default: MeanEstimate(within: 0...1)].add(score)
                lastGuided[row.lessonID] = score
            }
            if row.phase == LessonPhase.freeWrite.rawValue, let score = row.score {
                g.freeWriteCurve[row.sessionNumber, default: MeanEstimate(within: 0...1)].add(score)
                if let guided = lastGuided.removeValue(forKey: row.lessonID) { g.pairs.add(guided, score) }
            }
            if let previous = history.firstTracing(row), let score = row.score {
                g.scheduler.add(kind: pick?.kind ?? ResearchDashboard.chosenKind, priority: pick?.priority, score: score, previous: previous)
            }
            if let clarity {
                g.clarity[row.glyph, default: (MeanEstimate(within: 0...1), 0)].estimate.add(clarity.probability)
                if clarity.isExpected { g.clarity[row.glyph]!.expected += 1 }
            }
            groups[name] = g
        }

        /// Finished and judged: the phase passed, or was judged and runs once more.
        static func isJudged(_ row: AttemptRow) -> Bool {
            row.outcome == PhaseRecord.Outcome.passed.rawValue || row.outcome == PhaseRecord.Outcome.repeated.rawValue
        }

        public var dashboard: ResearchDashboard {
            let order = ArmAssignment.arms.map(\.rawValue) + [ResearchDashboard.notEnrolled]
            let arms = groups.keys.sorted { (order.firstIndex(of: $0) ?? 99, $0) < (order.firstIndex(of: $1) ?? 99, $1) }
                .map { name -> Arm in
                    let g = groups[name]!
                    let interval = g.pairs.interval95
                    return Arm(arm: name, children: g.children.count, attempts: g.attempts, form: g.form.summary,
                               tempo: g.tempo.summary, druck: g.druck.summary, rhythmus: g.rhythmus.summary,
                               guidedCurve: g.guidedCurve.keys.sorted().map { CurvePoint(session: $0, score: g.guidedCurve[$0]!.summary) },
                               freeWriteCurve: g.freeWriteCurve.keys.sorted().map { CurvePoint(session: $0, score: g.freeWriteCurve[$0]!.summary) },
                               guidedVsFreeWrite: PairCorrelation(pairs: g.pairs.n, r: g.pairs.r, low: interval?.low, high: interval?.high),
                               clarity: g.clarity.keys.sorted().map { glyph in
                                   let c = g.clarity[glyph]!
                                   return LetterClarity(glyph: glyph, clarity: c.estimate.summary,
                                                        recognizedAsExpected: Double(c.expected) / Double(max(1, c.estimate.n)))
                               },
                               scheduler: g.scheduler.figures)
                }
            return ResearchDashboard(arms: arms, recent: recent.reversed())
        }
    }

    struct Group: Sendable {
        var children = Set<String>()
        var attempts = 0
        var form = MeanEstimate(within: 0...1), tempo = MeanEstimate(within: 0...1), druck = MeanEstimate(within: 0...1), rhythmus = MeanEstimate(within: 0...1)
        var guidedCurve: [Int: MeanEstimate] = [:]
        var freeWriteCurve: [Int: MeanEstimate] = [:]
        var pairs = Correlation()
        var clarity: [String: (estimate: MeanEstimate, expected: Int)] = [:]
        var scheduler = SchedulerGroup()
    }
}

extension ResearchDashboard.Recent {
    enum CodingKeys: String, CodingKey {
        case attemptID, arm, childID, glyph, phase, outcome, startedAt, score, stars, form, tempo, druck, rhythmus, recognized, clarity
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(attemptID, forKey: .attemptID); try c.encode(arm, forKey: .arm)
        try c.encodeIfPresent(childID, forKey: .childID); try c.encode(glyph, forKey: .glyph)
        try c.encode(phase, forKey: .phase); try c.encode(outcome, forKey: .outcome)
        try c.encode(Cell.format(startedAt), forKey: .startedAt)
        try c.encodeIfPresent(score, forKey: .score); try c.encodeIfPresent(stars, forKey: .stars)
        try c.encodeIfPresent(form, forKey: .form); try c.encodeIfPresent(tempo, forKey: .tempo)
        try c.encodeIfPresent(druck, forKey: .druck); try c.encodeIfPresent(rhythmus, forKey: .rhythmus)
        try c.encodeIfPresent(recognized, forKey: .recognized); try c.encodeIfPresent(clarity, forKey: .clarity)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = try c.decode(String.self, forKey: .startedAt)
        guard let started = ExportDates.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: .startedAt, in: c, debugDescription: "not an ISO 8601 time: \(text)")
        }
        self.init(attemptID: try c.decode(Int64.self, forKey: .attemptID), arm: try c.decode(String.self, forKey: .arm),
                  childID: try c.decodeIfPresent(String.self, forKey: .childID), glyph: try c.decode(String.self, forKey: .glyph),
                  phase: try c.decode(String.self, forKey: .phase), outcome: try c.decode(String.self, forKey: .outcome),
                  startedAt: started, score: try c.decodeIfPresent(Double.self, forKey: .score),
                  stars: try c.decodeIfPresent(Int.self, forKey: .stars), form: try c.decodeIfPresent(Double.self, forKey: .form),
                  tempo: try c.decodeIfPresent(Double.self, forKey: .tempo), druck: try c.decodeIfPresent(Double.self, forKey: .druck),
                  rhythmus: try c.decodeIfPresent(Double.self, forKey: .rhythmus),
                  recognized: try c.decodeIfPresent(String.self, forKey: .recognized),
                  clarity: try c.decodeIfPresent(Double.self, forKey: .clarity))
    }
}

