import FederCore
import FederStore
import Foundation
import GRDB
import Logging
import Testing
@testable import FederServer

/// What the connection logs, kept for the test to read.
final class LogRecorder: @unchecked Sendable {
    struct Entry { let level: Logger.Level; let message: String; let metadata: Logger.Metadata }
    private let lock = NSLock()
    private var kept: [Entry] = []
    var entries: [Entry] { lock.withLock { kept } }
    func append(_ entry: Entry) { lock.withLock { kept.append(entry) } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            recorder.append(Entry(level: event.level, message: event.message.description,
                                  metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
        }
    }
}

/// The real store with a switch that makes every write fail, as a full disk would: the test
/// double only makes the failure happen; reads and (when on) writes go to the real SQLite file.
final class SwitchableStore: LiveSessionStore, @unchecked Sendable {
    struct WriteRefused: Error, CustomStringConvertible { var description: String { "disk full (test)" } }
    let real: LessonStore
    private let lock = NSLock()
    private var refusing = false
    private var refusingProfileReads = false
    private var refusingChildLoads = false
    init(_ real: LessonStore) { self.real = real }
    func refuseWrites(_ on: Bool) { lock.withLock { refusing = on } }
    func refuseProfileReads(_ on: Bool) { lock.withLock { refusingProfileReads = on } }
    func refuseChildLoads(_ on: Bool) { lock.withLock { refusingChildLoads = on } }
    private func write() throws { if lock.withLock({ refusing }) { throw WriteRefused() } }
    /// Runs once, just before the next write of a learner model: another tablet's write landing
    /// between a connection's read of the profile and its own write.
    private var interleaved: (@Sendable () async throws -> Void)?
    func beforeNextLearnerWrite(_ write: @escaping @Sendable () async throws -> Void) { lock.withLock { interleaved = write } }
    private func beforeLearnerWrite() async throws {
        let write = lock.withLock { () -> (@Sendable () async throws -> Void)? in defer { interleaved = nil }; return interleaved }
        try await write?()
    }

    func child(id: String, now: Date) async throws -> ChildRecord {
        if lock.withLock({ refusingChildLoads }) { throw WriteRefused() }
        return try await real.child(id: id, now: now)
    }
    func isDeleted(childID: String) async -> Bool { await real.isDeleted(childID: childID) }
    func changedChild(id: String, since known: Date) async throws -> ChildRecord? {
        if lock.withLock({ refusingProfileReads }) { throw WriteRefused() }
        return try await real.changedChild(id: id, since: known)
    }
    func updateChild(id: String, now: Date, _ change: @Sendable (inout ChildRecord) -> Void) async throws -> ChildRecord? {
        try write(); return try await real.updateChild(id: id, now: now, change)
    }
    func saveLearner(of child: ChildRecord, previously: Date, rebase: @escaping @Sendable (inout ChildRecord) -> Void) async throws -> ChildRecord? {
        try write(); try await beforeLearnerWrite()
        return try await real.saveLearner(of: child, previously: previously, rebase: rebase)
    }
    func recordLetter(_ row: LetterSessionRow) async throws { try write(); try await real.recordLetter(row) }
    func addPaperRating(_ rating: PaperRatingWrite) async throws { try write(); try await real.addPaperRating(rating) }
    func childsPaperFace(lessonID: String, childID: String) async throws -> PaperFace? {
        try await real.childsPaperFace(lessonID: lessonID, childID: childID)
    }
    func latestLessonID(childID: String) async throws -> String? {
        if lock.withLock({ refusingProfileReads }) { throw WriteRefused() }
        return try await real.latestLessonID(childID: childID)
    }
    func attendance(childID: String, on day: CalendarDay) async throws -> Attendance {
        try await real.attendance(childID: childID, on: day)
    }
    func finishLetter(learnerOf child: ChildRecord, previously: Date, rebase: @escaping @Sendable (inout ChildRecord) -> Void,
                      session: LetterSessionRow?, attendanceOn day: CalendarDay) async throws -> (Attendance, ChildRecord?) {
        try write(); try await beforeLearnerWrite()
        return try await real.finishLetter(learnerOf: child, previously: previously, rebase: rebase, session: session, attendanceOn: day)
    }
    func save(_ row: PhaseRecordRow) async throws -> PhaseRecordRow { try write(); return try await real.save(row) }
    func saveResumed(_ row: PhaseRecordRow) async throws -> PhaseRecordRow { try write(); return try await real.saveResumed(row) }
    func appendDraft(_ stroke: DraftStroke) async throws { try write(); try await real.appendDraft(stroke) }
    func recoverDrafts(childID: String, except lessonID: String?, judge: InterruptedAttemptJudge?) async throws -> Int {
        try write(); return try await real.recoverDrafts(childID: childID, except: lessonID, judge: judge)
    }
    func lessonRecords(lessonID: String, childID: String) async throws -> [PhaseRecordRow] {
        try await real.lessonRecords(lessonID: lessonID, childID: childID)
    }
    func lessonIsAnotherChilds(lessonID: String, childID: String) async throws -> Bool {
        try await real.lessonIsAnotherChilds(lessonID: lessonID, childID: childID)
    }
    func claimLesson(_ lessonID: String, for childID: String) -> Bool {
        real.claimLesson(lessonID, for: childID)
    }
    func draftCondition(lessonID: String, childID: String) async throws -> StudyCondition? {
        try await real.draftCondition(lessonID: lessonID, childID: childID)
    }
    func keptStrokes(lessonID: String, childID: String, phase: String, attempt: Int) async throws -> KeptAttempt? {
        try await real.keptStrokes(lessonID: lessonID, childID: childID, phase: phase, attempt: attempt)
    }
}

/// A store that fails mid-lesson: the lesson goes on, the page is told, every failure is logged
/// with the child and the lesson, and what could not be written is written once the store works
/// again — with a switchable store, and with real SQLite made full or read-only.
@Suite("Storage failures during a lesson")
struct StorageFailureTests {
    typealias T = SessionConnectionTests
    static let child = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    /// Hello, start A, observe and direct passed: the guided phase is open.
    static func openGuided(_ h: inout T.Harness) async -> [ServerMessage] {
        var replies = await h.send(#"{"type":"hello","child":"\#(child)"}"#)
        replies += await h.send(#"{"type":"start","glyph":"A"}"#)
        replies += await h.passObserveAndDirect(try! T.library.glyph("A", script: "druck"))
        return replies
    }

    /// A harness whose store can be made to fail, and a recorder of what the connection logs.
    static func failingHarness() throws -> (T.Harness, SwitchableStore, LogRecorder) {
        let log = LogRecorder()
        var switchable: SwitchableStore!
        let h = try T.Harness(storage: { real in switchable = SwitchableStore(real); return switchable }, logger: log.logger)
        return (h, switchable, log)
    }

    static func failures(_ replies: [ServerMessage]) -> [ProtocolError] {
        replies.compactMap { if case .error(_, let e) = $0, e.code == .storageFailed { e } else { nil } }
    }

    static func lessonID(_ replies: [ServerMessage]) -> String? {
        for case .started(_, _, _, _, let lesson?, _, _) in replies { return lesson }
        return nil
    }

    /// Every stroke of `strokes` is in the lesson's stored guided records, in order.
    static func storedGuidedStrokes(_ store: LessonStore, lesson: String) async throws -> [[PenSample]] {
        try await store.lessonRecords(lessonID: lesson, childID: child).filter { $0.phase == "guided" }
            .flatMap { $0.ink?.strokes ?? [] }
    }

    @Test func aStoreThatFailsMidLessonIsToldLoggedAndCatchesUpWhenItWorksAgain() async throws {
        var (h, switchable, log) = try Self.failingHarness()
        let opening = await Self.openGuided(&h)
        let lesson = try #require(Self.lessonID(opening))
        #expect(T.phases(opening).last == .guided)

        let a = try T.library.glyph("A", script: "druck")
        let strokes = PenSimulator().strokes(for: a, startTime: 10)
        switchable.refuseWrites(true)
        // The whole guided attempt while nothing can be written: every pen-up is still answered,
        // the lesson moves on to free writing, and the page hears of each failed write.
        let during = await h.write(strokes)
        #expect(T.phases(during).contains(.freeWrite), "the lesson goes on")
        let failed = Self.failures(during)
        #expect(failed.count >= strokes.count, "each stroke's draft and the record: \(failed.count)")
        #expect(try await h.store.draftCount() == 0)
        #expect(try await h.store.recordCount() == 2, "observe and direct only")
        // Each failure is logged as an error naming the child and the lesson.
        let errors = log.entries.filter { $0.level == .error }
        #expect(errors.count == failed.count)
        #expect(errors.allSatisfy { $0.metadata["child"] == "\(Self.child)" && $0.metadata["code"] == "storage_failed" })
        #expect(errors.contains { $0.metadata["lesson"] == "\(lesson)" })

        // Space is back: the next pen-up stores the kept record before anything else.
        switchable.refuseWrites(false)
        let free = PenSimulator().strokes(for: a, startTime: 30)
        let after = await h.write([free[0]])
        #expect(Self.failures(after).isEmpty)
        let guided = try await Self.storedGuidedStrokes(h.store, lesson: lesson)
        #expect(guided == strokes, "every guided stroke is stored, in order")
        let record = try #require(try await h.store.lessonRecords(lessonID: lesson, childID: Self.child).first { $0.phase == "guided" })
        #expect(record.completed && record.record?.assessment != nil)
        #expect(try await h.store.draftCount() == 1, "the free-writing stroke's draft")
        #expect(log.entries.contains { $0.level == .notice && $0.message.contains("kept write is stored") })
    }

    /// Each letter reads the profile again (adults may have changed it); when that read fails the
    /// letter still starts, with the connection's copy, and the failure is logged, not swallowed.
    @Test func aProfileThatCannotBeReadAgainIsLoggedAndTheLetterStillStarts() async throws {
        var (h, switchable, log) = try Self.failingHarness()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        switchable.refuseProfileReads(true)
        let replies = await h.send(#"{"type":"start","glyph":"A"}"#)
        #expect(Self.lessonID(replies) != nil, "the letter starts")
        #expect(!replies.contains { if case .error = $0 { true } else { false } }, "the child is not interrupted")
        let warnings = log.entries.filter { $0.level == .warning && $0.message.contains("profile could not be read") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.metadata["child"] == "\(Self.child)")
        let logged = warnings.first?.metadata["error"].map { "\($0)" } ?? ""
        #expect(logged.contains("disk full (test)"))
    }

    /// The next child says hello on the same tablet and cannot be loaded: the page is told, the log
    /// names the child that could not be loaded, and nothing written afterwards goes to the child before.
    @Test func aHelloThatFailsLeavesNoOneWritingUnderThePreviousChild() async throws {
        var (h, switchable, log) = try Self.failingHarness()
        _ = await h.send(#"{"type":"hello","child":"\#(Self.child)"}"#)
        switchable.refuseChildLoads(true)
        let next = "0e3a1c52-7b4d-4c1e-9f20-5d8a6b7c9e01"
        let failed = await h.send(#"{"type":"hello","child":"\#(next)"}"#)
        #expect(Self.failures(failed).count == 1)
        let error = try #require(log.entries.first { $0.level == .error })
        #expect(error.metadata["child"] == "\(next)", "the log names the child that could not be loaded")
        switchable.refuseChildLoads(false)

        let opening = await h.send(#"{"type":"start","glyph":"A"}"#)
        let lesson = try #require(Self.lessonID(opening))
        _ = await h.passObserveAndDirect(try T.library.glyph("A", script: "druck"))
        let rows = try await h.store.recentRecords(limit: 10)
        #expect(rows.map(\.phase).sorted() == ["direct", "observe"])
        #expect(rows.allSatisfy { $0.lessonID == lesson && $0.childID == nil }, "not filed under the child before")
    }

    /// A stroke whose draft failed at its pen-up, and the connection closes while the next stroke is
    /// being drawn: the finished stroke is drafted then if the store works again, and logged in
    /// full if it still fails.
    @Test(arguments: [true, false])
    func aFinishedStrokeIsKeptWhenTheConnectionClosesWithThePenDown(storeWorksAgain: Bool) async throws {
        var (h, switchable, log) = try Self.failingHarness()
        _ = await Self.openGuided(&h)
        let strokes = PenSimulator().strokes(for: try T.library.glyph("A", script: "druck"), startTime: 10)
        switchable.refuseWrites(true)
        let first = await h.write([strokes[0]])
        #expect(Self.failures(first).count == 1, "the draft failed and the page was told")
        if storeWorksAgain { switchable.refuseWrites(false) }
        let second = strokes[1]
        _ = await h.send(#"{"type":"down","pointer":"pen","sample":\#(json(second[0]))}"#)
        _ = await h.send(#"{"type":"move","samples":[\#(second[1...3].map(json).joined(separator: ","))]}"#)
        await h.connection.close()
        if storeWorksAgain {
            let drafts = try await h.database.writer.read { db in try DraftStroke.order(Column("strokeIndex")).fetchAll(db) }
            #expect(drafts.map(\.samples) == [strokes[0]], "the finished stroke, not the one being drawn")
        } else {
            #expect(try await h.store.draftCount() == 0)
            let entry = try #require(log.entries.first { $0.level == .critical && $0.message.contains("kept as drafts") })
            let content = try #require(entry.metadata["content"]).description
            #expect(try JSONDecoder().decode([[PenSample]].self, from: Data(content.utf8)) == [strokes[0]])
        }
    }

    @Test func aWriteStillFailingWhenTheConnectionClosesIsLoggedInFull() async throws {
        var (h, switchable, log) = try Self.failingHarness()
        _ = await Self.openGuided(&h)
        let strokes = PenSimulator().strokes(for: try T.library.glyph("A", script: "druck"), startTime: 10)
        switchable.refuseWrites(true)
        _ = await h.write(strokes)
        await h.connection.close()
        // The guided record, and the free-writing attempt left by closing.
        let lastWords = log.entries.filter { $0.level == .critical }
        let rows = try lastWords.map { entry in
            try JSONDecoder().decode(PhaseRecordRow.self, from: Data(try #require(entry.metadata["content"]).description.utf8))
        }
        #expect(rows.map(\.phase) == ["guided", "freeWrite"])
        // The log holds the record itself, ink included, so nothing is lost without a trace.
        #expect(rows.first?.ink?.strokes == strokes)
    }

    /// Drafts a crash left behind and a database that cannot take their records at start-up: the
    /// server starts anyway, the failure is logged, the drafts stay, and the next start recovers
    /// them and says how many.
    @Test func draftsThatCannotBeRecoveredAtStartUpStayAndTheServerStillStarts() async throws {
        let log = LogRecorder()
        var h = try T.Harness()
        _ = await h.send(#"{"type":"start","glyph":"A"}"#)
        let a = try T.library.glyph("A", script: "druck")
        _ = await h.passObserveAndDirect(a)
        _ = await h.write([PenSimulator().strokes(for: a, startTime: 10)[0]])
        #expect(try await h.store.draftCount() == 1)

        let writer = h.database.writer
        try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
        let services = FederServices(library: T.library, database: h.database, recognizer: T.recognizer)
        let failed = services.recoverDraftsAtStart()
        guard case .failed(let reason) = failed else { Issue.record("expected a failure, got \(failed)"); return }
        #expect(reason.contains("readonly"))
        failed.log(to: log.logger)
        #expect(log.entries.contains { $0.level == .error && $0.message.contains("could not be recovered") })
        #expect(try await h.store.draftCount() == 1, "the drafts are kept")

        try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 0") }
        let recovered = services.recoverDraftsAtStart()
        #expect(recovered == .recovered(1))
        recovered.log(to: log.logger)
        #expect(log.entries.first { $0.level == .notice }?.metadata["records"] == "1")
        #expect(try await h.store.draftCount() == 0)
        StartupRecovery.recovered(0).log(to: log.logger)
        #expect(log.entries.filter { $0.level == .notice }.count == 1, "nothing to say when there was nothing to recover")
    }

    /// Real SQLite: `max_page_count` at the file's current size makes every write that needs a new
    /// page fail with SQLITE_FULL, as a full disk does; `query_only` makes it fail as a read-only
    /// file does.
    @Test(arguments: ["full", "readOnly"])
    func realSQLiteThatCannotWriteLosesNoStroke(fault: String) async throws {
        let log = LogRecorder()
        var h = try T.Harness(logger: log.logger)
        let opening = await Self.openGuided(&h)
        let lesson = try #require(Self.lessonID(opening))
        let writer = h.database.writer
        try await writer.writeWithoutTransaction { db in
            if fault == "full" {
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(pages)")
            } else {
                try db.execute(sql: "PRAGMA query_only = 1")
            }
        }
        let a = try T.library.glyph("A", script: "druck")
        let strokes = PenSimulator().strokes(for: a, startTime: 10)
        let during = await h.write(strokes)
        #expect(T.phases(during).contains(.freeWrite), "the lesson goes on")
        #expect(!Self.failures(during).isEmpty, "the page is told")
        #expect(log.entries.contains { $0.level == .error && "\($0.metadata["error"] ?? "")".contains(fault == "full" ? "full" : "readonly") })

        try await writer.writeWithoutTransaction { db in
            try db.execute(sql: fault == "full" ? "PRAGMA max_page_count = 1073741823" : "PRAGMA query_only = 0")
        }
        let free = PenSimulator().strokes(for: a, startTime: 30)
        _ = await h.write(free)
        h.clock.advance(5)
        let end = await h.connection.tick()
        #expect(Self.failures(end).isEmpty)
        #expect(try await Self.storedGuidedStrokes(h.store, lesson: lesson) == strokes)
        let records = try await h.store.lessonRecords(lessonID: lesson, childID: Self.child)
        #expect(records.map(\.phase) == ["observe", "direct", "guided", "freeWrite"])
        #expect(records.last?.ink?.strokes == free)
        #expect(try await h.store.draftCount() == 0)
    }
}
