import FederCore
import Foundation
import GRDB

/// What the engine concluded about one attempt; stored as JSON beside the ink.
public struct AttemptResult: Codable, Sendable, Equatable {
    public var checkpointsReached: Int
    public var checkpointCount: Int
    public var strokesDone: Int
    public var ignoredSamples: Int
    public var tolerance: TrackingTolerance

    public init(checkpointsReached: Int, checkpointCount: Int, strokesDone: Int, ignoredSamples: Int, tolerance: TrackingTolerance) {
        self.checkpointsReached = checkpointsReached
        self.checkpointCount = checkpointCount
        self.strokesDone = strokesDone
        self.ignoredSamples = ignoredSamples
        self.tolerance = tolerance
    }
}

/// One finished attempt at a glyph: who, what, when, the ink with timestamps and pressure, the result.
public struct AttemptRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "attempt"

    public var id: Int64?
    /// Pseudonymous child id (a UUID string), if the page sent one.
    public var childID: String?
    public var glyph: String
    public var script: String
    public var variant: String
    public var phase: String
    public var pointer: PointerKind
    public var startedAt: Date
    public var finishedAt: Date
    public var completed: Bool
    public var progress: Double
    public var ink: Ink
    public var result: AttemptResult

    public init(id: Int64? = nil, childID: String?, glyph: String, script: String, variant: String, phase: String,
                pointer: PointerKind, startedAt: Date, finishedAt: Date, completed: Bool, progress: Double,
                ink: Ink, result: AttemptResult) {
        self.id = id; self.childID = childID; self.glyph = glyph; self.script = script; self.variant = variant
        self.phase = phase; self.pointer = pointer; self.startedAt = startedAt; self.finishedAt = finishedAt
        self.completed = completed; self.progress = progress; self.ink = ink; self.result = result
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
