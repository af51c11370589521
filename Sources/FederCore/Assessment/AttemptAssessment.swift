import Foundation

/// Everything the engine concludes about one guided or free-writing attempt. For parents and
/// research; the child only ever hears `feedback` and sees `stars`.
public struct AttemptAssessment: Sendable, Equatable, Codable {
    public struct GlyphRef: Sendable, Equatable, Codable {
        public var char: String
        public var script: String
        public var variant: String

        init(_ glyph: Glyph) { char = glyph.char; script = glyph.script; variant = glyph.variant }
    }

    public var glyph: GlyphRef
    public var phase: LessonPhase
    /// How the ink came onto the glyph's coordinates (size is judged unless `boundingBox`).
    public var placement: PlacementMethod
    /// Guided: the tracker saw every checkpoint in order. Free writing: there was ink.
    public var completed: Bool
    /// The attempt's score, 0…1: `guided.score` or `motor.overall`.
    public var score: Double
    /// How well the letter itself came out, 0…1, which stars and mastery follow: the guided score,
    /// or for free writing its Form (the shape, however it was split into strokes).
    public var quality: Double
    public var stars: Int
    public var guided: GuidedScore?
    public var motor: MotorDimensions?
    /// Mean of the per-stroke scores, 0–100.
    public var strokeScore: Double
    public var strokes: [StrokeScore]
    public var kinematics: Kinematics
    /// Most important first.
    public var errors: [WritingError]
    public var feedback: Feedback
    /// Free writing: Klarheit, when a recognizer was at hand.
    public var clarity: Clarity?
    /// Ink read from a file: what was tidied before judging (duplicate samples, slipped timestamps,
    /// overlapping strokes). Nil for live sessions.
    public var repairs: InkRepairs?
}

extension AttemptAssessment {
    /// Adds the Klarheit and applies it to the stars: a letter the recognizer is sure is another
    /// letter earns none, however neat its lines. The recognizer also settles whether the letter was
    /// written mirrored, reading its mirror image (`mirrorImage`, at the ink's centre `at`) only
    /// then: a letter it reads as the expected one surely (probability ≥ `surelyTheLetter`) and at
    /// least as surely as its mirror image was not written mirrored, whatever the shape check thought
    /// of an unusual shape; a letter whose mirror image it reads as the expected one (≥
    /// `mirrorReadsAsTheLetter`) clearly more surely than the ink as written (by ≥
    /// `mirrorReadsBetterBy`) was, though its shape alone did not tell (a 4 or an e turned round) —
    /// docs/ASSESSMENT.md §4 and §5.
    /// `noLetterByShape`: the ink is no letter by its shape alone (a scrawl, no more than a touch):
    /// its own tip says more than "another letter".
    mutating func judge(_ clarity: Clarity, mirrorImage: () -> Clarity?, at centre: Point, noLetterByShape: Bool = false,
                        config: AssessmentConfig, variation: Int) {
        self.clarity = clarity
        let mirroredByShape = errors.contains { $0.code == .mirrored }
        if Stars.isAnotherLetter(clarity, config: config) {
            // A mirrored letter keeps its own tip ("Schau, in welche Richtung …"), and a scrawl its
            // own ("Schreib nur den Buchstaben."): each says more.
            guard !mirroredByShape, !noLetterByShape else { return }
            errors.append(WritingError(code: .anotherLetter, stroke: nil, at: centre, tip: Phrases.anotherLetter))
            errors = errors.ranked()
            stars = 0
        } else if mirroredByShape {
            guard clarity.probability >= config.surelyTheLetter,
                  LetterRecognition.acceptedForms(for: clarity.expected).contains(clarity.recognized),
                  (mirrorImage()?.probability ?? 0) <= clarity.probability else { return }
            errors.removeAll { $0.code == .mirrored }
            let scrawl = errors.contains { $0.code == .extraStroke && $0.stroke == nil && $0.inkStroke == nil }
            stars = scrawl ? 0 : Stars.freeWrite(quality: quality, errors: errors)
        } else if stars > 0, clarity.probability <= 1 - config.mirrorReadsBetterBy,
                  let mirrored = mirrorImage(), mirrored.probability >= config.mirrorReadsAsTheLetter,
                  mirrored.probability - clarity.probability >= config.mirrorReadsBetterBy {
            errors.append(WritingError(code: .mirrored, stroke: nil, at: centre, tip: Phrases.mirrored))
            errors = errors.ranked()
            stars = 0
        } else {
            return
        }
        feedback = Feedback(stars: stars, errors: errors, variation: variation)
    }
}

/// How an attempt is to be judged beyond its ink.
public struct AssessmentOptions: Sendable, Equatable {
    /// How the ink was placed; size and position on the lines are judged unless `boundingBox`.
    public var placement: PlacementMethod
    /// Seconds from the phase start to the first pen-down, if known.
    public var startLatency: Double?
    /// Picks among praise variants so the child does not hear the same words every time.
    public var variation: Int
    public var config: AssessmentConfig
    /// Whether the ink's times are the writer's (false for ink that came without times: Tempo and
    /// Rhythmus are then not measured).
    public var timed: Bool
    /// Whether the time between strokes is the writer's (false when strokes came each on its own
    /// clock, `InkRepairs.restartedClocks`: Rhythmus, which counts long lifts, is then not measured).
    public var airTimed: Bool

    public init(placement: PlacementMethod = .glyphUnits, startLatency: Double? = nil, variation: Int = 0,
                config: AssessmentConfig = .standard, timed: Bool = true, airTimed: Bool = true) {
        self.placement = placement
        self.startLatency = startLatency
        self.variation = variation
        self.config = config
        self.timed = timed
        self.airTimed = airTimed
    }
}
