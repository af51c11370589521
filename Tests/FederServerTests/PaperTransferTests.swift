import FederCore
import FederStore
import Foundation
import Testing
@testable import FederServer

/// Paper transfer (brief §8): with the adult's setting on, a finished letter asks the child to write
/// it on paper and to rate it with three faces; the face is stored as the child's rating of that lesson.
@Suite("Paper transfer")
struct PaperTransferTests {
    typealias H = SessionConnectionTests.Harness
    static let childID = SessionConnectionTests.childID

    static func progress(_ replies: [ServerMessage]) -> ProgressInfo? {
        for case .progress(_, let info) in replies { return info }
        return nil
    }

    static func ratings(_ h: H) throws -> [PaperRatingRow] {
        var rows: [PaperRatingRow] = []
        try h.database.writer.read { db in
            try ResearchQueries.paperRatings(db, ExportFilter(childID: Self.childID)) { rows.append($0) }
        }
        return rows
    }

    /// The child says hello with paper transfer set as given, starts `char` and writes it through
    /// all four phases. Returns the replies and the lesson id.
    static func finishLetter(_ h: inout H, _ char: String = "L", paperTransfer: Bool) async throws -> ([ServerMessage], String) {
        var child = try await h.store.child(id: childID)
        child.settings.paperTransfer = paperTransfer
        try await h.store.save(child)
        _ = await h.send(#"{"type":"hello","child":"\#(childID)"}"#)
        var replies = await h.send(#"{"type":"start","glyph":"\#(char)"}"#)
        let lesson = try #require(StorageFailureTests.lessonID(replies))
        let glyph = try SessionConnectionTests.library.glyph(char, script: "druck")
        replies += await h.passObserveAndDirect(glyph)
        replies += await h.write(PenSimulator().strokes(for: glyph, startTime: 10))
        replies += await h.write(PenSimulator().strokes(for: glyph, startTime: 30))
        h.clock.advance(2.5)
        replies += await h.connection.tick()
        return (replies, lesson)
    }

    @Test func aFinishedLetterAsksForPaperAndTheChildsFaceIsStoredWithItsLesson() async throws {
        var h = try H()
        let (replies, lesson) = try await Self.finishLetter(&h, paperTransfer: true)
        #expect(Self.progress(replies)?.paper == true)
        let answer = await h.send(#"{"id":7,"type":"paper","face":2}"#)
        #expect(answer == [.paperStored(re: .number(7))])
        let rows = try Self.ratings(h)
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.lessonID == lesson && row.glyph == "L" && row.script == "druck" && row.face == .almost && row.ratedBy == "child")
        // One face per letter: a second is refused and stores nothing.
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3}"#)) == .noSession)
        #expect(try Self.ratings(h).count == 1)
    }

    @Test func withoutTheSettingNoLetterAsksAndAFaceIsRefused() async throws {
        var h = try H()
        let (replies, _) = try await Self.finishLetter(&h, paperTransfer: false)
        #expect(Self.progress(replies)?.paper == false)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3}"#)) == .noSession)
        #expect(try Self.ratings(h).isEmpty)
    }

    @Test func theNextLetterEndsTheChanceToRateAndALeftLetterNeverAsks() async throws {
        var h = try H()
        _ = try await Self.finishLetter(&h, paperTransfer: true)
        _ = await h.send(#"{"type":"start","glyph":"M"}"#)  // skipped the paper
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3}"#)) == .noSession)
        let left = await h.send(#"{"type":"end"}"#)  // M left unfinished
        #expect(Self.progress(left)?.paper != true)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":1}"#)) == .noSession)
        #expect(try Self.ratings(h).isEmpty)
    }

    @Test func aResumedLetterEndsTheChanceToRate() async throws {
        var h = try H()
        _ = try await Self.finishLetter(&h, paperTransfer: true)
        _ = await h.send(#"{"type":"start","glyph":"M","resume":{"lesson":"resumed-1","phase":"observe","attempt":1}}"#)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3}"#)) == .noSession)
        #expect(try Self.ratings(h).isEmpty)
    }

    /// A refused resume changes nothing: the finished letter still waits for its face.
    @Test func aRefusedResumeKeepsTheLetterWaitingForItsFace() async throws {
        var h = try H()
        _ = try await Self.finishLetter(&h, paperTransfer: true)
        let refused = await h.send(#"{"type":"start","next":true,"resume":{"lesson":"never-stored","phase":"guided","attempt":1}}"#)
        #expect(SessionConnectionTests.errorCode(refused) == .noSuchLesson)
        #expect(await h.send(#"{"type":"paper","face":1}"#) == [.paperStored(re: nil)])
        #expect(try Self.ratings(h).map(\.face) == [.notYet])
    }

    @Test func anotherChildOnTheTabletCannotRateTheLetter() async throws {
        var h = try H()
        _ = try await Self.finishLetter(&h, paperTransfer: true)
        _ = await h.send(#"{"type":"hello","child":"0e7bd8a4-52d8-4c5e-9a2e-3e7f1d2c9b01"}"#)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3}"#)) == .noSession)
        #expect(try Self.ratings(h).isEmpty)
    }

    /// The page lost its connection as the child tapped a face: it reconnects (a new connection,
    /// which knows nothing of the letter), says hello, and sends the face with its lesson.
    static func reconnect(_ h: inout H) async {
        h.connection = SessionConnection(library: SessionConnectionTests.library, store: h.store,
                                         recognizer: SessionConnectionTests.recognizer, clock: h.clock.serverClock)
        _ = await h.send(#"{"type":"hello","child":"\#(childID)"}"#)
    }

    @Test func aFaceSentAfterAReconnectNamesItsLessonAndIsStoredOnce() async throws {
        var h = try H()
        let (_, lesson) = try await Self.finishLetter(&h, paperTransfer: true)
        await Self.reconnect(&h)
        // Without its lesson the new connection cannot know which letter is meant.
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3}"#)) == .noSession)
        #expect(await h.send(#"{"id":4,"type":"paper","face":3,"lesson":"\#(lesson)"}"#) == [.paperStored(re: .number(4))])
        // The same face again (its answer was lost too) is answered as stored and not counted twice;
        // another face for the same letter is refused.
        #expect(await h.send(#"{"id":5,"type":"paper","face":3,"lesson":"\#(lesson)"}"#) == [.paperStored(re: .number(5))])
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":1,"lesson":"\#(lesson)"}"#)) == .noSession)
        let rows = try Self.ratings(h)
        #expect(rows.map(\.face) == [.good] && rows.first?.lessonID == lesson && rows.first?.glyph == "L" && rows.first?.ratedBy == "child")
    }

    @Test func afterAReconnectALetterWrittenSinceOnAnyTabletLetsTheEarlierOneGoUnrated() async throws {
        var h = try H()
        let (_, lesson) = try await Self.finishLetter(&h, paperTransfer: true)
        // The child goes on (here on the same tablet; on another one the records are the same).
        let started = await h.send(#"{"type":"start","glyph":"M"}"#)
        let left = try #require(StorageFailureTests.lessonID(started))
        _ = await h.send(#"{"type":"tap","point":[0,0]}"#)  // observe passes: M has a record
        _ = await h.send(#"{"type":"end"}"#)  // and is left unfinished
        await Self.reconnect(&h)
        for named in [lesson, left, "no-such-lesson"] {
            #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":2,"lesson":"\#(named)"}"#)) == .noSession)
        }
        #expect(try Self.ratings(h).isEmpty)
    }

    @Test func afterAReconnectALetterBegunThereOrAnotherChildOrTheSettingOffRefusesTheFace() async throws {
        var h = try H()
        let (_, lesson) = try await Self.finishLetter(&h, paperTransfer: true)
        await Self.reconnect(&h)
        // Another child on the tablet cannot rate the first child's letter.
        _ = await h.send(#"{"type":"hello","child":"0e7bd8a4-52d8-4c5e-9a2e-3e7f1d2c9b01"}"#)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":2,"lesson":"\#(lesson)"}"#)) == .noSession)
        // A letter begun on the new connection ends the chance (it has no record yet: only the
        // letter begun here refuses the face).
        _ = await h.send(#"{"type":"hello","child":"\#(Self.childID)"}"#)
        _ = await h.send(#"{"type":"start","glyph":"T"}"#)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":2,"lesson":"\#(lesson)"}"#)) == .noSession)
        #expect(try Self.ratings(h).isEmpty)
        // Nor is a letter asked for paper when the adults switched it off since.
        var child = try await h.store.child(id: Self.childID)
        child.settings.paperTransfer = false
        try await h.store.save(child)
        await Self.reconnect(&h)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":2,"lesson":"\#(lesson)"}"#)) == .noSession)
        // With it on again, the same reconnect takes it: what refused it above was each reason in turn.
        child.settings.paperTransfer = true
        try await h.store.save(child)
        await Self.reconnect(&h)
        #expect(await h.send(#"{"type":"paper","face":2,"lesson":"\#(lesson)"}"#) == [.paperStored(re: nil)])
        #expect(try Self.ratings(h).map(\.face) == [.almost])
    }

    /// The letter cannot be read after a reconnect: `storage_failed`, and the face is taken when
    /// the page sends it again.
    @Test func aFinishedLetterThatCannotBeReadIsAnsweredStorageFailedAndTakenLater() async throws {
        var switchable: SwitchableStore!
        var h = try H(storage: { real in switchable = SwitchableStore(real); return switchable })
        let store: SwitchableStore = switchable
        let (_, lesson) = try await Self.finishLetter(&h, paperTransfer: true)
        h.connection = SessionConnection(library: SessionConnectionTests.library, store: store,
                                         recognizer: SessionConnectionTests.recognizer, clock: h.clock.serverClock)
        _ = await h.send(#"{"type":"hello","child":"\#(Self.childID)"}"#)
        store.refuseProfileReads(true)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3,"lesson":"\#(lesson)"}"#)) == .storageFailed)
        store.refuseProfileReads(false)
        #expect(await h.send(#"{"type":"paper","face":3,"lesson":"\#(lesson)"}"#) == [.paperStored(re: nil)])
        #expect(try Self.ratings(h).map(\.face) == [.good])
    }

    /// A face kept for another try by a connection that closed, and sent again by the page on a
    /// new one: stored once.
    @Test func theChildsFaceForALessonIsStoredOnceHoweverOftenItArrives() async throws {
        var h = try H()
        let (_, lesson) = try await Self.finishLetter(&h, paperTransfer: true)
        let rating = PaperRatingWrite(childID: Self.childID, lessonID: lesson, script: "druck", glyph: "L", face: .good, ratedAt: Date())
        try await h.store.addPaperRating(rating)
        try await h.store.addPaperRating(rating)
        #expect(try Self.ratings(h).count == 1)
        // An adult's rating of the same letter is its own row.
        try await h.store.research.addPaperRating(childID: Self.childID, lessonID: lesson, script: "druck", glyph: "L",
                                                  face: .almost, ratedBy: "adult", note: nil)
        #expect(try Self.ratings(h).map(\.ratedBy).sorted() == ["adult", "child"])
    }

    @Test(arguments: [#"{"type":"paper"}"#, #"{"type":"paper","face":0}"#, #"{"type":"paper","face":4}"#, #"{"type":"paper","face":"3"}"#, #"{"type":"paper","face":3,"lesson":""}"#])
    func aFaceOutOfRangeIsRefused(message: String) async throws {
        var h = try H()
        _ = try await Self.finishLetter(&h, paperTransfer: true)
        #expect(SessionConnectionTests.errorCode(await h.send(message)) == .invalidMessage)
        // The letter still waits for its face.
        #expect(await h.send(#"{"type":"paper","face":3}"#) == [.paperStored(re: nil)])
    }

    /// A full disk: the child's face is answered `storage_failed`, kept, and stored with the next
    /// write that succeeds.
    @Test func aFaceTheStoreRefusesIsKeptAndStoredLater() async throws {
        var switchable: SwitchableStore!
        var h = try H(storage: { real in switchable = SwitchableStore(real); return switchable })
        let store: SwitchableStore = switchable
        _ = try await Self.finishLetter(&h, paperTransfer: true)
        store.refuseWrites(true)
        #expect(SessionConnectionTests.errorCode(await h.send(#"{"type":"paper","face":3}"#)) == .storageFailed)
        #expect(try Self.ratings(h).isEmpty)
        store.refuseWrites(false)
        _ = await h.send(#"{"type":"start","glyph":"M"}"#)
        _ = await h.send(#"{"type":"tap","point":[0,0]}"#)  // observe ends: its record is written, the face before it
        #expect(try Self.ratings(h).map(\.face) == [.good])
    }
}
