import Foundation
import Testing
@testable import FederCore

@Suite("Adult gate")
struct AdultGateTests {
    @Test func numbersAreWrittenAsGermanWords() {
        #expect(GermanNumberWords.words(347) == "dreihundertsiebenundvierzig")
        #expect(GermanNumberWords.words(101) == "einhunderteins")
        #expect(GermanNumberWords.words(111) == "einhundertelf")
        #expect(GermanNumberWords.words(730) == "siebenhundertdreißig")
        #expect(GermanNumberWords.words(916) == "neunhundertsechzehn")
        #expect(GermanNumberWords.words(21) == "einundzwanzig")
        #expect(GermanNumberWords.words(0) == "null")
    }

    @Test func everyNumberHasItsOwnWords() {
        let words = (0...999).map(GermanNumberWords.words)
        #expect(Set(words).count == 1000)
        #expect(words.allSatisfy { $0.allSatisfy(\.isLetter) })
    }

    @Test func aTaskShowsNoDigitsAndAcceptsOnlyItsNumber() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let task = GateChallenge.make(using: &random)
            #expect((100...999).contains(task.number))
            #expect(!task.instruction.contains { $0.isNumber })
            #expect(Set(task.keypad) == Set(0...9))
            #expect(task.accepts(String(task.number)) && task.accepts(" \(task.number) "))
            #expect(!task.accepts(String(task.number + 1)) && !task.accepts("0\(task.number)") && !task.accepts(""))
        }
    }

    @Test func tasksAreNewEachTime() {
        var random = SystemRandomNumberGenerator()
        let tasks = (0..<50).map { _ in GateChallenge.make(using: &random) }
        #expect(Set(tasks.map(\.id)).count == 50)
        #expect(Set(tasks.map(\.number)).count > 40)
    }

    @Test func locksGrowAndASuccessForgetsThem() {
        let t0 = Date(timeIntervalSince1970: 0)
        var state = LockoutState()
        for _ in 0..<4 { state = state.failing(at: t0, policy: .pin) }
        #expect(!state.isLocked(at: t0))
        state = state.failing(at: t0, policy: .pin)
        #expect(state.isLocked(at: t0) && state.secondsLeft(at: t0) == 30)
        #expect(state.failing(at: t0.addingTimeInterval(10), policy: .pin) == state, "tries while locked do not count")
        var t = t0.addingTimeInterval(30)
        for _ in 0..<5 { state = state.failing(at: t, policy: .pin) }
        #expect(state.secondsLeft(at: t) == 60)
        for _ in 0..<10 { t = t.addingTimeInterval(4000); for _ in 0..<5 { state = state.failing(at: t, policy: .pin) } }
        #expect(state.secondsLeft(at: t) == 3600, "at most an hour")
        #expect(state.succeeding() == LockoutState())
    }

    @Test func theGatesLocksStartOverAfterTenQuietMinutesThePinsDoNot() {
        let t0 = Date(timeIntervalSince1970: 0)
        var gate = LockoutState(), pin = LockoutState()
        for _ in 0..<3 { gate = gate.failing(at: t0, policy: .gate) }
        gate = (0..<3).reduce(gate) { s, _ in s.failing(at: t0.addingTimeInterval(60), policy: .gate) }
        #expect(gate.secondsLeft(at: t0.addingTimeInterval(60)) == 120, "the second lock is longer")
        let later = t0.addingTimeInterval(180 + 600)
        gate = (0..<3).reduce(gate) { s, _ in s.failing(at: later, policy: .gate) }
        #expect(gate.secondsLeft(at: later) == 60, "ten quiet minutes after the lock: a minute again")
        for _ in 0..<5 { pin = pin.failing(at: t0, policy: .pin) }
        let muchLater = t0.addingTimeInterval(86_400)
        for _ in 0..<5 { pin = pin.failing(at: muchLater, policy: .pin) }
        #expect(pin.secondsLeft(at: muchLater) == 60, "a PIN guesser cannot wait the locks out")
    }
}
