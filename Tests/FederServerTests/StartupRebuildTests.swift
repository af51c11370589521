import FederStore
import Foundation
import GRDB
import Testing
@testable import FederServer

/// Start-up rebuilds, once, a database file an older version wrote (its free space may hold
/// deleted drafts), so that deleting a child later never makes the class wait for a rebuild.
@Suite("Start-up rebuilds an older file once")
struct StartupRebuildTests {
    @Test func anOlderFileIsRebuiltAtTheFirstStartOnlyAndANewOneNever() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feder-rebuild-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try FederServices.open(dataDirectory: folder).startupRebuild == .notNeeded, "a new file was rebuilt")
        // The mark an older version's file lacks.
        do {
            let old = try DatabaseQueue(path: DataDirectory.databaseFile(in: folder).path)
            try await old.write { db in try db.execute(sql: "PRAGMA user_version = 0") }
        }
        let services = try FederServices.open(dataDirectory: folder)
        guard case .rebuilt = services.startupRebuild else {
            Issue.record("the older file was not rebuilt at start-up")
            return
        }
        // The rebuilt file went through the write-ahead log: emptied, it does not hold a second copy.
        // (Asked while the database is open: closing it would remove the log altogether.)
        let log = DataDirectory.databaseFile(in: folder).path + "-wal"
        try withExtendedLifetime(services) {
            let logSize = try #require(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
            #expect(logSize == 0, "the write-ahead log keeps the rebuilt file's size")
        }
        #expect(try FederServices.open(dataDirectory: folder).startupRebuild == .notNeeded, "the file was rebuilt twice")
    }
}
