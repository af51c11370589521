import Foundation

/// The tables of the research export. Each column is described here once, next to how its value
/// is read; the file writer, `datapackage.json` and `CODEBOOK.md` are all made from these lists.
public enum ResearchTables {
    static let conditions = StudyCondition.allCases.map(\.rawValue)
    static let phases = LessonPhase.allCases.map(\.rawValue)
    static let outcomes = ["passed", "repeated", "restarted", "abandoned"]
    static let pointers = PointerKind.allCases.map(\.rawValue)
    static let enrolledText = "Whether the child was enrolled in the study (with consent, the study running) when this was "
        + "recorded and, for an attempt and what belongs to it, the attempt ran in the child's arm; false rows are not study data."
    static let enrolledNowText = "Whether the child is enrolled in a running study at the time of the export "
        + "(an arm is changed only for an enrolled child); false rows are not study data."

    public static var schemas: [TableSchema] {
        [children.schema, consents.schema, armChanges.schema, lessons.schema, attempts.schema, errors.schema, samples.schema,
         paperRatings.schema]
    }

    public static let children = TableSpec<ChildRow>(
        name: "children", title: "Children",
        description: "One row per child: pseudonymous id, enrolment with consent, and study arm.",
        primaryKey: ["childID"],
        columns: [
            column("childID", .string, "Pseudonymous id of the child (a UUID made on the device).", required: true) { $0.childID.cell },
            column("enrolled", .boolean, "Enrolled in the study now (consent recorded, not withdrawn, study switched on).",
                   required: true) { $0.enrolled.cell },
            column("condition", .string, "The condition the child practises in now.", required: true,
                   allowed: conditions) { $0.condition.rawValue.cell },
            column("armSource", .string, "Why: notEnrolled (the default condition), derived (hash of the id) or override "
                   + "(set by a researcher, see armChanges).", required: true,
                   allowed: ArmSource.allCases.map(\.rawValue)) { $0.armSource.rawValue.cell },
            column("derivedArm", .string, "The arm the documented hash of the id gives (docs/RESEARCH.md).", required: true,
                   allowed: conditions) { $0.derivedArm.rawValue.cell },
            column("consentDate", .date, "Date the latest consent was given (earlier ones: see consents).") {
                $0.consentDate.map(Cell.date) ?? .null },
            column("consentBy", .string, "Who gave the latest consent (a role, never a name).",
                   allowed: ConsentGiver.allCases.map(\.rawValue)) { $0.consentBy?.rawValue.cell ?? .null },
            column("consentReference", .string, "Free-text reference to the latest signed consent form.") { $0.consentReference.cell },
            column("enrolledAt", .datetime, "When the latest enrolment was recorded (every one: see consents).") { $0.enrolledAt.cell },
            column("withdrawnAt", .datetime, "When consent was withdrawn, if it was after the latest enrolment (every "
                   + "withdrawal: see consents).") { $0.withdrawnAt.cell },
            column("createdAt", .datetime, "When the child was first seen.", required: true) { $0.createdAt.cell },
        ])

    public static let consents = TableSpec<ConsentEventRow>(
        name: "consents", title: "Consents",
        description: "Every enrolment and withdrawal of a child, in order: a child enrolled again after a withdrawal "
            + "(or with a corrected form) has a row for each, so that every study row can be matched to the consent it rests on.",
        primaryKey: ["eventID"],
        foreignKeys: [ForeignKeySchema(["childID"], references: "children", ["childID"])],
        columns: [
            column("eventID", .integer, "Id of the event; ids grow with time.", required: true, minimum: 1) { $0.eventID.cell },
            column("childID", .string, "The child.", required: true) { $0.childID.cell },
            column("enrolled", .boolean, enrolledNowText, required: true) { $0.enrolled.cell },
            column("event", .string, "enrolled (consent recorded) or withdrawn (consent withdrawn).", required: true,
                   allowed: ConsentEventRow.Event.allCases.map(\.rawValue)) { $0.event.rawValue.cell },
            column("at", .datetime, "When it was recorded.", required: true) { $0.at.cell },
            column("consentDate", .date, "enrolled: the date consent was given (empty for a withdrawal).") {
                $0.consentDate.map(Cell.date) ?? .null },
            column("consentBy", .string, "enrolled: who gave consent (a role, never a name).",
                   allowed: ConsentGiver.allCases.map(\.rawValue)) { $0.consentBy?.rawValue.cell ?? .null },
            column("consentReference", .string, "enrolled: free-text reference to the signed consent form.") { $0.consentReference.cell },
        ])

    public static let armChanges = TableSpec<ArmChangeRow>(
        name: "armChanges", title: "Arm changes",
        description: "Every change of a child's arm by a researcher, in order.",
        primaryKey: ["changeID"],
        foreignKeys: [ForeignKeySchema(["childID"], references: "children", ["childID"])],
        columns: [
            column("changeID", .integer, "Id of the change.", required: true, minimum: 1) { $0.changeID.cell },
            column("childID", .string, "The child.", required: true) { $0.childID.cell },
            column("enrolled", .boolean, enrolledNowText, required: true) { $0.enrolled.cell },
            column("fromArm", .string, "Arm before the change.", required: true, allowed: conditions) { $0.fromArm.rawValue.cell },
            column("toArm", .string, "Arm after the change.", required: true, allowed: conditions) { $0.toArm.rawValue.cell },
            column("changedAt", .datetime, "When.", required: true) { $0.changedAt.cell },
            column("changedBy", .string, "Who (a role or researcher code).", required: true) { $0.changedBy.cell },
            column("reason", .string, "Why, in the researcher's words (free text).", required: true) { $0.reason.cell },
        ])

    public static let lessons = TableSpec<LessonRow>(
        name: "lessons", title: "Lessons",
        description: "One row per lesson: one letter practised through the phases of the child's condition.",
        primaryKey: ["lessonID"],
        foreignKeys: [ForeignKeySchema(["childID"], references: "children", ["childID"])],
        columns: [
            column("lessonID", .string, "Id of the lesson.", required: true) { $0.lessonID.cell },
            column("childID", .string, "The child (empty: a lesson without a registered child).") { $0.childID.cell },
            column("enrolled", .boolean, enrolledText, required: true) { $0.enrolled.cell },
            column("condition", .string, "Condition the lesson ran in.", required: true, allowed: conditions) { $0.condition.rawValue.cell },
            column("sessionNumber", .integer, "The child's n-th lesson, by start time (1 = first), counted over all "
                   + "the child's lessons even when the export is filtered by date.", required: true, minimum: 1) { $0.sessionNumber.cell },
            column("script", .string, "Script of the letter (e.g. druck).", required: true) { $0.script.cell },
            column("glyph", .string, "The letter.", required: true) { $0.glyph.cell },
            column("variant", .string, "Variant of the letter.", required: true) { $0.variant.cell },
            column("startedAt", .datetime, "Start of the first phase attempt.", required: true) { $0.startedAt.cell },
            column("endedAt", .datetime, "End of the last phase attempt.", required: true) { $0.endedAt.cell },
            column("attempts", .integer, "Phase attempts recorded.", required: true, minimum: 1) { $0.attempts.cell },
            column("completed", .boolean, "Every phase of the condition was passed (ended; see the attempts' stars).", required: true) { $0.completed.cell },
        ])

    public static let attempts = TableSpec<AttemptRow>(
        name: "attempts", title: "Phase attempts",
        description: "One row per attempt at one phase of a letter, completed or not: scores, motor dimensions, "
            + "kinematics, stars, recognition and the plan it ran with.",
        primaryKey: ["attemptID"],
        foreignKeys: [ForeignKeySchema(["lessonID"], references: "lessons", ["lessonID"]),
                      ForeignKeySchema(["childID"], references: "children", ["childID"])],
        columns: [
            column("attemptID", .integer, "Id of the attempt (the stored record's id).", required: true, minimum: 1) { $0.attemptID.cell },
            column("lessonID", .string, "The lesson.", required: true) { $0.lessonID.cell },
            column("childID", .string, "The child (empty: no registered child).") { $0.childID.cell },
            column("enrolled", .boolean, enrolledText, required: true) { $0.enrolled.cell },
            column("condition", .string, "Condition the attempt ran in.", required: true, allowed: conditions) { $0.condition.rawValue.cell },
            column("sessionNumber", .integer, "The child's n-th lesson (see lessons).", required: true, minimum: 1) { $0.sessionNumber.cell },
            column("script", .string, "Script.", required: true) { $0.script.cell },
            column("glyph", .string, "The letter (the expected letter for recognition).", required: true) { $0.glyph.cell },
            column("variant", .string, "Variant.", required: true) { $0.variant.cell },
            column("phase", .string, "Phase: observe (Anschauen), direct (Richtung lernen), guided (Nachspuren), "
                   + "freeWrite (Selbst schreiben).", required: true, allowed: phases) { $0.phase.cell },
            column("attempt", .integer, "1 for the first attempt at this phase within the lesson.", required: true,
                   minimum: 1) { $0.attempt.cell },
            column("outcome", .string, "passed (the phase ended and the lesson moved on; after its repeats "
                   + "this happens whatever the stars, so a passed attempt may have 0 stars), repeated (judged "
                   + "without a star, runs again), restarted (Nochmal) or abandoned (the child left the letter, or the "
                   + "connection was lost and the page did not take the attempt up again).", required: true,
                   allowed: outcomes) { $0.outcome.cell },
            column("completed", .boolean, "outcome is passed (the phase ended, not that it earned a star: see stars).",
                   required: true) { $0.completed.cell },
            column("recovered", .boolean, "The attempt was interrupted (server crash, or the page never came back) and "
                   + "rebuilt from the strokes kept at each pen-up; judged as an attempt the child left.",
                   required: true) { $0.recovered.cell },
            column("pointer", .string, "Input device.", allowed: pointers) { $0.pointer.cell },
            column("startedAt", .datetime, "Wall-clock start (of an attempt resumed after a lost connection or a restart: when it "
                   + "first began).", required: true) { $0.startedAt.cell },
            column("endedAt", .datetime, "Wall-clock end.", required: true) { $0.endedAt.cell },
            column("activeSeconds", .number, "Time the phase was on screen (server's monotonic clock; of a resumed attempt, "
                   + "since the resume, so it can be shorter than endedAt − startedAt).", unit: "s",
                   required: true, minimum: 0) { $0.activeSeconds.cell },
            column("firstInputSeconds", .number, "From the phase start to the first tap or pen-down (0 for a resumed attempt "
                   + "whose strokes were kept).", unit: "s") {
                r in r.record.flatMap { rec in rec.firstInputAt.map { $0 - rec.startedAt } }.cell },
            column("score", .number, "Attempt score 0…1: share of dots in order (direct), guided score, or the motor "
                   + "overall (free writing). Empty for observe.", minimum: 0, maximum: 1) { $0.score.cell },
            column("quality", .number, "How well the letter came out, 0…1 (stars and mastery follow it).",
                   minimum: 0, maximum: 1) { $0.assessment?.quality.cell ?? .null },
            column("stars", .integer, "Stars, 0…3 (guided and free writing). 0 by rule for an attempt left with ink "
                   + "on it (restarted, abandoned): it was not finished, its score still judges the ink.",
                   minimum: 0, maximum: 3) { $0.stars.cell },
            column("errorCount", .integer, "Errors named (see errors).", minimum: 0) { $0.record.map { $0.errors.count.cell } ?? .null },
            column("guidedCoverage", .number, "Guided: covered fraction of the centerline.", minimum: 0, maximum: 1) { $0.guided?.coverage.cell ?? .null },
            column("guidedMeanDeviation", .number, "Guided: mean distance of the ink from its line.", unit: "x-heights",
                   minimum: 0) { $0.guided?.meanDeviation.cell ?? .null },
            column("guidedAccuracy", .number, "Guided: 1 − meanDeviation / 0.3, clamped.", minimum: 0, maximum: 1) { $0.guided?.accuracy.cell ?? .null },
            column("guidedProcedure", .number, "Guided: share of strokes without wrong start, reversal or order error.",
                   minimum: 0, maximum: 1) { $0.guided?.procedure.cell ?? .null },
            column("guidedSpeed", .number, "Guided: mean pen-down speed.", unit: "x-heights/s", minimum: 0) { $0.guided?.speed.cell ?? .null },
            column("guidedPace", .number, "Guided: speed as a score.", minimum: 0, maximum: 1) { $0.guided?.pace.cell ?? .null },
            column("form", .number, "Form (free writing), 0…1.", minimum: 0, maximum: 1) { $0.motor?.form.cell ?? .null },
            column("formDistance", .number, "Fréchet distance behind Form.", unit: "x-heights", minimum: 0) { $0.motor?.formDistance.cell ?? .null },
            column("tempo", .number, "Tempo, 0…1 (empty: too little movement).", minimum: 0, maximum: 1) { $0.motor?.tempo.cell ?? .null },
            column("druck", .number, "Druck (pressure), 0…1 (empty: not measured, see druckStatus).", minimum: 0,
                   maximum: 1) { $0.motor?.druck.cell ?? .null },
            column("druckStatus", .string, "Whether pressure was measured, and if not, why.",
                   allowed: ["measured", "notMeasuredPointer", "notMeasuredNoData", "notMeasuredConstant"]) {
                $0.motor?.druckStatus.rawValue.cell ?? .null },
            column("rhythmus", .number, "Rhythmus, 0…1.", minimum: 0, maximum: 1) { $0.motor?.rhythmus.cell ?? .null },
            column("motorOverall", .number, "Weighted mean of the measured motor dimensions.", minimum: 0, maximum: 1) {
                $0.motor?.overall.cell ?? .null },
            column("strokeScore", .number, "Mean per-stroke score.", unit: "points (0–100)", minimum: 0, maximum: 100) {
                $0.assessment?.strokeScore.cell ?? .null },
            column("kinStrokes", .integer, "Pen-down strokes.", minimum: 0) { $0.kinematics?.strokes.cell ?? .null },
            column("kinPenLifts", .integer, "Pen lifts inside the letter.", minimum: 0) { $0.kinematics?.penLifts.cell ?? .null },
            column("kinPenDownTime", .number, "Time with the pen down.", unit: "s", minimum: 0) { $0.kinematics?.penDownTime.cell ?? .null },
            column("kinInAirTime", .number, "Time in the air between strokes.", unit: "s", minimum: 0) { $0.kinematics?.inAirTime.cell ?? .null },
            column("kinInAirRatio", .number, "In-air / (pen-down + in-air) time.", minimum: 0, maximum: 1) { $0.kinematics?.inAirRatio.cell ?? .null },
            column("kinDuration", .number, "First pen-down to last pen-up.", unit: "s", minimum: 0) { $0.kinematics?.duration.cell ?? .null },
            column("kinStartLatency", .number, "Phase start to first pen-down.", unit: "s") { $0.kinematics?.startLatency.cell ?? .null },
            column("kinMeanSpeed", .number, "Pen-down path length / pen-down time.", unit: "x-heights/s", minimum: 0) {
                $0.kinematics?.meanSpeed.cell ?? .null },
            column("kinNIV", .number, "Mean velocity inversions per up- or down-stroke (1 = automated).", minimum: 0) {
                $0.kinematics?.niv.cell ?? .null },
            column("kinFrequency", .number, "Up- and down-strokes per second of pen-down time.", unit: "Hz", minimum: 0) {
                $0.kinematics?.frequency.cell ?? .null },
            column("kinHeight", .number, "Letter height.", unit: "x-heights", minimum: 0) { $0.kinematics?.height.cell ?? .null },
            column("kinSizeRatio", .number, "Letter height / the glyph's height.", minimum: 0) { $0.kinematics?.sizeRatio.cell ?? .null },
            column("kinSlant", .number, "Slant of the near-vertical parts, positive leaning right.", unit: "degrees") {
                $0.kinematics?.slant.cell ?? .null },
            column("kinSlantDeviation", .number, "Slant minus the glyph's own.", unit: "degrees") { $0.kinematics?.slantDeviation.cell ?? .null },
            column("recognizedLabel", .string, "Free writing: the recognizer's best reading.") { $0.clarity?.recognized.cell ?? .null },
            column("recognitionConfidence", .number, "Its confidence.", minimum: 0, maximum: 1) { $0.clarity?.confidence.cell ?? .null },
            column("clarity", .number, "Klarheit: calibrated probability that the ink is the expected letter (glyph).",
                   minimum: 0, maximum: 1) { $0.clarity?.probability.cell ?? .null },
            column("clarityIsExpected", .boolean, "The recognizer accepts the ink as the expected letter: Klarheit (shape twins such as o/O summed) is at "
                   + "least 0.004, the operating point chosen so that almost no right letter is refused; a scrawl read as another "
                   + "letter (recognizedLabel) can still pass it.") {
                $0.clarity?.isExpected.cell ?? .null },
            column("observeCycles", .integer, "Observe: animation cycles watched to the end.", minimum: 0) {
                $0.record?.observe?.cycles.cell ?? .null },
            column("observeSkipped", .boolean, "Observe: ended early by a tap.") { $0.record?.observe?.skipped.cell ?? .null },
            column("directTaps", .integer, "Direct: taps (of an attempt cut off by a lost connection and taken up "
                   + "again, those before the cut too).", minimum: 0) { $0.record?.direct?.taps.count.cell ?? .null },
            column("directWrongTaps", .integer, "Direct: taps on a dot not yet due.", minimum: 0) { $0.record?.direct?.wrongTaps.cell ?? .null },
            column("tier", .string, "Difficulty tier of the plan.", allowed: DifficultyTier.allCases.map(\.rawValue)) {
                $0.record?.plan.tier.rawValue.cell ?? .null },
            column("toleranceRadius", .number, "Tracking radius used.", unit: "x-heights", minimum: 0) {
                $0.record?.plan.tolerance.radius.cell ?? .null },
            column("toleranceNearBand", .number, "Near band used.", unit: "x-heights", minimum: 0) {
                $0.record?.plan.tolerance.nearBand.cell ?? .null },
            column("letterScale", .number, "Letter size used (1 = full size).", minimum: 0) { $0.record?.plan.letterScale.cell ?? .null },
            column("errorless", .boolean, "Errorless start (wider tolerance for the first sessions).") { $0.record?.plan.errorless.cell ?? .null },
            column("mastery", .number, "Mastery of the letter when the lesson began.", minimum: 0, maximum: 1) {
                $0.record?.plan.mastery.cell ?? .null },
            column("schedulerPriority", .number, "The scheduler's priority of the letter when it was picked (higher: more "
                   + "urgent). Adaptive arms: 0.40 recency + 0.35 (1 - accuracy) + 0.25 novelty, 0…1 (docs/LEARNING.md); "
                   + "the control arm's fixed order: minus the letter's sessions so far. Empty when the letter was "
                   + "asked for (the picker, a link), in records from before 2026-11-27, and in a guided-only "
                   + "lesson (guidedOnly, control) resumed after an interruption before its first attempt was stored "
                   + "(the pick is kept with the attempts' records).") {
                $0.record?.pick?.priority.cell ?? .null },
            column("pickKind", .string, "What the scheduler picked: newOrWeak (a letter new or not yet mastered, "
                   + "mastery below 0.7, when it was picked), review (a mastered letter due again), word (a Schulschrift "
                   + "word after the round); in today's round and after it alike (pickExtra tells them apart). Until "
                   + "2026-11-27 a round slot was labelled by the pool it was planned from and every extra letter "
                   + "review. Empty when the letter was asked for.", allowed: ["newOrWeak", "review", "word"]) {
                $0.record?.pick?.kind.rawValue.cell ?? .null },
            column("pickExtra", .boolean, "Picked after today's round was done. Empty when the letter was asked for.") {
                $0.record?.pick?.extra.cell ?? .null },
            column("inkStrokes", .integer, "Strokes of ink stored.", required: true, minimum: 0) { $0.inkStrokes.cell },
            column("inkSamples", .integer, "Samples of ink stored (rows in samples).", required: true, minimum: 0) { $0.inkSamples.cell },
            column("recordVersion", .integer, "Schema version of the stored record JSON (0: no record).", required: true,
                   minimum: 0) { $0.recordVersion.cell },
            column("inkVersion", .integer, "Schema version of the stored ink JSON.", required: true, minimum: 1) { $0.inkVersion.cell },
        ])

    public static let errors = TableSpec<ErrorRow>(
        name: "errors", title: "Errors",
        description: "One row per error named in an attempt, most important first.",
        primaryKey: ["attemptID", "errorIndex"],
        foreignKeys: [ForeignKeySchema(["attemptID"], references: "attempts", ["attemptID"])],
        columns: [
            column("attemptID", .integer, "The attempt.", required: true, minimum: 1) { $0.attemptID.cell },
            column("errorIndex", .integer, "Rank within the attempt (0 = said first).", required: true, minimum: 0) { $0.errorIndex.cell },
            column("enrolled", .boolean, enrolledText, required: true) { $0.enrolled.cell },
            column("code", .string, "The error.", required: true, allowed: ErrorCode.allCases.map(\.rawValue)) { $0.error.code.rawValue.cell },
            column("stroke", .integer, "Glyph stroke concerned, 0-based (empty: the whole letter).", minimum: 0) { $0.error.stroke.cell },
            column("inkStroke", .integer, "The child's stroke concerned, 0-based in writing order.", minimum: 0) { $0.error.inkStroke.cell },
            column("x", .number, "Where: x.", unit: "glyph units", required: true) { $0.error.at.x.cell },
            column("y", .number, "Where: y (down).", unit: "glyph units", required: true) { $0.error.at.y.cell },
            column("from", .number, "notCovered: start of the uncovered part, fraction of the stroke.", minimum: 0, maximum: 1) {
                $0.error.from.cell },
            column("to", .number, "notCovered: its end.", minimum: 0, maximum: 1) { $0.error.to.cell },
            column("amount", .number, "How much: a distance in x-heights, or a size ratio for tooBig/tooSmall.") { $0.error.amount.cell },
            column("tipKey", .string, "Key of the tip said.", required: true) { $0.error.tip.key.cell },
            column("tipText", .string, "The tip as said (German).", required: true) { $0.error.tip.text.cell },
        ])

    public static let samples = TableSpec<SampleRow>(
        name: "samples", title: "Ink samples",
        description: "Long format: one row per pen sample of an attempt's ink, in writing order. Written only with --samples.",
        primaryKey: ["attemptID", "strokeIndex", "sampleIndex"],
        foreignKeys: [ForeignKeySchema(["attemptID"], references: "attempts", ["attemptID"])],
        optional: true,
        columns: [
            column("attemptID", .integer, "The attempt.", required: true, minimum: 1) { $0.attemptID.cell },
            column("strokeIndex", .integer, "Pen-down stroke, 0-based.", required: true, minimum: 0) { $0.strokeIndex.cell },
            column("sampleIndex", .integer, "Sample within the stroke, 0-based.", required: true, minimum: 0) { $0.sampleIndex.cell },
            column("enrolled", .boolean, enrolledText, required: true) { $0.enrolled.cell },
            column("t", .number, "Time on the device's monotonic clock.", unit: "s", required: true) { $0.sample.t.cell },
            column("x", .number, "Position x.", unit: "glyph units (x-height = 100)", required: true) { $0.sample.x.cell },
            column("y", .number, "Position y, growing down.", unit: "glyph units (x-height = 100)", required: true) { $0.sample.y.cell },
            column("pressure", .number, "Pen pressure (empty: not measured).", minimum: 0, maximum: 1) { $0.sample.pressure.cell },
            column("tiltX", .number, "Pen tilt x.", unit: "degrees", minimum: -90, maximum: 90) { $0.sample.tiltX.cell },
            column("tiltY", .number, "Pen tilt y.", unit: "degrees", minimum: -90, maximum: 90) { $0.sample.tiltY.cell },
        ],
        fastRow: appendSample)

    /// One samples row without cells: the export writes millions of these (ResearchTableTests checks
    /// that it is the same text as the columns above give, in every format).
    @Sendable static func appendSample(_ r: SampleRow, _ format: ExportFormat, _ out: inout [UInt8]) {
        let s = r.sample
        switch format {
        case .csv, .tsv:
            let d = format.delimiter
            ByteText.appendInteger(r.attemptID, to: &out); out.append(d)
            ByteText.appendInteger(r.strokeIndex, to: &out); out.append(d)
            ByteText.appendInteger(r.sampleIndex, to: &out); out.append(d)
            ByteText.appendBoolean(r.enrolled, to: &out)
            out.append(d); ByteText.appendNumber(s.t, json: false, to: &out)
            out.append(d); ByteText.appendNumber(s.x, json: false, to: &out)
            out.append(d); ByteText.appendNumber(s.y, json: false, to: &out)
            out.append(d); ByteText.appendNumber(s.pressure, json: false, to: &out)
            out.append(d); ByteText.appendNumber(s.tiltX, json: false, to: &out)
            out.append(d); ByteText.appendNumber(s.tiltY, json: false, to: &out)
            out.append(13); out.append(10)
        case .json:
            out.append(contentsOf: #"{"attemptID":"#.utf8); ByteText.appendInteger(r.attemptID, to: &out)
            out.append(contentsOf: #","strokeIndex":"#.utf8); ByteText.appendInteger(r.strokeIndex, to: &out)
            out.append(contentsOf: #","sampleIndex":"#.utf8); ByteText.appendInteger(r.sampleIndex, to: &out)
            out.append(contentsOf: #","enrolled":"#.utf8); ByteText.appendBoolean(r.enrolled, to: &out)
            out.append(contentsOf: #","t":"#.utf8); ByteText.appendNumber(s.t, json: true, to: &out)
            out.append(contentsOf: #","x":"#.utf8); ByteText.appendNumber(s.x, json: true, to: &out)
            out.append(contentsOf: #","y":"#.utf8); ByteText.appendNumber(s.y, json: true, to: &out)
            out.append(contentsOf: #","pressure":"#.utf8); ByteText.appendNumber(s.pressure, json: true, to: &out)
            out.append(contentsOf: #","tiltX":"#.utf8); ByteText.appendNumber(s.tiltX, json: true, to: &out)
            out.append(contentsOf: #","tiltY":"#.utf8); ByteText.appendNumber(s.tiltY, json: true, to: &out)
            out.append(contentsOf: "}\n".utf8)
        }
    }

    public static let paperRatings = TableSpec<PaperRatingRow>(
        name: "paperRatings", title: "Paper-transfer ratings",
        description: "After a digital trial the child writes the letter on paper; the paper letter is rated with three faces.",
        primaryKey: ["ratingID"],
        foreignKeys: [ForeignKeySchema(["childID"], references: "children", ["childID"]),
                      ForeignKeySchema(["lessonID"], references: "lessons", ["lessonID"])],
        columns: [
            column("ratingID", .integer, "Id of the rating.", required: true, minimum: 1) { $0.ratingID.cell },
            column("childID", .string, "The child.", required: true) { $0.childID.cell },
            column("enrolled", .boolean, enrolledText, required: true) { $0.enrolled.cell },
            column("lessonID", .string, "The digital lesson it followed, if known.") { $0.lessonID.cell },
            column("script", .string, "Script.", required: true) { $0.script.cell },
            column("glyph", .string, "The letter.", required: true) { $0.glyph.cell },
            column("ratedAt", .datetime, "When.", required: true) { $0.ratedAt.cell },
            column("face", .integer, "1 notYet, 2 almost, 3 good.", required: true, minimum: 1, maximum: 3) { $0.face.rawValue.cell },
            column("ratedBy", .string, "Who chose the face.", required: true, allowed: ["child", "adult"]) { $0.ratedBy.cell },
            column("note", .string, "Free-text note.") { $0.note.cell },
        ])
}
