import Foundation

/// Judges a letter written from memory: fits the ink onto the glyph (a letter written anywhere and at
/// any size is compared by its shape; size and position are judged separately against the ruling),
/// matches strokes, runs every check, and scores the Schreibmotorik dimensions.
public enum FreeWriteAssessor {
    /// - Parameters:
    ///   - ink: the child's ink in glyph units (as the page sends it, or as placed from a file).
    ///   - recognizer: when given, the attempt also gets its Klarheit, and a letter the recognizer is
    ///     sure is another letter (a b for a d, a mirrored letter) earns no star (`Stars.isAnotherLetter`, below `AssessmentConfig.anotherLetter`).
    ///     Words (joined scripts) are not read letter by letter here: they get no Klarheit.
    public static func assess(_ ink: Ink, glyph: Glyph, options: AssessmentOptions = AssessmentOptions(),
                              recognizer: LetterRecognizer?) -> AttemptAssessment {
        var assessment = assess(ink, glyph: glyph, options: options)
        // Klarheit is a letter's: the recognizer reads single characters, so a word has none. It
        // reads the letter without touches far from it, as the rest is judged: a tap twenty letters
        // below an F made the F's lines count as touches beside it and the whole was read as an i.
        let letter = Ink(pointer: ink.pointer, strokes: StrayTouches.removed(from: ink.strokes, glyph: glyph, config: options.config))
        if let recognizer, glyph.char.count == 1, let clarity = Clarity.judge(letter, expected: glyph.char, recognizer: recognizer) {
            // The same letter turned left to right, read only when the mirror question is open.
            let mirrorImage = { Clarity.judge(letter.mirroredLeftToRight, expected: glyph.char, recognizer: recognizer) }
            let scrawl = assessment.errors.contains { $0.code == .extraStroke && $0.stroke == nil && $0.inkStroke == nil }
            let onlyATouch = (letter.bounds.map { $0.width.hypot($0.height) } ?? 0) < options.config.minOffRun * glyph.unit
            assessment.judge(clarity, mirrorImage: mirrorImage, at: letter.bounds?.center ?? .zero,
                             noLetterByShape: scrawl || onlyATouch, config: options.config, variation: options.variation)
        }
        return assessment
    }

    /// The shape and plan alone, without asking the recognizer which letter it is.
    public static func assess(_ ink: Ink, glyph: Glyph, options: AssessmentOptions = AssessmentOptions()) -> AttemptAssessment {
        let config = options.config, unit = glyph.unit
        // Judged without empty strokes and stray touches; `stored[k]` is the judged stroke k's place
        // in the ink as stored, which every stroke number of the report names.
        let written = ink.strokes.indices.filter { !ink.strokes[$0].isEmpty }
        let stored = StrayTouches.kept(written.map { ink.strokes[$0] }, glyph: glyph, config: config).map { written[$0] }
        let storedCount = ink.strokes.count
        let ink = Ink(pointer: ink.pointer, strokes: stored.map { ink.strokes[$0] })
        let page = ink.points
        guard let bounds = Polyline.bounds(page) else { return empty(glyph: glyph, pointer: ink.pointer, options: options) }

        let shape = ShapeFit.best(page, bounds: bounds, glyph: glyph, placementKnown: options.placement.judgesSize, config: config)
        let (fit, fitted, match) = (shape.fit, shape.fitted, shape.match)
        let context = CheckContext(
            glyph: glyph, ink: fitted, toPage: fit.inverted,
            pieces: match.pieces,
            corridor: config.corridor * unit, coverRadius: config.coverRadius * unit,
            startTolerance: config.startTolerance * unit, overshoot: config.freeOvershoot * unit,
            overshootTip: Phrases.overshootFree, besideRadius: config.besideRadius * unit, config: config)

        var errors = FormationChecks.run(context, match: match)
        errors.removeAll { $0.code == .extraStroke && liesOnLetter(fitted[$0.inkStroke!], context) }
        errors += CorridorCheck.run(context)
        let coverage = CoverageCheck.run(context)
        errors += coverage.errors
        // A stroke no ink was written for is missing, however much of it other lines happen to cover
        // (an a without its stem, a 7 or an f without its bar, a Q without its tail, an Ö with one dot).
        let unwritten = FormationChecks.unwritten(context, match: match, coverage: coverage)
        errors += unwritten.sorted().map { j in
            let stroke = context.glyph.strokes[j]
            return WritingError(code: .missingStroke, stroke: j, at: context.page(stroke.middle), from: 0, to: 1,
                                amount: 1 - coverage.fractions[j], tip: stroke.isDot ? Phrases.missingDot : Phrases.missingStroke)
        }
        errors += CornerCheck.run(context)
        errors += JoinCheck.run(context)
        errors += OvershootCheck.run(context)
        if let mirrored = MirrorCheck.run(page, bounds: bounds, shape: shape, context: context) { errors.append(mirrored) }
        let scrawl = ScrawlCheck.run(context)
        errors += scrawl.map { [$0] } ?? []
        let size = options.placement.judgesSize ? SizeCheck.run(bounds: bounds, glyph: glyph, config: config) : nil
        errors += size?.errors ?? []
        errors = errors.ranked()

        let profiles = ink.strokes.map { SpeedProfile($0, unit: unit) }
        let distance = shape.formDistance
        let pressure = PressureScore.score(ink)
        let motor = MotorDimensions(
            form: FormScore.score(distance: distance, unit: unit, config: config),
            formDistance: distance.isFinite ? distance / unit : nil,
            tempo: options.timed ? TempoScore.score(profiles.compactMap { $0 }, config: config) : nil,
            druck: pressure.value, druckStatus: pressure.status,
            rhythmus: options.timed && options.airTimed ? RhythmScore.score(RhythmScore.parts(ink, profiles: profiles, config: config)) : nil)
        let strokes = StrokeScoring.score(StrokeScoring.findingUnmatched(context, errors: errors), errors: errors)
        let strokeScore = strokes.map(\.total).reduce(0, +) / Double(max(strokes.count, 1))
        // Stars follow the shape alone; the plan (strokes' order, direction, start, joins) has its
        // own errors, which cap the stars (Stars.freeWrite).
        let quality = motor.form
        // A mirrored letter is not the letter, however neat (Spiegelschrift is common at five and six).
        // Nor is a scrawl that happens to fill the letter's place, nor ink that is no more than a
        // touch (a dot alone is not an i, however close it lies to every part of a small letter).
        let onlyATouch = bounds.width.hypot(bounds.height) < config.minOffRun * unit
        let stars = errors.contains { $0.code == .mirrored } || scrawl != nil || onlyATouch
            ? 0 : Stars.freeWrite(quality: quality, errors: errors)
        var kinematics = Kinematics.measure(ink, profiles: profiles, glyph: glyph, size: size, startLatency: options.startLatency)
        kinematics.nivPerStroke = Self.storedOrder(kinematics.nivPerStroke, stored: stored, count: storedCount)
        return AttemptAssessment(
            glyph: .init(glyph), phase: .freeWrite, placement: options.placement, completed: true,
            score: motor.overall, quality: quality, stars: stars, guided: nil, motor: motor,
            strokeScore: strokeScore, strokes: strokes.map { $0.numberingInk(stored) },
            kinematics: kinematics,
            errors: errors.map { $0.numberingInk(stored) }, feedback: Feedback(stars: stars, errors: errors, variation: options.variation))
    }

    /// Per judged stroke → per stored stroke, nil for a stroke that was not judged.
    static func storedOrder<T>(_ values: [T?], stored: [Int], count: Int) -> [T?] {
        var out = [T?](repeating: nil, count: count)
        for (k, value) in values.enumerated() where k < stored.count { out[stored[k]] = value }
        return out
    }

    /// Ink that runs along the letter's lines is part of the letter written in other pieces, not stray.
    private static func liesOnLetter(_ points: [Point], _ c: CheckContext) -> Bool {
        let lines = c.glyph.strokes.map(\.points)
        let near = points.filter { p in lines.contains { Curves.distance(p, to: $0) <= c.corridor } }.count
        return Double(near) >= c.config.extraStrokeOnLetterShare * Double(points.count)
    }

    /// No ink at all: every stroke is missing.
    static func empty(glyph: Glyph, pointer: PointerKind, options: AssessmentOptions) -> AttemptAssessment {
        let errors = glyph.strokes.enumerated().map { j, s in
            WritingError(code: .missingStroke, stroke: j, at: s.start, from: 0, to: 1, amount: 1,
                         tip: s.isDot ? Phrases.missingDot : Phrases.missingStroke)
        }
        let pressure = PressureScore.score(Ink(pointer: pointer))
        let motor = MotorDimensions(form: 0, formDistance: nil, tempo: nil, druck: nil, druckStatus: pressure.status, rhythmus: nil)
        let strokes = glyph.strokes.indices.map {
            StrokeScore(stroke: $0, inkStrokes: [], shape: 0, order: 0, direction: glyph.strokes[$0].isDot ? nil : 0,
                        start: glyph.strokes[$0].isDot ? nil : 0, join: nil)
        }
        return AttemptAssessment(
            glyph: .init(glyph), phase: .freeWrite, placement: options.placement, completed: false, score: 0, quality: 0, stars: 0,
            guided: nil, motor: motor, strokeScore: 0, strokes: strokes,
            kinematics: Kinematics.measure(Ink(pointer: pointer), profiles: [], glyph: glyph, size: nil, startLatency: options.startLatency),
            errors: errors, feedback: Feedback(stars: 0, errors: errors, variation: options.variation))
    }
}
