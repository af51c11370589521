import Foundation
import GRDB

/// Reading and writing attempts.
public struct AttemptStore: Sendable {
    let database: FederDatabase

    public init(database: FederDatabase) {
        self.database = database
    }

    /// Inserts the attempt, or updates it when it already has an id; returns it with its id.
    @discardableResult
    public func save(_ attempt: AttemptRecord) async throws -> AttemptRecord {
        try await database.writer.write { db in
            var record = attempt
            try record.save(db)
            return record
        }
    }

    public func attempt(id: Int64) async throws -> AttemptRecord? {
        try await database.writer.read { db in try AttemptRecord.fetchOne(db, key: id) }
    }

    /// The newest attempts first.
    public func recent(limit: Int = 20, childID: String? = nil) async throws -> [AttemptRecord] {
        try await database.writer.read { db in
            var request = AttemptRecord.order(Column("id").desc).limit(max(0, min(limit, 1000)))
            if let childID { request = request.filter(Column("childID") == childID) }
            return try request.fetchAll(db)
        }
    }

    public func count() async throws -> Int {
        try await database.writer.read { db in try AttemptRecord.fetchCount(db) }
    }
}
