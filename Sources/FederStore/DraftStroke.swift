import FederCore
import Foundation
import GRDB

/// A finished stroke of a phase that is still in progress. Written at every pen-up and removed when
/// the phase's record is stored; left-overs after a crash become "abandoned" records on next start.
public struct DraftStroke: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "draftStroke"

    public var id: Int64?
    public var lessonID: String
    public var childID: String?
    public var condition: StudyCondition
    public var script: String
    public var glyph: String
    public var variant: String
    public var phase: String
    public var attempt: Int
    public var pointer: PointerKind
    /// Wall-clock start of the phase attempt.
    public var startedAt: Date
    public var strokeIndex: Int
    public var samples: [PenSample]

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let lessonID = Column(CodingKeys.lessonID)
        static let childID = Column(CodingKeys.childID)
        static let phase = Column(CodingKeys.phase)
        static let attempt = Column(CodingKeys.attempt)
        static let strokeIndex = Column(CodingKeys.strokeIndex)
        static let startedAt = Column(CodingKeys.startedAt)
    }

    public init(lessonID: String, childID: String?, condition: StudyCondition, script: String, glyph: String,
                variant: String, phase: String, attempt: Int, pointer: PointerKind, startedAt: Date,
                strokeIndex: Int, samples: [PenSample]) {
        self.id = nil; self.lessonID = lessonID; self.childID = childID; self.condition = condition
        self.script = script; self.glyph = glyph; self.variant = variant; self.phase = phase; self.attempt = attempt
        self.pointer = pointer; self.startedAt = startedAt; self.strokeIndex = strokeIndex; self.samples = samples
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The columns, written directly rather than through `Encodable` (one draft per pen-up on the
    /// live session's path), with exactly the values GRDB's default stores
    /// (`RecordColumnsTests` compares the two on every column).
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
        container[CodingKeys.pointer.stringValue] = pointer.rawValue
        container[CodingKeys.startedAt.stringValue] = startedAt
        container[CodingKeys.strokeIndex.stringValue] = strokeIndex
        container[CodingKeys.samples.stringValue] = samples
    }
}

extension DraftStroke {
    /// Drafts grouped by attempt, each attempt's strokes in the order they were written.
    static var inWritingOrder: QueryInterfaceRequest<DraftStroke> {
        order(Columns.lessonID, Columns.phase, Columns.attempt, Columns.strokeIndex)
    }
}
