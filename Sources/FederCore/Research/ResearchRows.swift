import Foundation

// The rows of the exported tables, as the store reads them. Plain values: the store fills them,
// `ResearchTables` turns them into cells, the dashboard aggregates them.

public struct ChildRow: Sendable, Equatable {
    public var childID: String
    public var enrolled: Bool
    /// The condition the child practises in now.
    public var condition: StudyCondition
    public var armSource: ArmSource
    /// The arm the hash gives this id, whether or not it is used.
    public var derivedArm: StudyCondition
    public var consentDate: String?
    public var consentBy: ConsentGiver?
    public var consentReference: String?
    public var enrolledAt: Date?
    public var withdrawnAt: Date?
    public var createdAt: Date

    public init(childID: String, enrolled: Bool, condition: StudyCondition, armSource: ArmSource, derivedArm: StudyCondition,
                consentDate: String?, consentBy: ConsentGiver?, consentReference: String?, enrolledAt: Date?,
                withdrawnAt: Date?, createdAt: Date) {
        self.childID = childID; self.enrolled = enrolled; self.condition = condition; self.armSource = armSource
        self.derivedArm = derivedArm; self.consentDate = consentDate; self.consentBy = consentBy
        self.consentReference = consentReference; self.enrolledAt = enrolledAt; self.withdrawnAt = withdrawnAt
        self.createdAt = createdAt
    }
}

public struct ArmChangeRow: Sendable, Equatable {
    public var changeID: Int64
    public var childID: String
    public var enrolled: Bool
    public var fromArm: StudyCondition
    public var toArm: StudyCondition
    public var changedAt: Date
    public var changedBy: String
    public var reason: String

    public init(changeID: Int64, childID: String, enrolled: Bool, fromArm: StudyCondition, toArm: StudyCondition,
                changedAt: Date, changedBy: String, reason: String) {
        self.changeID = changeID; self.childID = childID; self.enrolled = enrolled; self.fromArm = fromArm
        self.toArm = toArm; self.changedAt = changedAt; self.changedBy = changedBy; self.reason = reason
    }
}

/// One step of a child's consent: an enrolment (with the consent it rests on) or a withdrawal.
public struct ConsentEventRow: Sendable, Equatable {
    public enum Event: String, Sendable, CaseIterable { case enrolled, withdrawn }

    public var eventID: Int64
    public var childID: String
    public var enrolled: Bool
    public var event: Event
    public var at: Date
    public var consentDate: String?
    public var consentBy: ConsentGiver?
    public var consentReference: String?

    public init(eventID: Int64, childID: String, enrolled: Bool, event: Event, at: Date, consentDate: String?,
                consentBy: ConsentGiver?, consentReference: String?) {
        self.eventID = eventID; self.childID = childID; self.enrolled = enrolled; self.event = event; self.at = at
        self.consentDate = consentDate; self.consentBy = consentBy; self.consentReference = consentReference
    }
}

public struct LessonRow: Sendable, Equatable {
    public var lessonID: String
    public var childID: String?
    public var enrolled: Bool
    public var condition: StudyCondition
    public var sessionNumber: Int
    public var script: String
    public var glyph: String
    public var variant: String
    public var startedAt: Date
    public var endedAt: Date
    public var attempts: Int
    /// Every phase of the condition was passed.
    public var completed: Bool

    public init(lessonID: String, childID: String?, enrolled: Bool, condition: StudyCondition, sessionNumber: Int,
                script: String, glyph: String, variant: String, startedAt: Date, endedAt: Date, attempts: Int, completed: Bool) {
        self.lessonID = lessonID; self.childID = childID; self.enrolled = enrolled; self.condition = condition
        self.sessionNumber = sessionNumber; self.script = script; self.glyph = glyph; self.variant = variant
        self.startedAt = startedAt; self.endedAt = endedAt; self.attempts = attempts; self.completed = completed
    }
}

/// One phase attempt: the stored columns and the engine's record (nil for records recovered from
/// drafts or from the first schema, which keep only their ink).
public struct AttemptRow: Sendable, Equatable {
    public var attemptID: Int64
    public var lessonID: String
    public var childID: String?
    public var enrolled: Bool
    public var condition: StudyCondition
    public var sessionNumber: Int
    public var script: String
    public var glyph: String
    public var variant: String
    public var phase: String
    public var attempt: Int
    public var outcome: String
    public var completed: Bool
    public var pointer: String?
    public var startedAt: Date
    public var endedAt: Date
    public var activeSeconds: Double
    public var score: Double?
    public var stars: Int?
    public var inkStrokes: Int
    public var inkSamples: Int
    public var recordVersion: Int
    public var inkVersion: Int
    public var record: PhaseRecord?
    /// Made from the drafts of an attempt interrupted by a crash or a page that never came back.
    public var recovered: Bool

    public init(attemptID: Int64, lessonID: String, childID: String?, enrolled: Bool, condition: StudyCondition,
                sessionNumber: Int, script: String, glyph: String, variant: String, phase: String, attempt: Int,
                outcome: String, completed: Bool, pointer: String?, startedAt: Date, endedAt: Date, activeSeconds: Double,
                score: Double?, stars: Int?, inkStrokes: Int, inkSamples: Int, recordVersion: Int, inkVersion: Int,
                record: PhaseRecord?, recovered: Bool = false) {
        self.recovered = recovered
        self.attemptID = attemptID; self.lessonID = lessonID; self.childID = childID; self.enrolled = enrolled
        self.condition = condition; self.sessionNumber = sessionNumber; self.script = script; self.glyph = glyph
        self.variant = variant; self.phase = phase; self.attempt = attempt; self.outcome = outcome
        self.completed = completed; self.pointer = pointer; self.startedAt = startedAt; self.endedAt = endedAt
        self.activeSeconds = activeSeconds; self.score = score; self.stars = stars; self.inkStrokes = inkStrokes
        self.inkSamples = inkSamples; self.recordVersion = recordVersion; self.inkVersion = inkVersion; self.record = record
    }

    var assessment: AttemptAssessment? { record?.assessment }
    var motor: MotorDimensions? { record?.assessment?.motor }
    var guided: GuidedScore? { record?.assessment?.guided }
    var kinematics: Kinematics? { record?.assessment?.kinematics }
    var clarity: Clarity? { record?.assessment?.clarity }
}

public struct ErrorRow: Sendable, Equatable {
    public var attemptID: Int64
    public var errorIndex: Int
    public var enrolled: Bool
    public var error: WritingError

    public init(attemptID: Int64, errorIndex: Int, enrolled: Bool, error: WritingError) {
        self.attemptID = attemptID; self.errorIndex = errorIndex; self.enrolled = enrolled; self.error = error
    }
}

public struct SampleRow: Sendable, Equatable {
    public var attemptID: Int64
    public var strokeIndex: Int
    public var sampleIndex: Int
    public var enrolled: Bool
    public var sample: PenSample

    public init(attemptID: Int64, strokeIndex: Int, sampleIndex: Int, enrolled: Bool, sample: PenSample) {
        self.attemptID = attemptID; self.strokeIndex = strokeIndex; self.sampleIndex = sampleIndex
        self.enrolled = enrolled; self.sample = sample
    }
}

/// After a digital trial the child writes the letter on paper and rates it with three faces.
public enum PaperFace: Int, Sendable, Codable, CaseIterable {
    case notYet = 1, almost = 2, good = 3
}

public struct PaperRatingRow: Sendable, Equatable {
    public var ratingID: Int64
    public var childID: String
    public var enrolled: Bool
    public var lessonID: String?
    public var script: String
    public var glyph: String
    public var ratedAt: Date
    public var face: PaperFace
    /// Who chose the face: the child, or an adult judging the paper.
    public var ratedBy: String
    public var note: String?

    public init(ratingID: Int64, childID: String, enrolled: Bool, lessonID: String?, script: String, glyph: String,
                ratedAt: Date, face: PaperFace, ratedBy: String, note: String?) {
        self.ratingID = ratingID; self.childID = childID; self.enrolled = enrolled; self.lessonID = lessonID
        self.script = script; self.glyph = glyph; self.ratedAt = ratedAt; self.face = face; self.ratedBy = ratedBy
        self.note = note
    }
}
