import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// Wrong PINs sent all at once: each is counted before the next is looked at.
@Suite("The PIN lock under a burst of tries")
struct GateKeeperRaceTests {
    @Test func fortyWrongPinsAtOnceMeetTheLockAfterFive() async throws {
        let database = try FederDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let keeper = GateKeeper(store: KeyValueStore(database: database, now: { now }), now: { now }, hashCost: 4)
        try await keeper.setPIN("4711")
        let challenge = try #require(try? await keeper.issue().get())
        guard case .pinRequired(let pass) = try await keeper.answer(challengeID: challenge.id, answer: "\(challenge.number)") else {
            Issue.record("the task's answer asks for the PIN")
            return
        }
        let outcomes = try await withThrowingTaskGroup(of: GateKeeper.Outcome.self) { group in
            for _ in 0..<40 { group.addTask { try await keeper.enterPIN(pass: pass, pin: "0000") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let wrong = outcomes.filter { if case .wrong = $0 { true } else { false } }.count
        let locked = outcomes.filter { if case .locked = $0 { true } else { false } }.count
        #expect(wrong == LockoutPolicy.pin.failuresPerLock - 1, "\(outcomes)")
        #expect(locked >= 1 && wrong + locked + outcomes.filter { $0 == .unknown }.count == 40)
        // Even the right PIN waits now, and the stored state says locked after five failures.
        #expect(try await keeper.enterPIN(pass: pass, pin: "4711") != .signedIn)
        let stored = try #require(try await KeyValueStore(database: database).get(GateKeeper.pinKey))
        let state = try JSONDecoder().decode(GateKeeper.PinState.self, from: stored.value)
        #expect(state.lockout.isLocked(at: now))
    }
}
