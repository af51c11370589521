import FederCore
import Foundation
import GRDB

/// A child's profile, known by a pseudonymous UUID: the avatar a tablet shows on "Wer schreibt
/// heute?", how it writes, the adults' settings, its study condition and its learner model.
public struct ChildRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "child"

    /// Lowercase UUID string.
    public var id: String
    public var condition: StudyCondition
    public var learner: LearnerState
    public var createdAt: Date
    public var updatedAt: Date
    /// A nickname for the adults (optional; spoken when the avatar is tapped).
    public var displayName: String?
    public var animal: Animal
    public var colour: AvatarColour
    public var handedness: Handedness?
    public var pointer: PointerKind?
    public var script: String
    public var settings: ChildSettings
    /// Set when onboarding was finished; before that the page runs it first.
    public var onboardedAt: Date?
    /// Archived profiles are hidden from "Wer schreibt heute?"; their data stays.
    public var archivedAt: Date?

    /// The picture of a child made without one being chosen, when every other is taken.
    public static let defaultAvatar = Avatar(animal: .eule, colour: .blau)

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let archivedAt = Column(CodingKeys.archivedAt)
        static let animal = Column(CodingKeys.animal)
        static let colour = Column(CodingKeys.colour)
        static let createdAt = Column(CodingKeys.createdAt)
        static let condition = Column(CodingKeys.condition)
        static let learner = Column(CodingKeys.learner)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

    public init(id: String, condition: StudyCondition = .threePhase, learner: LearnerState = LearnerState(),
                createdAt: Date, updatedAt: Date, displayName: String? = nil,
                avatar: Avatar = ChildRecord.defaultAvatar, handedness: Handedness? = nil,
                pointer: PointerKind? = nil, script: String = "druck", settings: ChildSettings = ChildSettings(),
                onboardedAt: Date? = nil, archivedAt: Date? = nil) {
        self.id = id; self.condition = condition; self.learner = learner
        self.createdAt = createdAt; self.updatedAt = updatedAt
        self.displayName = displayName; self.animal = avatar.animal; self.colour = avatar.colour
        self.handedness = handedness; self.pointer = pointer; self.script = script; self.settings = settings
        self.onboardedAt = onboardedAt; self.archivedAt = archivedAt
    }

    public var avatar: Avatar {
        get { Avatar(animal: animal, colour: colour) }
        set { animal = newValue.animal; colour = newValue.colour }
    }

    /// The scheduler for this child's course, settings and condition.
    public var scheduler: LetterScheduler { settings.scheduler(script: script, condition: condition) }
}
