import Foundation
import GRDB

/// The SQLite database, migrated on open: one file in WAL mode for the server, or a database in
/// memory (same schema) for tests and throw-away runs. Stores reach it only through `writer`, so
/// they work the same on either.
public final class FederDatabase: Sendable {
    public let writer: any DatabaseWriter
    /// Lessons handed out and not yet stored, and whose they are (`LessonStore.claimLesson`).
    let lessonClaims = LessonClaims()
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
        let (pool, isNew) = try Self.openMigrated(file, configuration: configuration)
        try self.init(writer: pool, file: file, isNew: isNew)
    }

    /// A new, empty database in memory with every migration applied; gone when released.
    public static func inMemory() throws -> FederDatabase {
        let queue = try DatabaseQueue(configuration: configuration())
        return try FederDatabase(writer: queue, file: nil, isNew: try migrate(queue, file: nil))
    }

    /// The file's pool, migrated. Two processes opening a file an older version wrote (`feder serve`
    /// and `feder export` started together after an update) race: one finds the file locked while
    /// the other switches it to WAL, or applies a migration the other has just applied ("duplicate
    /// column"). Each migration is a transaction of its own, so trying again finds what the other
    /// finished and applies the rest; a file from a newer version is refused at once.
    private static func openMigrated(_ file: URL, configuration: Configuration) throws -> (DatabasePool, isNew: Bool) {
        var tries = 0
        while true {
            tries += 1
            do {
                let pool = try DatabasePool(path: file.path, configuration: configuration)
                return (pool, try migrate(pool, file: file))
            } catch let newer as WrittenByNewerVersion {
                throw newer
            } catch where tries < 6 {
                Thread.sleep(forTimeInterval: 0.02 * Double(tries))
            }
        }
    }

    private init(writer: any DatabaseWriter, file: URL?, isNew: Bool) throws {
        self.writer = writer
        self.file = file
        // A new file has only ever been written with `secure_delete` on.
        if isNew { try writer.writeWithoutTransaction { db in try Self.markFreeSpaceOverwritten(db) } }
    }

    /// Applies the migrations; true when the file was empty before.
    private static func migrate(_ writer: any DatabaseWriter, file: URL?) throws -> Bool {
        // Asked on the writer's connection: a reader's would keep the schema it saw before the migrations.
        let isNew = try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") == 0 }
        // A file a newer Feder migrated further: this version does not know its tables, and writing
        // them could lose what the newer one keeps there. (Also on the writer's connection.)
        let unknown = try writer.writeWithoutTransaction { db -> [String] in
            guard try Migrations.migrator.hasBeenSuperseded(db) else { return [] }
            return try Migrations.migrator.appliedIdentifiers(db).subtracting(Migrations.migrator.migrations).sorted()
        }
        if !unknown.isEmpty { throw WrittenByNewerVersion(file: file, migrations: unknown) }
        try Migrations.migrator.migrate(writer)
        return isNew
    }

    // MARK: Free space left by older versions

    /// `PRAGMA user_version` bit: every byte ever deleted from this file was overwritten. True of a
    /// file created with `secure_delete` on (every file since this mark exists) and of one rebuilt by
    /// `overwriteFreeSpace()`; not of a file that versions before 2026-11-28 wrote, whose free pages
    /// may still hold deleted stroke drafts.
    static let freeSpaceOverwrittenBit = 1

    /// Whether deleted data may still lie in the file's free space (a file an older version wrote
    /// that was not rebuilt since). Deleting a child rebuilds such a file; see `overwriteFreeSpace()`.
    public func freeSpaceMayHoldDeletedData() throws -> Bool {
        guard file != nil else { return false }
        return try writer.read(Self.freeSpaceMayHoldDeletedData)
    }

    static func freeSpaceMayHoldDeletedData(_ db: Database) throws -> Bool {
        (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0) & freeSpaceOverwrittenBit == 0
    }

    /// Rebuilds the file (`VACUUM`), so that no free page or unused part of a page holds what an
    /// older version deleted without overwriting it, and marks it so that this is done once. Every
    /// write waits meanwhile — seconds on a class's year of data (docs/PERFORMANCE.md) —, so the
    /// server does it at start-up, before anything is served, and a deletion does it only when
    /// that failed. `VACUUM` needs free disk space about twice the size of the file (a copy in
    /// SQLite's temporary directory, which then passes through the write-ahead log); with
    /// `checkingSpace` it is not tried when the file's disk has less (`RebuildRefused.needsSpace`), as a
    /// rebuild that fills the disk half-way would fail every other write until it gave up.
    public func overwriteFreeSpace(checkingSpace: Bool = false) throws {
        let file = checkingSpace ? file : nil
        try writer.writeWithoutTransaction { db in try Self.overwriteFreeSpace(db, checkingSpaceBeside: file) }
    }

    static func overwriteFreeSpace(_ db: Database, checkingSpaceBeside file: URL?) throws {
        // The log is emptied first. A rebuild that fails half-way (the disk full) leaves its pages
        // in the log, and the log can be emptied only once what was committed in it is written back
        // into the file: committed pages that make the file longer could then not be written, the
        // disk being full of the log, and the log would stay, full, for good.
        let busy = try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") ?? 1
        guard busy == 0 else { throw RebuildRefused.logInUse }
        if let file { try RebuildRefused.checkSpace(db, beside: file) }
        // In WAL mode the rebuilt file passes through the log, which keeps that size on disk (a
        // second copy of the file) until it is emptied — after a rebuild that failed half-way too.
        defer { _ = try? Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try db.execute(sql: "VACUUM")
        try markFreeSpaceOverwritten(db)
    }

    private static func markFreeSpaceOverwritten(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        try db.execute(sql: "PRAGMA user_version = \(version | freeSpaceOverwrittenBit)")
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

/// The database was migrated by a newer version of Feder than this one: it is left as it is.
public struct WrittenByNewerVersion: Error, CustomStringConvertible {
    public var file: URL?
    public var migrations: [String]

    public var description: String {
        "\(file?.path ?? "the database") was written by a newer version of Feder (migrations \(migrations.joined(separator: ", ")) are unknown to this one); it is left unchanged: run the newer version, or give another data folder"
    }
}
