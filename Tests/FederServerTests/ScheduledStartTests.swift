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

    /// Research keeps why a letter was practised: every record of a scheduled lesson carries the
    /// scheduler's priority and kind (brief §9); a letter asked for carries none.
    @Test func theRecordsOfAScheduledLetterCarryItsPriority() async throws {
        var h = try H()
        _ = await h.send(#"{"type":"hello","child":"\#(SessionConnectionTests.childID)"}"#)
        _ = await h.send(#"{"type":"start","next":true}"#)
        let child = try await h.store.child(id: SessionConnectionTests.childID)
        let slot = try #require(child.learner.round?.slots.first)
        _ = await h.passObserveAndDirect(try SessionConnectionTests.library.glyph("M", script: "druck"))
        _ = await h.send(#"{"type":"start","glyph":"L"}"#)  // asked for: ends M (abandoned) and begins L
        _ = await h.send(#"{"type":"end"}"#)
        let rows = try SessionConnectionTests.recordsOfLesson(h)
        let scheduled = rows.filter { $0.glyph == "M" }
        #expect(scheduled.map(\.phase) == ["observe", "direct", "guided"])
        for row in scheduled {
            #expect(row.record?.pick == SchedulerPick(priority: slot.priority, kind: slot.kind, extra: false), "\(row.phase)")
        }
        let asked = rows.filter { $0.glyph == "L" }
        #expect(!asked.isEmpty && asked.allSatisfy { $0.record?.pick == nil })
    }

    /// A scheduled letter resumed on a new connection keeps its pick on the records written after.
    @Test func aResumedScheduledLetterKeepsItsPriority() async throws {
        var h = try H()
        _ = await h.send(#"{"type":"hello","child":"\#(SessionConnectionTests.childID)"}"#)
        let opening = await h.send(#"{"type":"start","next":true}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        let child = try await h.store.child(id: SessionConnectionTests.childID)
        let slot = try #require(child.learner.round?.slots.first)
        let glyph = try SessionConnectionTests.library.glyph("M", script: "druck")
        _ = await h.passObserveAndDirect(glyph)
        await h.connection.close()

        var again = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(SessionConnectionTests.childID)"}"#, to: &again)
        let replies = await ResumeOwnershipTests.send(
            #"{"type":"start","glyph":"M","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#, to: &again)
        #expect(ResumeBehindTests.resumed(replies) != nil, "\(replies)")
        _ = await ResumeOwnershipTests.send(#"{"type":"restart"}"#, to: &again)
        let restarted = try SessionConnectionTests.recordsOfLesson(h).filter { $0.phase == "guided" && $0.outcome == "restarted" }
        #expect(restarted.count == 1)
        #expect(restarted.first?.record?.pick == SchedulerPick(priority: slot.priority, kind: slot.kind, extra: false))
    }
}
