import FederCore
import Foundation
import GRDB

/// A child, known only by a pseudonymous UUID: its study condition and its learner model.
public struct ChildRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "child"

    /// Lowercase UUID string, made on the child's device.
    public var id: String
    public var condition: StudyCondition
    public var learner: LearnerState
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, condition: StudyCondition = .threePhase, learner: LearnerState = LearnerState(),
                createdAt: Date, updatedAt: Date) {
        self.id = id; self.condition = condition; self.learner = learner
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}
