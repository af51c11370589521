import Foundation
import GRDB

/// The SQLite database, migrated on open: one file in WAL mode for the server, or a database in
/// memory (same schema) for tests and throw-away runs. Stores reach it only through `writer`, so
/// they work the same on either.
public final class FederDatabase: Sendable {
    public let writer: any DatabaseWriter
    /// The file, or nil for a database in memory.
    public let file: URL?

    /// Opens (creating if needed) the database in `directory`.
    public convenience init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(file: DataDirectory.databaseFile(in: directory))
    }

    /// Opens (creating if needed) the database file: a pool of readers beside one writer, in WAL mode.
    public convenience init(file: URL) throws {
        var configuration = Self.configuration()
        // In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash of the program loses
        // nothing committed, a power cut may lose the last moments, and a child's pen-up does not
        // wait for the disk.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        try self.init(writer: DatabasePool(path: file.path, configuration: configuration), file: file)
    }

    /// A new, empty database in memory with every migration applied; gone when released.
    public static func inMemory() throws -> FederDatabase {
        try FederDatabase(writer: DatabaseQueue(configuration: configuration()), file: nil)
    }

    private init(writer: any DatabaseWriter, file: URL?) throws {
        self.writer = writer
        self.file = file
        try Migrations.migrator.migrate(writer)
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        // Wait rather than fail when another connection holds the write lock briefly.
        configuration.busyMode = .timeout(5)
        // Foreign keys are on (GRDB's default); said here because the schema relies on them.
        configuration.foreignKeysEnabled = true
        // What is deleted is overwritten, not only unlinked: stroke drafts once their record is
        // stored, and a deleted child's every row, leave nothing readable in the file.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
        return configuration
    }

    /// SQLite's synchronous setting (expected for a file: 1, NORMAL).
    public func synchronousMode() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// The journal mode SQLite reports (expected for a file: "wal").
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}
