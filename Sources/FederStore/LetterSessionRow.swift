import FederCore
import Foundation
import GRDB

/// One letter a child finished or left, in Schule or Werkstatt: what the jar, the streak and the
/// progress board are computed from.
public struct LetterSessionRow: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "letterSession"

    public enum World: String, Codable, Sendable { case schule, werkstatt }

    public var id: Int64?
    public var childID: String
    public var lessonID: String
    public var world: World
    public var script: String
    public var glyph: String
    /// The child's calendar day (the server's time zone), "yyyy-MM-dd".
    public var day: CalendarDay
    public var finishedAt: Date
    public var completed: Bool
    public var stars: Int
    public var performance: Double?

    public enum Columns {
        static let childID = Column(CodingKeys.childID)
        static let day = Column(CodingKeys.day)
        static let completed = Column(CodingKeys.completed)
        static let world = Column(CodingKeys.world)
    }

    public init(id: Int64? = nil, childID: String, lessonID: String, world: World, script: String, glyph: String,
                day: CalendarDay, finishedAt: Date, completed: Bool, stars: Int, performance: Double?) {
        self.id = id; self.childID = childID; self.lessonID = lessonID; self.world = world; self.script = script
        self.glyph = glyph; self.day = day; self.finishedAt = finishedAt; self.completed = completed
        self.stars = stars; self.performance = performance
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
