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
        #expect(try await h.store.children.delete(id: id, now: Date()) != nil)

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

    /// Found by a review: a resume was served to a deleted child whose lesson had nothing stored.
    @Test func aResumeForADeletedChildIsAnsweredChildDeleted() async throws {
        var h = try SessionConnectionTests.Harness()
        let id = SessionConnectionTests.childID
        _ = await h.send(#"{"type":"hello","child":"\#(id)"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(await h.send(#"{"type":"start","glyph":"L"}"#)))
        #expect(try await h.store.children.delete(id: id, now: Date()) != nil)
        let resumed = await h.send(#"{"type":"start","glyph":"L","resume":{"lesson":"\#(lesson)","phase":"observe","attempt":1}}"#)
        #expect(codes(resumed) == [.childDeleted], "\(resumed)")
        #expect(!resumed.contains { if case .started = $0 { true } else { false } }, "no letter for a deleted child")
        #expect(try await h.store.children.find(id: id) == nil)
    }

    /// Found by a review: a record of the deleted child that failed mid-letter was kept for another
    /// try and held back every record of the next child on the same tablet, and was logged in full
    /// when the tablet closed. Now it is dropped, the page hears `child_deleted`, the next child's
    /// letter is stored, and nothing of the deleted child is logged at close.
    @Test func aWriteThatFailsForTheDeletedChildIsDroppedAndHoldsBackNobody() async throws {
        let log = LogRecorder()
        var h = try SessionConnectionTests.Harness(logger: log.logger)
        let first = SessionConnectionTests.childID, second = "0b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e12"
        let l = try SessionConnectionTests.library.glyph("L", script: "druck")
        _ = await h.send(#"{"type":"hello","child":"\#(first)"}"#)
        _ = await h.send(#"{"type":"start","glyph":"L"}"#)
        #expect(try await h.store.children.delete(id: first, now: Date()) != nil)
        // The child goes on within the letter: its first record fails, the page hears why, and
        // the letter ends there (nothing more of it is stored, under no one's name).
        let within = await h.passObserveAndDirect(l)
        #expect(codes(within).first == .childDeleted && !codes(within).contains(.storageFailed), "\(codes(within))")
        #expect(codes(within).dropFirst().allSatisfy { $0 == .noSession }, "\(codes(within))")

        // Another child takes the tablet and writes a letter: stored, nothing waits in front of it.
        _ = await h.send(#"{"type":"hello","child":"\#(second)"}"#)
        _ = await h.send(#"{"type":"start","glyph":"L"}"#)
        let next = await h.passObserveAndDirect(l)
        #expect(codes(next).isEmpty, "\(codes(next))")
        let rows = try await h.store.recentRecords(limit: 20)
        #expect(Set(rows.map(\.childID)) == [second] && rows.count == 2, "\(rows.map { ($0.childID ?? "-", $0.phase) })")
        await h.connection.close()
        let critical = log.entries.filter { $0.level == .critical }
        #expect(critical.isEmpty, "\(critical.map(\.message))")
    }

    /// A write kept from a storage fault (a full disk) before the child was deleted: the next write
    /// of the tablet drops it instead of failing behind it, and at close nothing of it is logged.
    @Test func aKeptWriteOfADeletedChildIsDroppedAtTheNextTryAndAtClose() async throws {
        for closeFirst in [false, true] {
            let (harness, switchable, log) = try StorageFailureTests.failingHarness()
            var h = harness
            let first = SessionConnectionTests.childID, second = "0b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e13"
            let l = try SessionConnectionTests.library.glyph("L", script: "druck")
            // A whole letter, the disk full as it ends: its last record and its letter session are
            // kept for another try, and no letter is in flight any more.
            _ = await h.send(#"{"type":"hello","child":"\#(first)"}"#)
            _ = await h.send(#"{"type":"start","glyph":"L"}"#)
            _ = await h.passObserveAndDirect(l)
            _ = await h.write(PenSimulator().strokes(for: l, startTime: 10))
            switchable.refuseWrites(true)
            var end = await h.write(PenSimulator().strokes(for: l, startTime: 30))
            h.clock.advance(2.5)
            end += await h.connection.tick()
            #expect(codes(end).contains(.storageFailed), "\(codes(end))")
            #expect(try await h.store.children.delete(id: first, now: Date()) != nil)
            switchable.refuseWrites(false)
            if closeFirst {
                await h.connection.close()
            } else {
                _ = await h.send(#"{"type":"hello","child":"\#(second)"}"#)
                _ = await h.send(#"{"type":"start","glyph":"L"}"#)
                let next = await h.passObserveAndDirect(l)
                #expect(codes(next).isEmpty, "\(codes(next))")
                #expect(Set(try await h.store.recentRecords(limit: 10).map(\.childID)) == [second])
                await h.connection.close()
            }
            let critical = log.entries.filter { $0.level == .critical }
            #expect(critical.isEmpty, "closeFirst \(closeFirst): \(critical.map(\.message))")
            #expect(log.entries.contains { $0.message.contains("deleted child are dropped") || $0.message.contains("deleted while it was writing") })
        }
    }
}
