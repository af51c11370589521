import FederCore
import Foundation
import Testing
@testable import FederServer

/// `start` with a word of the Schulschrift: the word is built with its joins and taught like a letter.
@Suite("Starting a word")
struct WordStartTests {
    @Test func aSchulschriftWordIsTracedThroughGuidedToDone() async throws {
        var h = try SessionConnectionTests.Harness()
        let replies = await h.send(#"{"type":"start","word":"Oma"}"#)
        let started = replies.contains { if case .started = $0 { true } else { false } }
        #expect(started && SessionConnectionTests.errorCode(replies) == nil)
        let oma = try WordBuilder(library: SessionConnectionTests.library, script: "schul").build("Oma")
        _ = await h.passObserveAndDirect(oma)
        let traced = await h.write(PenSimulator().strokes(for: oma, startTime: 5))
        #expect(SessionConnectionTests.events(traced).contains(.tracker(.letterDone)))
        let guided = try await h.store.recentRecords().first { $0.phase == "guided" }
        #expect(guided?.glyph == "Oma" && guided?.script == "schul")
    }

    @Test(arguments: [
        (#"{"type":"start","word":"Om@"}"#, ProtocolError.Code.unknownGlyph),
        (#"{"type":"start","word":"Oma","script":"gotisch"}"#, .unknownScript),
        (#"{"type":"start","word":"Oma","glyph":"O"}"#, .invalidMessage),
        (#"{"type":"start","word":""}"#, .invalidMessage),
    ])
    func wordsThatCannotBeBuiltGetTypedErrors(message: String, expected: ProtocolError.Code) async throws {
        var h = try SessionConnectionTests.Harness()
        #expect(SessionConnectionTests.errorCode(await h.send(message)) == expected)
    }
}
