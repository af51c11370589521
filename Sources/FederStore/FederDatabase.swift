import Foundation
import GRDB

/// The SQLite database: one file, WAL mode, migrated on open.
public final class FederDatabase: Sendable {
    public let writer: DatabasePool
    public let file: URL

    /// Opens (creating if needed) the database in `directory`.
    public convenience init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(file: DataDirectory.databaseFile(in: directory))
    }

    public init(file: URL) throws {
        var configuration = Configuration()
        // Wait rather than fail when another connection holds the write lock briefly.
        configuration.busyMode = .timeout(5)
        // In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash of the program loses
        // nothing committed, a power cut may lose the last moments, and a child's pen-up does not
        // wait for the disk.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        self.file = file
        self.writer = try DatabasePool(path: file.path, configuration: configuration)
        try Migrations.migrator.migrate(writer)
    }

    /// SQLite's synchronous setting (expected: 1, NORMAL).
    public func synchronousMode() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// The journal mode SQLite reports (expected: "wal").
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}
