import FederCore
import Foundation
import GRDB

/// One attempt at one phase of a letter, completed or not, as stored: the columns research filters
/// on, the engine's whole `PhaseRecord` as JSON (scores, dimensions, kinematics, errors, what was
/// said) and the ink beside it.
public struct PhaseRecordRow: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "phaseRecord"

    public var id: Int64?
    /// Groups the records of one letter session.
    public var lessonID: String
    public var childID: String?
    public var condition: StudyCondition
    public var script: String
    public var glyph: String
    public var variant: String
    public var phase: String
    public var attempt: Int
    public var outcome: String
    public var completed: Bool
    public var pointer: PointerKind?
    /// Wall-clock start and end.
    public var startedAt: Date
    public var endedAt: Date
    /// Time the phase was on screen, from the server's monotonic clock.
    public var activeSeconds: Double
    public var score: Double?
    public var stars: Int?
    /// The engine's record without its ink (nil for v1 rows and for recovered attempts of a letter
    /// the server could not judge).
    public var record: PhaseRecord?
    public var ink: Ink?
    /// Made from draft strokes after a crash or a page that never came back, not by a live lesson.
    /// A resumed lesson's finished attempt replaces such records (`saveResumed`).
    public var recovered = false

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let lessonID = Column(CodingKeys.lessonID)
        static let childID = Column(CodingKeys.childID)
        static let phase = Column(CodingKeys.phase)
        static let attempt = Column(CodingKeys.attempt)
        static let outcome = Column(CodingKeys.outcome)
        static let record = Column(CodingKeys.record)
        static let recovered = Column(CodingKeys.recovered)
        static let startedAt = Column(CodingKeys.startedAt)
        static let ink = Column(CodingKeys.ink)
        /// Every column but the ink, which is most of a record's bytes (lists that draw no ink).
        static var allButInk: [any SQLSelectable] {
            [
                CodingKeys.id, .lessonID, .childID, .condition, .script, .glyph, .variant, .phase, .attempt, .outcome,
                .completed, .pointer, .startedAt, .endedAt, .activeSeconds, .score, .stars, .record, .recovered,
            ].map { Column($0) } + [SQL("NULL").forKey(CodingKeys.ink.stringValue)]
        }
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The columns, written directly rather than through `Encodable` (GRDB's default builds them
    /// with a generic encoder, a fifth of a live session's storage time). The values are exactly
    /// what the default stores — `RecordColumnsTests` compares the two on every column —
    /// so rows written before and after read the same.
    public func encode(to container: inout PersistenceContainer) throws {
        container[CodingKeys.id.stringValue] = id
        container[CodingKeys.lessonID.stringValue] = lessonID
        container[CodingKeys.childID.stringValue] = childID
        container[CodingKeys.condition.stringValue] = condition.rawValue
        container[CodingKeys.script.stringValue] = script
        container[CodingKeys.glyph.stringValue] = glyph
        container[CodingKeys.variant.stringValue] = variant
        container[CodingKeys.phase.stringValue] = phase
        container[CodingKeys.attempt.stringValue] = attempt
        container[CodingKeys.outcome.stringValue] = outcome
        container[CodingKeys.completed.stringValue] = completed
        container[CodingKeys.pointer.stringValue] = pointer?.rawValue
        container[CodingKeys.startedAt.stringValue] = startedAt
        container[CodingKeys.endedAt.stringValue] = endedAt
        container[CodingKeys.activeSeconds.stringValue] = activeSeconds
        container[CodingKeys.score.stringValue] = score
        container[CodingKeys.stars.stringValue] = stars
        container[CodingKeys.record.stringValue] = try record.map {
            String(decoding: try Self.databaseJSONEncoder(for: CodingKeys.record.stringValue).encode($0), as: UTF8.self)
        }
        container[CodingKeys.ink.stringValue] = ink
        container[CodingKeys.recovered.stringValue] = recovered
    }

    /// A row for an engine record; `wallStart` is the wall-clock time at `record.startedAt`.
    public init(record: PhaseRecord, lessonID: String, childID: String?, wallStart: Date) {
        var bare = record
        bare.ink = nil
        id = nil
        self.lessonID = lessonID
        self.childID = childID
        condition = record.condition
        script = record.glyph.script
        glyph = record.glyph.char
        variant = record.glyph.variant
        phase = record.phase.rawValue
        attempt = record.attempt
        outcome = record.outcome.rawValue
        completed = record.completed
        pointer = record.ink?.pointer
        let active = max(0, record.endedAt - record.startedAt)
        startedAt = wallStart
        endedAt = wallStart.addingTimeInterval(active)
        activeSeconds = active
        score = record.score
        stars = record.stars
        self.record = bare
        ink = record.ink
    }

    public init(id: Int64? = nil, lessonID: String, childID: String?, condition: StudyCondition, script: String,
                glyph: String, variant: String, phase: String, attempt: Int, outcome: String, completed: Bool,
                pointer: PointerKind?, startedAt: Date, endedAt: Date, activeSeconds: Double, score: Double?,
                stars: Int?, record: PhaseRecord?, ink: Ink?) {
        self.id = id; self.lessonID = lessonID; self.childID = childID; self.condition = condition
        self.script = script; self.glyph = glyph; self.variant = variant; self.phase = phase; self.attempt = attempt
        self.outcome = outcome; self.completed = completed; self.pointer = pointer; self.startedAt = startedAt
        self.endedAt = endedAt; self.activeSeconds = activeSeconds; self.score = score; self.stars = stars
        self.record = record; self.ink = ink
    }
}

extension PhaseRecordRow {
    /// An attempt given up before any ink (a connection that closed on an empty slate), not one
    /// recovered from drafts.
    var isInklessAbandonment: Bool {
        outcome == PhaseRecord.Outcome.abandoned.rawValue && !recovered && (ink?.strokes.isEmpty ?? true)
    }

    /// A direct attempt cut off by a lost connection after taps (its record is kept until the
    /// attempt taken up again takes its taps).
    var isCutOffAfterTaps: Bool {
        isInklessAbandonment && !(record?.direct?.taps.isEmpty ?? true)
    }

    /// Takes the taps of `cutOff`, another part of the same attempt cut off by a lost connection:
    /// in the order the parts began, the score counts them, and the attempt began when the first did.
    mutating func takeTaps(of cutOff: PhaseRecordRow) {
        guard let cut = cutOff.record, let merged = record?.withTaps(of: cut, otherFirst: cutOff.startedAt <= startedAt) else { return }
        record = merged
        score = merged.score
        startedAt = min(startedAt, cutOff.startedAt)
    }

    /// The records of the same attempt as `row` (itself too, once stored).
    static func sameAttempt(as row: PhaseRecordRow) -> QueryInterfaceRequest<PhaseRecordRow> {
        filter(Columns.lessonID == row.lessonID && Columns.phase == row.phase && Columns.attempt == row.attempt)
    }

    /// The records that crash recovery made from the drafts of one attempt (marked `recovered`).
    static func recoveredFromDrafts(lessonID: String, phase: String, attempt: Int) -> QueryInterfaceRequest<PhaseRecordRow> {
        filter(Columns.lessonID == lessonID && Columns.phase == phase && Columns.attempt == attempt
               && Columns.recovered == true)
    }
}
