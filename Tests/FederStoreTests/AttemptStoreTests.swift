import FederCore
import Foundation
import Testing
@testable import FederStore

@Suite("Attempt store (real SQLite file)")
struct AttemptStoreTests {
    func tempDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("feder-store-\(UUID())", isDirectory: true)
    }

    func sampleAttempt(completed: Bool = true) -> AttemptRecord {
        let ink = Ink(pointer: .pen, strokes: [[PenSample(x: 1, y: 2, t: 0.5, pressure: 0.3, tiltX: -10, tiltY: 5),
                                               PenSample(x: 3, y: 4, t: 0.51, pressure: 0.6)]])
        return AttemptRecord(childID: UUID().uuidString.lowercased(), glyph: "A", script: "druck", variant: "standard",
                             phase: "guided", pointer: .pen, startedAt: Date(timeIntervalSince1970: 1_700_000_000),
                             finishedAt: Date(timeIntervalSince1970: 1_700_000_010), completed: completed, progress: 1,
                             ink: ink, result: AttemptResult(checkpointsReached: 20, checkpointCount: 20, strokesDone: 3,
                                                            ignoredSamples: 0, tolerance: .standard))
    }

    @Test func createsTheDatabaseInWALModeOnFirstRun() throws {
        let dir = tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try FederDatabase(directory: dir)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("feder.sqlite").path))
        #expect(try db.journalMode() == "wal")
    }

    @Test func attemptsRoundTripWithInkAndSurviveReopening() async throws {
        let dir = tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = sampleAttempt()
        let saved = try await AttemptStore(database: FederDatabase(directory: dir)).save(original)
        #expect(saved.id != nil)

        let reopened = AttemptStore(database: try FederDatabase(directory: dir))
        let loaded = try #require(try await reopened.attempt(id: saved.id!))
        #expect(loaded == saved)
        #expect(loaded.ink.strokes[0][0].pressure == 0.3)
        #expect(loaded.ink.strokes[0][0].tiltX == -10)
        #expect(try await reopened.count() == 1)
    }

    @Test func savingAgainUpdatesInsteadOfDuplicating() async throws {
        let dir = tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = AttemptStore(database: try FederDatabase(directory: dir))
        var record = try await store.save(sampleAttempt(completed: false))
        record.completed = true
        record.ink.strokes.append([PenSample(x: 5, y: 5, t: 1)])
        try await store.save(record)
        #expect(try await store.count() == 1)
        #expect(try await store.attempt(id: record.id!)?.completed == true)
        #expect(try await store.attempt(id: record.id!)?.ink.strokes.count == 2)
    }

    @Test func recentListsNewestFirstAndFiltersByChild() async throws {
        let dir = tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = AttemptStore(database: try FederDatabase(directory: dir))
        let a = try await store.save(sampleAttempt())
        let b = try await store.save(sampleAttempt())
        #expect(try await store.recent().map(\.id) == [b.id, a.id])
        #expect(try await store.recent(childID: a.childID).map(\.id) == [a.id])
    }

    @Test func dataDirectoryPrefersTheFlagThenTheEnvironment() {
        #expect(DataDirectory.resolve(explicit: "/x/y", environment: ["FEDER_DATA": "/env"]).path == "/x/y")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["FEDER_DATA": "/env"]).path == "/env")
        #if os(Linux)
        #expect(DataDirectory.resolve(explicit: nil, environment: ["HOME": "/home/k"]).path == "/home/k/.local/share/feder")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg"]).path == "/xdg/feder")
        #endif
    }
}
