import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// `start` with `next`: the scheduler's letter, and for a Schulschrift child whose round is done, a
/// word of learnt letters.
@Suite("Scheduled start")
struct ScheduledStartTests {
    typealias H = SessionConnectionTests.Harness

    func startedChar(_ replies: [ServerMessage]) -> String? {
        for reply in replies { if case .started(_, let glyph, _, _, _, _, _) = reply { return glyph.char } }
        return nil
    }

    @Test func aNewChildStartsWithTheCoursesFirstLetter() async throws {
        var h = try H()
        _ = await h.send(#"{"type":"hello","child":"\#(SessionConnectionTests.childID)"}"#)
        #expect(startedChar(await h.send(#"{"type":"start","next":true}"#)) == "M")
        let child = try await h.store.child(id: SessionConnectionTests.childID)
        #expect(child.learner.round?.slots.count == 5, "today's round is stored")
    }

    @Test func withoutAChildTheSchedulerIsRefused() async throws {
        var h = try H()
        let replies = await h.send(#"{"type":"start","next":true}"#)
        #expect(replies.contains { if case .error(_, let e) = $0 { e.code == .noChild } else { false } })
    }

    @Test func aSchulschriftChildGetsAWordOfLearntLettersAfterTheRound() async throws {
        var h = try H()
        var child = try await h.store.child(id: SessionConnectionTests.childID)
        child.script = "schul"
        for char in ["M", "m", "a", "A"] {
            var p = LetterProgress()
            p.sessions = 5
            p.recentScores = [0.9, 0.9, 0.9, 0.9, 0.9]
            child.learner.letters["schul/\(char)"] = p
        }
        // Today's round, already done.
        let today = CalendarDay(h.clock.serverClock.wall(), timeZone: h.clock.serverClock.timeZone)
        child.learner.round = DailyRound(day: today, slots: [.init(key: "schul/M", kind: .review, priority: 0.1, done: true)])
        try await h.store.save(child)
        _ = await h.send(#"{"type":"hello","child":"\#(SessionConnectionTests.childID)"}"#)
        let replies = await h.send(#"{"type":"start","next":true}"#)
        #expect(startedChar(replies) == "Mama")
        #expect(replies.contains { if case .started(_, _, _, _, _, let pick?, _) = $0 { pick.kind == "word" && pick.extra } else { false } })
    }
}
