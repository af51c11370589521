import Foundation
import GRDB
import Testing
@testable import FederStore

/// A database file a newer Feder migrated further is refused with a clear error and left as it is:
/// this version does not know the newer tables and must not write into them.
@Suite("A database from a newer version")
struct NewerDatabaseTests {
    @Test func isRefusedAndLeftUnchanged() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-newer-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("feder.sqlite")
        // A file as Feder writes it (write-ahead log, every migration), then migrated once more by
        // a later version.
        _ = try FederDatabase(file: file)
        do {
            let queue = try DatabaseQueue(path: file.path)
            try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-a-later-feder')") }
            try queue.close()
        }
        func migrations() throws -> [String] {
            let queue = try DatabaseQueue(path: file.path)
            defer { try? queue.close() }
            return try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        }
        let before = try migrations()
        #expect {
            _ = try FederDatabase(file: file)
        } throws: { error in
            guard let newer = error as? WrittenByNewerVersion else { return false }
            return newer.migrations == ["v99-from-a-later-feder"] && "\(newer)".contains("newer version of Feder")
        }
        #expect(try migrations() == before, "its migrations are as the newer version left them")
    }
}
