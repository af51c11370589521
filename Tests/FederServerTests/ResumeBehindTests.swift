import FederCore
import FederStore
import Foundation
import GRDB
import Testing
@testable import FederServer

/// The reply that closed the page's attempt can be lost with the connection after the server stored
/// it: the page then asks to resume an attempt the server has already closed. Reopening it stored
/// the attempt twice and, at the letter's end, counted the letter twice (jar, learner model).
@Suite("Resuming when the page is behind")
struct ResumeBehindTests {
    typealias T = SessionConnectionTests
    static let child = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    static func resumed(_ replies: [ServerMessage]) -> (phase: LessonPhase, attempt: Int)? {
        for case .resumed(_, _, let phase, let attempt, _, _, _) in replies { return (phase, attempt) }
        return nil
    }

    static func letterSessions(_ h: T.Harness) throws -> Int {
        try h.database.writer.read { db in try LetterSessionRow.fetchCount(db) }
    }

    /// A child on a fresh connection, starting `char` and passing observe and direct.
    static func lessonInGuided(_ char: String = "L") async throws -> (T.Harness, lesson: String, glyph: Glyph) {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(child)"}"#)
        let opening = await h.send(#"{"type":"start","glyph":"\#(char)"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        let glyph = try T.library.glyph(char, script: "druck")
        _ = await h.passObserveAndDirect(glyph)
        return (h, lesson, glyph)
    }

    @Test func aPassedAttemptWhoseReplyWasLostIsNotReopened() async throws {
        var (h, lesson, glyph) = try await Self.lessonInGuided()
        let traced = await h.write(PenSimulator().strokes(for: glyph, startTime: 10))
        #expect(traced.contains { if case .stored(_, _, .guided, true) = $0 { true } else { false } })
        await h.connection.close()  // the page never heard that guided passed

        var again = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(Self.child)"}"#, to: &again)
        let replies = await ResumeOwnershipTests.send(
            #"{"type":"start","glyph":"L","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#, to: &again)
        #expect(T.errorCode(replies) == nil, "\(replies)")
        let at = try #require(Self.resumed(replies))
        #expect(at.phase == .freeWrite && at.attempt == 1, "the lesson goes on after the passed attempt")
        let guided = try T.recordsOfLesson(h).filter { $0.phase == "guided" }
        #expect(guided.map(\.outcome) == ["passed"], "guided is stored once")
    }

    @Test func aFinishedLetterWhoseEndWasLostIsAnsweredAndCountedOnce() async throws {
        var (h, lesson, glyph) = try await Self.lessonInGuided()
        _ = await h.write(PenSimulator().strokes(for: glyph, startTime: 10))
        _ = await h.write(PenSimulator().strokes(for: glyph, startTime: 30))
        h.clock.advance(2.5)
        let end = await h.connection.tick()
        #expect(end.contains { if case .events(_, let events, _) = $0 { events.contains { if case .letterFinished = $0 { true } else { false } } } else { false } })
        await h.connection.close()
        let records = try T.recordsOfLesson(h).count
        #expect(try Self.letterSessions(h) == 1)

        var again = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(Self.child)"}"#, to: &again)
        let replies = await ResumeOwnershipTests.send(
            #"{"type":"start","glyph":"L","resume":{"lesson":"\#(lesson)","phase":"freeWrite","attempt":1}}"#, to: &again)
        #expect(T.errorCode(replies) == .letterFinished, "\(replies)")
        #expect(Self.resumed(replies) == nil)
        await again.close()
        #expect(try T.recordsOfLesson(h).count == records, "nothing is stored twice")
        #expect(try Self.letterSessions(h) == 1, "the letter counts once")
    }

    /// A connection that closes on an empty guided slate records the attempt as abandoned; when the
    /// page resumes it and the child passes it, that record goes: the attempt is stored once (it
    /// was twice, and the dashboard showed a child who passed everything at 50 %, a review found).
    @Test func anAttemptLeftOnAnEmptySlateAndResumedIsStoredOnce() async throws {
        var (h, lesson, glyph) = try await Self.lessonInGuided()
        await h.connection.close()
        #expect(try T.recordsOfLesson(h).filter { $0.phase == "guided" }.map(\.outcome) == ["abandoned"])

        h.connection = ResumeOwnershipTests.reconnect(h)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let replies = await h.send(#"{"type":"start","glyph":"L","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#)
        let at = try #require(Self.resumed(replies), "\(replies)")
        #expect(at.phase == .guided && at.attempt == 1)
        let traced = await h.write(PenSimulator().strokes(for: glyph, startTime: 10))
        #expect(traced.contains { if case .stored(_, _, .guided, true) = $0 { true } else { false } })
        let guided = try T.recordsOfLesson(h).filter { $0.phase == "guided" }
        #expect(guided.map(\.outcome) == ["passed"] && guided.map(\.attempt) == [1], "\(guided.map(\.outcome))")
    }

    /// The other order: the page resumed on a new connection and began writing before the old one
    /// closed on its empty slate. The old connection's empty attempt is not stored and leaves the
    /// resumed attempt's drafts alone.
    @Test func anOldConnectionClosingLateOnAnEmptySlateLeavesTheResumedAttemptAlone() async throws {
        var (h, lesson, glyph) = try await Self.lessonInGuided("H")
        var old = h.connection
        h.connection = ResumeOwnershipTests.reconnect(h)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let replies = await h.send(#"{"type":"start","glyph":"H","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#)
        #expect(Self.resumed(replies) != nil, "\(replies)")
        let strokes = PenSimulator().strokes(for: glyph, startTime: 10)
        _ = await h.write(Array(strokes.prefix(1)))
        let drafts = try await h.database.writer.read { db in try DraftStroke.fetchCount(db) }
        #expect(drafts == 1)
        await old.close()
        #expect(try T.recordsOfLesson(h).filter { $0.phase == "guided" }.isEmpty, "no empty attempt beside the resumed one")
        let after = try await h.database.writer.read { db in try DraftStroke.fetchCount(db) }
        #expect(after == drafts, "its drafts stay")
    }

    /// The same when the late-closing connection had itself resumed the lesson (a page that lost its
    /// link twice): it stored an empty abandoned attempt beside the newer one's and deleted the newer
    /// page's drafts, a review found.
    @Test func aResumedOldConnectionClosingLateLeavesTheNewerResumeAlone() async throws {
        var (h, lesson, glyph) = try await Self.lessonInGuided("H")
        let resume = #"{"type":"start","glyph":"H","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#
        await h.connection.close()
        h.connection = ResumeOwnershipTests.reconnect(h)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let first = await h.send(resume)
        #expect(Self.resumed(first) != nil, "\(first)")
        var old = h.connection
        h.connection = ResumeOwnershipTests.reconnect(h)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let second = await h.send(resume)
        #expect(Self.resumed(second) != nil, "\(second)")
        let strokes = PenSimulator().strokes(for: glyph, startTime: 10)
        _ = await h.write(Array(strokes.prefix(1)))
        let drafts = try await h.database.writer.read { db in try DraftStroke.fetchCount(db) }
        #expect(drafts == 1)
        await old.close()
        #expect(try T.recordsOfLesson(h).filter { $0.phase == "guided" }.map(\.outcome) == ["abandoned"],
                "only the first connection's empty attempt")
        let after = try await h.database.writer.read { db in try DraftStroke.fetchCount(db) }
        #expect(after == 1, "the newer page's draft stays")
        _ = await h.write(Array(strokes.dropFirst()))
        #expect(try T.recordsOfLesson(h).filter { $0.phase == "guided" }.map(\.outcome) == ["passed"], "stored once")
    }

    /// A stroke written, the server gone for a day, the attempt resumed and finished: its record
    /// begins when the attempt began, not at the resume (the kept stroke seemed written before its
    /// attempt started, a review found); it ends when it ended.
    @Test func aResumedAttemptKeepsWhenItBegan() async throws {
        var (h, lesson, glyph) = try await Self.lessonInGuided("H")
        let began = h.clock.serverClock.wall()
        let strokes = PenSimulator().strokes(for: glyph, startTime: 10)
        _ = await h.write(Array(strokes.prefix(1)))
        await h.connection.close()
        h.clock.advance(86_400)

        h.connection = ResumeOwnershipTests.reconnect(h)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let replies = await h.send(#"{"type":"start","glyph":"H","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#)
        #expect(Self.resumed(replies)?.phase == .guided, "\(replies)")
        let rest = strokes.dropFirst().map { $0.map { var s = $0; s.t += 86_400; return s } }
        _ = await h.write(Array(rest))
        let guided = try #require(try T.recordsOfLesson(h).first { $0.phase == "guided" && $0.outcome == "passed" })
        #expect(abs(guided.startedAt.timeIntervalSince(began)) < 30, "\(guided.startedAt) against \(began)")
        #expect(guided.endedAt.timeIntervalSince(began) > 86_400, "it ended after the resume")
        #expect(guided.activeSeconds < 60, "on screen since the resume")
    }

    @Test func afterARepeatedAttemptTheNextOneOpens() {
        func row(_ phase: String, _ attempt: Int, _ outcome: String, recovered: Bool = false) -> PhaseRecordRow {
            var row = PhaseRecordRow(lessonID: "l", childID: nil, condition: .threePhase, script: "druck", glyph: "L",
                                     variant: "standard", phase: phase, attempt: attempt, outcome: outcome,
                                     completed: outcome == "passed", pointer: .pen, startedAt: Date(), endedAt: Date(),
                                     activeSeconds: 1, score: nil, stars: nil, record: nil, ink: nil)
            row.recovered = recovered
            return row
        }
        let phases = StudyCondition.threePhase.phases
        let passedToFree = [row("observe", 1, "passed"), row("direct", 1, "passed"), row("guided", 1, "passed")]
        #expect(ResumePoint.of(passedToFree + [row("freeWrite", 1, "repeated")], requested: .freeWrite, attempt: 1, phases: phases)
                == .after(.freeWrite, attempt: 2))
        #expect(ResumePoint.of(passedToFree + [row("freeWrite", 1, "restarted")], requested: .freeWrite, attempt: 1, phases: phases)
                == .after(.freeWrite, attempt: 2))
        // Not behind: the page is in the attempt after the last closed one.
        #expect(ResumePoint.of(passedToFree, requested: .freeWrite, attempt: 1, phases: phases) == nil)
        // Recovered from drafts, or abandoned as the connection closed: resuming replaces or retries it.
        #expect(ResumePoint.of(passedToFree + [row("freeWrite", 1, "abandoned", recovered: true)], requested: .freeWrite, attempt: 1, phases: phases) == nil)
        #expect(ResumePoint.of([row("observe", 1, "passed"), row("direct", 1, "abandoned")], requested: .direct, attempt: 1, phases: phases) == nil)
        #expect(ResumePoint.of(passedToFree + [row("freeWrite", 1, "passed")], requested: .guided, attempt: 1, phases: phases) == .letterFinished)
    }
}

/// A direct attempt cut off after taps keeps them: the wrong taps are study data, and the attempt
/// counts once, whichever connection closes first.
@Suite("Resuming after taps in direct")
struct ResumeAfterTapsTests {
    typealias T = SessionConnectionTests
    static let glyph = try! T.library.glyph("H", script: "druck")

    /// A child on the harness's connection, in direct of H after a wrong tap and a right one.
    static func tappedThenCut() async throws -> (T.Harness, lesson: String) {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(ResumeBehindTests.child)"}"#)
        let opening = await h.send(#"{"type":"start","glyph":"H"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        _ = await h.send(#"{"type":"tap","point":[0,0]}"#)  // observe ends
        h.clock.advance(0.5)
        _ = await h.send(#"{"type":"tap","dot":2}"#)  // a dot not yet due
        h.clock.advance(0.5)
        _ = await h.send(#"{"type":"tap","dot":0}"#)
        return (h, lesson)
    }

    /// A new connection of the same child resuming direct's first attempt; `dots`: the start dots
    /// it must say were tapped before the cut.
    static func resumed(_ h: T.Harness, _ lesson: String, dots: Int = 0) async throws -> SessionConnection {
        var again = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(ResumeBehindTests.child)"}"#, to: &again)
        let replies = await ResumeOwnershipTests.send(
            #"{"type":"start","glyph":"H","resume":{"lesson":"\#(lesson)","phase":"direct","attempt":1}}"#, to: &again)
        let at = try #require(ResumeBehindTests.resumed(replies), "\(replies)")
        #expect(at.phase == .direct && at.attempt == 1, "the same attempt goes on: a cut is no try of the child's")
        var said: Int?
        for case .resumed(_, _, _, _, _, _, let d) in replies { said = d }
        #expect(said == dots, "the dots tapped before the cut: \(String(describing: said))")
        return again
    }

    /// Taps every start dot from `from` on, in order, and lets the pause after the last one pass.
    static func tapEveryDot(_ h: T.Harness, on connection: inout SessionConnection, from: Int = 0) async {
        for i in glyph.strokes.indices where i >= from {
            h.clock.advance(0.5)
            _ = await ResumeOwnershipTests.send(#"{"type":"tap","dot":\#(i)}"#, to: &connection)
        }
        h.clock.advance(1.5)
        _ = await connection.tick()
    }

    /// Direct is stored once, as attempt 1, passed, with the taps before the cut first.
    static func expectOneAttemptWithEveryTap(_ h: T.Harness) throws {
        let direct = try T.recordsOfLesson(h).filter { $0.phase == "direct" }
        #expect(direct.map(\.attempt) == [1] && direct.map(\.outcome) == ["passed"], "\(direct.map(\.outcome))")
        let taps = try #require(direct.first?.record?.direct?.taps)
        let n = glyph.strokes.count
        #expect(taps.count == 2 + n && taps.prefix(2).map(\.dot) == [2, 0], "the taps before the cut come first")
        #expect(direct.first?.record?.direct?.wrongTaps == 1)
        #expect(direct.first?.record?.errors.filter { $0.code == .wrongDot }.count == 1)
        let score = try #require(direct.first?.score)
        #expect(abs(score - Double(1 + n) / Double(2 + n)) < 1e-9, "the score counts every tap")
    }

    /// Its cut-off part stored, the resumed attempt goes on at the second dot (the page shows the
    /// first as done): the child who goes on from memory is right, and the attempt's taps read as
    /// one run of dots (until 2026-11-29 it began at the first dot again, and a child who went on
    /// with the second was marked wrong).
    @Test func theOldConnectionClosedFirst() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        await h.connection.close()
        var again = try await Self.resumed(h, lesson, dots: 1)
        await Self.tapEveryDot(h, on: &again, from: 1)
        let direct = try T.recordsOfLesson(h).filter { $0.phase == "direct" }
        #expect(direct.map(\.attempt) == [1] && direct.map(\.outcome) == ["passed"], "\(direct.map(\.outcome))")
        let taps = try #require(direct.first?.record?.direct?.taps)
        #expect(taps.map(\.dot) == [2] + Array(Self.glyph.strokes.indices), "every tap once, in the order tapped")
        #expect(taps.map(\.correct) == [false] + Self.glyph.strokes.map { _ in true })
        #expect(direct.first?.record?.errors.filter { $0.code == .wrongDot }.count == 1)
        let n = Self.glyph.strokes.count
        #expect(abs((direct.first?.score ?? 0) - Double(n) / Double(1 + n)) < 1e-9)
    }

    /// Cut off twice: the second resume goes on after the dots of both parts.
    @Test func anAttemptCutOffTwiceGoesOnAfterTheDotsOfBothParts() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        await h.connection.close()
        var second = try await Self.resumed(h, lesson, dots: 1)
        h.clock.advance(0.5)
        _ = await ResumeOwnershipTests.send(#"{"type":"tap","dot":1}"#, to: &second)
        await second.close()
        var third = try await Self.resumed(h, lesson, dots: 2)
        await Self.tapEveryDot(h, on: &third, from: 2)
        let direct = try T.recordsOfLesson(h).filter { $0.phase == "direct" }
        #expect(direct.map(\.outcome) == ["passed"], "\(direct.map(\.outcome))")
        #expect(direct.first?.record?.direct?.taps.map(\.dot) == [2] + Array(Self.glyph.strokes.indices))
    }

    /// The first part stored only after the second began at the first dot again (a silent network:
    /// the old connection closes late), then the second cut too: the third goes on where the last
    /// tap left the due dot — the first dot was tapped in both parts, and counting the right taps
    /// said two dots were done (a code review found it).
    @Test func aPartStoredLateIsNotCountedTwice() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        var second = try await Self.resumed(h, lesson, dots: 0)  // the first part's record not stored yet
        h.clock.advance(0.5)
        _ = await ResumeOwnershipTests.send(#"{"type":"tap","dot":0}"#, to: &second)
        await h.connection.close()
        await second.close()
        var third = try await Self.resumed(h, lesson, dots: 1)
        await Self.tapEveryDot(h, on: &third, from: 1)
        let direct = try T.recordsOfLesson(h).filter { $0.phase == "direct" }
        #expect(direct.map(\.outcome) == ["passed"], "\(direct.map(\.outcome))")
    }

    /// Every dot tapped before the cut: the resumed attempt passes after the usual pause, with no tap.
    @Test func anAttemptCutOffAfterItsLastDotPassesWhenResumed() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        for i in 1..<Self.glyph.strokes.count {
            h.clock.advance(0.2)
            _ = await h.send(#"{"type":"tap","dot":\#(i)}"#)
        }
        await h.connection.close()
        var again = try await Self.resumed(h, lesson, dots: Self.glyph.strokes.count)
        h.clock.advance(1.5)
        _ = await again.tick()
        let direct = try T.recordsOfLesson(h).filter { $0.phase == "direct" }
        #expect(direct.map(\.outcome) == ["passed"], "\(direct.map(\.outcome))")
        #expect(direct.first?.record?.direct?.taps.map(\.dot) == [2] + Array(Self.glyph.strokes.indices))
    }

    @Test func theOldConnectionClosedWhileTheResumedAttemptWentOn() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        var again = try await Self.resumed(h, lesson)
        await h.connection.close()  // a silent network: the server learns of it late
        await Self.tapEveryDot(h, on: &again)
        try Self.expectOneAttemptWithEveryTap(h)
    }

    @Test func theOldConnectionClosedAfterTheResumedAttemptWasStored() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        var again = try await Self.resumed(h, lesson)
        await Self.tapEveryDot(h, on: &again)
        await h.connection.close()
        try Self.expectOneAttemptWithEveryTap(h)
    }

    /// The child leaves the letter after more taps on the resumed attempt: still one record of the
    /// attempt (abandoned), with every tap in the order tapped.
    static func expectOneLeftAttempt(_ h: T.Harness) throws {
        let direct = try T.recordsOfLesson(h).filter { $0.phase == "direct" }
        #expect(direct.map(\.attempt) == [1] && direct.map(\.outcome) == ["abandoned"], "\(direct.map(\.outcome))")
        #expect(direct.first?.record?.direct?.taps.map(\.dot) == [2, 0, 2], "\(String(describing: direct.first?.record?.direct?.taps))")
        #expect(direct.first?.record?.direct?.wrongTaps == 2)
    }

    @Test func aResumedAttemptLeftAfterMoreTapsIsOneRecord() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        await h.connection.close()
        var again = try await Self.resumed(h, lesson, dots: 1)
        h.clock.advance(0.5)
        _ = await ResumeOwnershipTests.send(#"{"type":"tap","dot":2}"#, to: &again)
        _ = await ResumeOwnershipTests.send(#"{"type":"end"}"#, to: &again)
        try Self.expectOneLeftAttempt(h)
    }

    @Test func theOldConnectionClosedAfterTheResumedAttemptWasLeft() async throws {
        var (h, lesson) = try await Self.tappedThenCut()
        var again = try await Self.resumed(h, lesson)
        h.clock.advance(0.5)
        _ = await ResumeOwnershipTests.send(#"{"type":"tap","dot":2}"#, to: &again)
        _ = await ResumeOwnershipTests.send(#"{"type":"end"}"#, to: &again)
        await h.connection.close()
        try Self.expectOneLeftAttempt(h)
    }

    @Test func aDirectAttemptCutOffBeforeAnyTapIsTakenUpAgainAndCountsOnce() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(ResumeBehindTests.child)"}"#)
        let opening = await h.send(#"{"type":"start","glyph":"H"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        _ = await h.send(#"{"type":"tap","point":[0,0]}"#)
        await h.connection.close()
        var again = try await Self.resumed(h, lesson)
        await Self.tapEveryDot(h, on: &again)
        let direct = try T.recordsOfLesson(h).filter { $0.phase == "direct" }
        #expect(direct.map(\.outcome) == ["passed"] && direct.first?.record?.direct?.wrongTaps == 0, "\(direct.map(\.outcome))")
    }
}
