import Foundation
import GRDB

/// One letter lesson: the id the server gives a lesson when it starts (the page resumes by it) and
/// the child it belongs to (nil: an anonymous session). Its phase records and draft strokes point
/// here, and it points to the child, so the database itself keeps child → lessons → records whole.
/// The row is written with the lesson's first draft or record (`LessonStore`).
public struct StoredLesson: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "lesson"

    public var id: String
    public var childID: String?

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let childID = Column(CodingKeys.childID)
    }

    public init(id: String, childID: String?) {
        self.id = id; self.childID = childID
    }

    /// Makes sure the lesson exists before a draft or record of it is written (call inside the
    /// write transaction). A lesson keeps the child it was first written with.
    static func ensure(id: String, childID: String?, in db: Database) throws {
        try StoredLesson(id: id, childID: childID).insert(db, onConflict: .ignore)
    }
}
