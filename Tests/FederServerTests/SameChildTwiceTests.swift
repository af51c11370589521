import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// The same child writing in two tabs (or on two tablets) at once: each connection kept its own
/// learner model and the last to finish a letter overwrote the other's letter.
@Suite("One child, two connections")
struct SameChildTwiceTests {
    typealias T = SessionConnectionTests
    static let child = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    /// Starts `char` on `connection`, passes observe and direct, traces and writes it, and waits out
    /// the quiet end of free writing: the letter is finished and learnt.
    static func finish(_ char: String, on connection: inout SessionConnection, _ h: inout T.Harness, startTime: Double) async throws {
        swap(&h.connection, &connection)
        defer { swap(&h.connection, &connection) }
        let glyph = try T.library.glyph(char, script: "druck")
        _ = await h.passObserveAndDirect(glyph)
        _ = await h.write(PenSimulator().strokes(for: glyph, startTime: startTime))
        _ = await h.write(PenSimulator().strokes(for: glyph, startTime: startTime + 20))
        h.clock.advance(2.5)
        let end = await h.connection.tick()
        #expect(end.contains { if case .progress = $0 { true } else { false } }, "\(char) finished: \(end)")
    }

    @Test func lettersFinishedInTwoTabsAreBothLearnt() async throws {
        var h = try T.Harness()
        var first = ResumeOwnershipTests.reconnect(h)
        var second = ResumeOwnershipTests.reconnect(h)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(Self.child)"}"#, to: &first)
        _ = await ResumeOwnershipTests.send(#"{"type":"hello","child":"\#(Self.child)"}"#, to: &second)
        // Both letters are under way before either ends.
        _ = await ResumeOwnershipTests.send(#"{"type":"start","glyph":"L"}"#, to: &first)
        _ = await ResumeOwnershipTests.send(#"{"type":"start","glyph":"O"}"#, to: &second)
        try await Self.finish("L", on: &first, &h, startTime: 10)
        try await Self.finish("O", on: &second, &h, startTime: 60)

        let stored = try await h.store.child(id: Self.child, now: Date())
        let learnt = Set(stored.learner.letters.keys)
        #expect(learnt.contains { $0.hasSuffix("L") } && learnt.contains { $0.hasSuffix("O") }, "both letters are in the model: \(learnt)")

        // And a third letter in the first tab keeps the second tab's.
        _ = await ResumeOwnershipTests.send(#"{"type":"start","glyph":"T"}"#, to: &first)
        try await Self.finish("T", on: &first, &h, startTime: 110)
        let later = Set(try await h.store.child(id: Self.child, now: Date()).learner.letters.keys)
        #expect(later.isSuperset(of: learnt) && later.count == learnt.count + 1, "\(later)")
    }
}
