import Foundation
import GRDB

/// Why the file was not rebuilt (`FederDatabase.overwriteFreeSpace`) although it should have been.
public enum RebuildRefused: Error, Equatable, CustomStringConvertible {
    /// A reader (an export being written) kept the write-ahead log from being emptied first.
    case logInUse
    /// The disk beside the file has less free space (bytes) than a rebuild needs: about twice the
    /// file's size (a copy in SQLite's temporary directory, then the write-ahead log).
    case needsSpace(needed: Int64, free: Int64)

    public var description: String {
        switch self {
        case .logInUse:
            return "a reader keeps the write-ahead log from being emptied first"
        case .needsSpace(let needed, let free):
            return "a rebuild needs about \(needed / 1_000_000) MB of free disk space beside the file, \(free / 1_000_000) MB are free"
        }
    }

    /// Throws `needsSpace` when the file system of `file` has less free space than twice the
    /// database's pages. Nothing is checked where the free space cannot be read.
    static func checkSpace(_ db: Database, beside file: URL) throws {
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        let needed = 2 * pages * pageSize
        let folder = file.deletingLastPathComponent().path
        guard let attributes = try? FileManager.default.attributesOfFileSystem(forPath: folder),
              let free = (attributes[.systemFreeSize] as? NSNumber)?.int64Value else { return }
        if free < needed { throw RebuildRefused.needsSpace(needed: needed, free: free) }
    }
}
