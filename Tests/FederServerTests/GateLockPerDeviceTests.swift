import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// A child drumming on the gate of its tablet locks the reading task there, not on the teacher's
/// laptop (until 2026-11-29 one lock held for every device).
@Suite("The reading task's lock is per device")
struct GateLockPerDeviceTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    /// Never the task's number (its numbers have three digits).
    static func wrongAnswer(to challenge: GateChallenge) -> String { "7" }

    @Test func wrongNumbersOnOneTabletLeaveAnotherDeviceOpen() async throws {
        let clock = Clock()
        let database = try FederDatabase.inMemory()
        let keeper = GateKeeper(store: KeyValueStore(database: database, now: { clock.now }), now: { clock.now }, hashCost: 4)
        let tablet = "192.168.1.23", laptop = "127.0.0.1"
        var outcomes: [GateKeeper.Outcome] = []
        for _ in 0..<LockoutPolicy.gate.failuresPerLock {
            let task = try await keeper.issue(device: tablet).get()
            outcomes.append(try await keeper.answer(challengeID: task.id, answer: Self.wrongAnswer(to: task), device: tablet))
        }
        #expect(outcomes.last == .locked(seconds: 60), "\(outcomes)")
        // The tablet is locked: no task, and a task fetched before is refused.
        #expect(await keeper.issue(device: tablet) == .failure(.init(seconds: 60)))
        // The laptop gets its task and gets in with the right number.
        let task = try await keeper.issue(device: laptop).get()
        #expect(try await keeper.answer(challengeID: task.id, answer: "\(task.number)", device: laptop) == .signedIn)
        // A task fetched on the laptop and answered from the locked tablet is still refused there.
        let other = try await keeper.issue(device: laptop).get()
        #expect(try await keeper.answer(challengeID: other.id, answer: "\(other.number)", device: tablet) == .locked(seconds: 60))
        // A minute later the tablet's lock is open again.
        clock.now += 61
        let again = try await keeper.issue(device: tablet).get()
        #expect(try await keeper.answer(challengeID: again.id, answer: "\(again.number)", device: tablet) == .signedIn)
    }

    /// A tablet whose gate is opened again and again drops its own older tasks, never the task the
    /// teacher is reading on the laptop.
    @Test func aTabletOpeningTheGateAgainAndAgainLeavesTheLaptopsTaskAlone() async throws {
        let clock = Clock()
        let keeper = GateKeeper(store: KeyValueStore(database: try FederDatabase.inMemory(), now: { clock.now }),
                                now: { clock.now }, hashCost: 4)
        let laptops = try await keeper.issue(device: "127.0.0.1").get()
        for _ in 0..<(GateKeeper.maxChallenges + 10) {
            clock.now += 0.1
            _ = try await keeper.issue(device: "192.168.1.23").get()
        }
        #expect(try await keeper.answer(challengeID: laptops.id, answer: "\(laptops.number)", device: "127.0.0.1") == .signedIn)
    }

    @Test func theLocksKeptStayBoundedAndTheLockedOnesStay() async throws {
        let clock = Clock()
        let keeper = GateKeeper(store: KeyValueStore(database: try FederDatabase.inMemory(), now: { clock.now }),
                                now: { clock.now }, hashCost: 4)
        // One device locked, then more devices than are kept each answer one wrong number.
        for _ in 0..<LockoutPolicy.gate.failuresPerLock {
            let task = try await keeper.issue(device: "locked").get()
            _ = try await keeper.answer(challengeID: task.id, answer: Self.wrongAnswer(to: task), device: "locked")
        }
        for device in 0..<(GateKeeper.maxDeviceLocks + 50) {
            let task = try await keeper.issue(device: "d\(device)").get()
            _ = try await keeper.answer(challengeID: task.id, answer: Self.wrongAnswer(to: task), device: "d\(device)")
        }
        #expect(await keeper.keptDeviceLocks <= GateKeeper.maxDeviceLocks)
        if case .failure = await keeper.issue(device: "locked") {} else { Issue.record("the locked device was forgotten") }
    }
}
