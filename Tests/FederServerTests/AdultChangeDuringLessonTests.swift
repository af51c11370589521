import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// An adult may change a child's profile while the child is writing on another tablet. The live
/// session must neither undo that change when it stores the learner model nor keep using the old
/// settings for the next letter.
@Suite("Adult change during a lesson")
struct AdultChangeDuringLessonTests {
    typealias H = SessionConnectionTests.Harness
    static let child = SessionConnectionTests.childID

    func startedProfile(_ replies: [ServerMessage]) -> ProfileInfo? {
        for reply in replies { if case .started(_, _, _, _, _, _, let profile) = reply { return profile } }
        return nil
    }

    func planScale(_ replies: [ServerMessage]) -> Double? {
        for event in SessionConnectionTests.events(replies) {
            if case .phaseStarted(_, _, let display) = event { return display.letterScale }
        }
        return nil
    }

    @Test func aChangeMadeMidLetterSurvivesTheLettersEndAndShapesTheNextLetter() async throws {
        var h = try H()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        let first = await h.send(#"{"type":"start","next":true}"#)
        #expect(startedProfile(first)?.sound == true)
        #expect(planScale(first) == 1)

        // Meanwhile, in the adult area: sound off, small letters, a nickname.
        _ = try await h.store.children.update(id: Self.child, now: Date()) { child in
            child.settings.sound = false
            child.settings.letterScaleOverride = 0.5
            child.displayName = "Lea"
        }

        // The child leaves the letter for another (the session stores its learner model) …
        let second = await h.send(#"{"type":"start","glyph":"a"}"#)
        let stored = try #require(try await h.store.children.find(id: Self.child))
        #expect(!stored.settings.sound && stored.settings.letterScaleOverride == 0.5 && stored.displayName == "Lea",
                "the adult's change is still stored")
        // … and the new letter is planned and spoken with the adult's settings.
        #expect(startedProfile(second)?.sound == false)
        #expect(startedProfile(second)?.name == "Lea")
        #expect(planScale(second) == 0.5)
    }
}
