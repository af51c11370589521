import FederCore
import FederStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FederServer

/// Deleting a child through the adults' route, and what a tablet that was writing as that child
/// hears: `child_deleted` at its next letter and at every later `hello`, never a new profile.
@Suite("Deleting a child: route and live session")
struct ChildDeletionRouteTests {
    /// The error codes of a reply, in order (the letter in flight may first fail to be stored).
    func codes(_ replies: [ServerMessage]) -> [ProtocolError.Code] {
        replies.compactMap { if case .error(_, let e) = $0 { e.code } else { nil } }
    }

    @Test func anAdultDeletesAChildOnceAndOnlyWithASession() async throws {
        let h = try AdultAreaTests.Harness()
        let child = try await h.services.children.create(avatar: Avatar(animal: .maus, colour: .gelb), displayName: "Lotta", now: Date())
        try await h.app.test(.router) { client in
            let uri = "/api/v1/children/\(child.id)"
            #expect(try await client.execute(uri: uri, method: .delete).status == .unauthorized)
            #expect(try await h.services.children.find(id: child.id) != nil)
            let (_, cookie) = try await AdultAreaTests.answerGate(client)
            let deleted = try await client.execute(uri: uri, method: .delete, headers: [.cookie: cookie!])
            #expect(deleted.status == .noContent)
            #expect(try await h.services.children.find(id: child.id) == nil)
            let again = try await client.execute(uri: uri, method: .delete, headers: [.cookie: cookie!])
            #expect(again.status == .notFound)
            #expect(try await client.execute(uri: "/api/v1/children/not-a-uuid", method: .delete, headers: [.cookie: cookie!]).status == .badRequest)
        }
    }

    @Test func aTabletWritingAsTheChildIsToldAtItsNextLetterAndAtEveryHello() async throws {
        var h = try SessionConnectionTests.Harness()
        let id = SessionConnectionTests.childID
        _ = await h.send(#"{"type":"hello","child":"\#(id)"}"#)
        _ = await h.send(#"{"type":"start","glyph":"L"}"#)
        #expect(try await h.store.children.delete(id: id, now: Date()))

        let next = await h.send(#"{"type":"start","glyph":"M"}"#)
        #expect(codes(next).last == .childDeleted, "\(next)")
        #expect(!next.contains { if case .started = $0 { true } else { false } }, "no letter for a deleted child")
        let hello = await h.send(#"{"type":"hello","child":"\#(id)"}"#)
        #expect(codes(hello).last == .childDeleted, "\(hello)")
        #expect(try await h.store.children.find(id: id) == nil, "no profile made again for the deleted id")
        // Writing as nobody still works on the same connection, and is stored: nothing of the
        // deleted child waits in front of it.
        let nobody = await h.send(#"{"type":"start","glyph":"M"}"#)
        #expect(nobody.contains { if case .started = $0 { true } else { false } })
        let stored = await h.passObserveAndDirect(try SessionConnectionTests.library.glyph("M", script: "druck"))
        #expect(codes(stored).isEmpty, "\(codes(stored))")
        let rows = try await h.store.recentRecords(limit: 10)
        #expect(rows.map(\.phase).sorted() == ["direct", "observe"] && rows.allSatisfy { $0.childID == nil }, "\(rows.map(\.phase))")
    }
}
