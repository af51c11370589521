import FederCore
import Foundation
import Testing
@testable import FederServer

/// A page reloaded in the middle of tracing has lost its view of the letter: `resumed` says how far
/// the strokes the server holds traced it, so the page can show the traced strokes again.
@Suite("Resuming says how far tracing came")
struct ResumeTracedTests {
    typealias T = SessionConnectionTests

    static func traced(_ replies: [ServerMessage]) -> (strokes: Int, traced: TracedSoFar?)? {
        for case .resumed(_, _, _, _, let strokes, let traced, _) in replies { return (strokes, traced) }
        return nil
    }

    @Test func aResumeInTracingNamesTheStrokesAlreadyTraced() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(ResumeOwnershipTests.first)"}"#)
        let (lesson, _) = try await h.writeFirstStrokeOfA()
        await h.connection.close()

        var again = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(ResumeOwnershipTests.first)"}"#, to: &again)
        let replies = await ResumeOwnershipTests.send(
            #"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#, to: &again)
        let resumed = try #require(Self.traced(replies), "\(replies)")
        #expect(resumed.strokes == 1)
        let traced = try #require(resumed.traced, "tracing says how far it came")
        #expect(traced.stroke == 1 && traced.checkpoint == 0, "the first stroke is traced whole, nothing of the second")
        let glyph = try T.library.glyph("A", script: "druck")
        let checkpoints = GlyphGuides(glyph: glyph).checkpointCount
        let firstStroke = GlyphGuides(glyph: glyph).checkpointArcLengths[0].count
        #expect(abs(traced.progress - Double(firstStroke) / Double(checkpoints)) < 1e-9)

        // On the wire, as the page reads it.
        let reply = try #require(replies.first { if case .resumed = $0 { true } else { false } })
        let json = try #require(String(data: JSONEncoder().encode(reply), encoding: .utf8))
        #expect(json.contains(#""traced":{"#) && json.contains(#""stroke":1"#))
    }

    @Test func aResumeOutsideTracingSaysNothingOfIt() async throws {
        var h = try T.Harness()
        _ = await h.send(#"{"type":"hello","child":"\#(ResumeOwnershipTests.first)"}"#)
        let opening = await h.send(#"{"type":"start","glyph":"A"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(opening))
        await h.connection.close()

        var again = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(ResumeOwnershipTests.first)"}"#, to: &again)
        let replies = await ResumeOwnershipTests.send(
            #"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"observe","attempt":1}}"#, to: &again)
        let resumed = try #require(Self.traced(replies), "\(replies)")
        #expect(resumed.strokes == 0 && resumed.traced == nil)
    }
}

/// Resumed twice (two reloads, or the network lost twice) before the next stroke: the kept strokes
/// are replayed once each.
@Suite("Resuming twice")
struct ResumeTwiceTests {
    typealias T = SessionConnectionTests

    @Test func aStrokeKeptAcrossTwoResumesIsKeptOnce() async throws {
        var h = try T.Harness()
        let hello = #"{"type":"hello","child":"\#(ResumeOwnershipTests.first)"}"#
        _ = await h.send(hello)
        let (lesson, strokes) = try await h.writeFirstStrokeOfA()
        await h.connection.close()
        let resume = #"{"type":"start","glyph":"A","resume":{"lesson":"\#(lesson)","phase":"guided","attempt":1}}"#

        var second = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(hello, to: &second)
        #expect(ResumeTracedTests.traced(await ResumeOwnershipTests.send(resume, to: &second))?.strokes == 1)
        await second.close()
        #expect(try await h.store.draftCount() == 1, "the kept stroke is not drafted again")

        var third = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(hello, to: &third)
        #expect(ResumeTracedTests.traced(await ResumeOwnershipTests.send(resume, to: &third))?.strokes == 1)
        let rest = strokes.dropFirst().map { stroke in stroke.map { PenSample(x: $0.x, y: $0.y, t: $0.t + 60) } }
        for stroke in rest {
            let samples = String(decoding: try JSONEncoder().encode(Array(stroke.dropFirst())), as: UTF8.self)
            let first = String(decoding: try JSONEncoder().encode(stroke[0]), as: UTF8.self)
            _ = await ResumeOwnershipTests.send(#"{"type":"down","pointer":"pen","sample":\#(first)}"#, to: &third)
            _ = await ResumeOwnershipTests.send(#"{"type":"move","samples":\#(samples)}"#, to: &third)
            _ = await ResumeOwnershipTests.send(#"{"type":"up"}"#, to: &third)
        }
        let guided = try T.recordsOfLesson(h).filter { $0.phase == "guided" && !$0.recovered }
        #expect(guided.map(\.outcome) == ["passed"], "\(guided.map(\.outcome))")
        #expect(guided.first?.ink?.strokes.count == strokes.count, "each stroke once")
    }
}
