import Foundation
import GRDB
import Testing
@testable import FederStore

/// Two processes opening a file an older version wrote (`feder serve` and `feder export` started
/// together after an update) both migrate it: the second used to fail with "table … already exists"
/// when the first applied a migration between its check and its own run.
@Suite("Opening one old file twice at once")
struct ConcurrentOpeningTests {
    @Test func bothOpeningsMigrateOrFindItMigrated() throws {
        for _ in 0..<12 {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feder-twice-\(UUID())", isDirectory: true)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("feder.sqlite")
            do {
                let old = try DatabaseQueue(path: file.path)
                try Migrations.migrator.migrate(old, upTo: "v6-keys-and-checks")
                try old.close()
            }
            // Separate pools, as separate processes have: SQLite's file locks between them.
            let failures = NSLock()
            nonisolated(unsafe) var errors: [String] = []
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do { _ = try FederDatabase(file: file) } catch {
                    failures.withLock { errors.append("\(error)") }
                }
            }
            #expect(errors.isEmpty, "\(errors)")
            let applied = try DatabaseQueue(path: file.path).read { db in try Migrations.migrator.completedMigrations(db) }
            #expect(applied == Migrations.migrator.migrations)
        }
    }
}
