import Foundation
import GRDB

/// Keyed values with an optional expiry, in the `keyValue` table: the adult sessions and the PIN
/// state. Values are opaque bytes (the caller encodes them); an expired value reads as absent and is
/// deleted on the next write.
public struct KeyValueStore: Sendable {
    let database: FederDatabase
    /// The clock that decides expiry (injected so tests and `--clock-start` move it).
    let now: @Sendable () -> Date

    public init(database: FederDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    public struct Entry: Sendable, Equatable {
        public var value: Data
        public var expiresAt: Date?
    }

    /// Stores `value` under `key`, replacing what was there.
    public func set(_ key: String, _ value: Data, expiresAt: Date?) async throws {
        let now = now()
        try await database.writer.write { db in
            try Self.deleteExpired(db, now: now)
            try KeyValueRow(key: key, value: value, expiresAt: expiresAt).insert(db, onConflict: .replace)
        }
    }

    /// Stores `value` only if `key` holds nothing live; returns whether it was stored.
    public func create(_ key: String, _ value: Data, expiresAt: Date?) async throws -> Bool {
        let now = now()
        return try await database.writer.write { db in
            try Self.deleteExpired(db, now: now)
            try KeyValueRow(key: key, value: value, expiresAt: expiresAt).insert(db, onConflict: .ignore)
            return db.changesCount == 1
        }
    }

    /// The live value under `key`, or nil if there is none or it has expired.
    public func get(_ key: String) async throws -> Entry? {
        let now = now()
        return try await database.writer.read { db in
            guard let row = try KeyValueRow.fetchOne(db, key: key) else { return nil }
            if let expiresAt = row.expiresAt, expiresAt <= now { return nil }
            return Entry(value: row.value, expiresAt: row.expiresAt)
        }
    }

    /// Replaces the value of a live entry, keeping its expiry, in one transaction; false (and nothing
    /// written) when there is none: it was removed or has expired meanwhile.
    @discardableResult
    public func update(_ key: String, _ value: Data) async throws -> Bool {
        let now = now()
        return try await database.writer.write { db in
            guard var row = try KeyValueRow.fetchOne(db, key: key) else { return false }
            if let expiresAt = row.expiresAt, expiresAt <= now { return false }
            row.value = value
            try row.update(db)
            return true
        }
    }

    public func remove(_ key: String) async throws {
        try await database.writer.write { db in
            _ = try KeyValueRow.deleteOne(db, key: key)
        }
    }

    static func deleteExpired(_ db: Database, now: Date) throws {
        try KeyValueRow.filter(KeyValueRow.Columns.expiresAt != nil && KeyValueRow.Columns.expiresAt <= now).deleteAll(db)
    }
}

/// A row of `keyValue`.
struct KeyValueRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "keyValue"

    var key: String
    var value: Data
    /// nil: never expires.
    var expiresAt: Date?

    enum Columns {
        static let expiresAt = Column(CodingKeys.expiresAt)
    }
}
