import FederCore
import Foundation
import GRDB

/// The strokes of one interrupted attempt, as its drafts hold them: what a judge needs to assess it.
public struct InterruptedAttempt: Sendable {
    public var lessonID: String
    public var childID: String?
    public var condition: StudyCondition
    public var script: String
    public var glyph: String
    public var variant: String
    public var phase: String
    public var attempt: Int
    /// Wall-clock start of the attempt.
    public var startedAt: Date
    public var ink: Ink
    /// The plan of the lesson's last stored record, if any (tolerance and size the child had).
    public var plan: PracticePlan?
}

/// Judges an interrupted attempt as a live lesson would judge it when left: the engine's record
/// (outcome, score, errors, assessment), or nil when it cannot be judged (an unknown letter).
/// The store knows no glyphs or recognizer; the server passes the judge in.
public typealias InterruptedAttemptJudge = @Sendable (InterruptedAttempt) -> PhaseRecord?

// Draft strokes left by a crash (or by a page that never came back) become records.
extension LessonStore {
    /// Turns every draft left by a crash into a record with the ink it holds, judged by `judge`
    /// when given. Returns how many records were recovered. Call once at start-up, before serving.
    @discardableResult
    public func recoverDrafts(judge: InterruptedAttemptJudge? = nil) throws -> Int {
        let found = try database.writer.read { db in try Self.interruptedAttempts(DraftStroke.inWritingOrder, in: db) }
        let rows = Self.judged(found, by: judge)
        guard !rows.isEmpty else { return 0 }
        return try database.writer.write { db in try Self.storeRecovered(rows, in: db) }
    }

    /// Turns the draft strokes of a child's lessons other than `lessonID` into records (the page did
    /// not come back to them); called when the child starts a new letter.
    @discardableResult
    public func recoverDrafts(childID: String, except lessonID: String?, judge: InterruptedAttemptJudge? = nil) async throws -> Int {
        let found = try await database.writer.read { db in
            var request = DraftStroke.inWritingOrder.filter(DraftStroke.Columns.childID == childID)
            if let lessonID { request = request.filter(DraftStroke.Columns.lessonID != lessonID) }
            return try Self.interruptedAttempts(request, in: db)
        }
        guard !found.isEmpty else { return 0 }
        // Judged outside the write transaction: assessing takes milliseconds a letter, and other
        // children's pen-ups wait for the writer.
        let rows = Self.judged(found, by: judge)
        return try await database.writer.write { db in try Self.storeRecovered(rows, in: db) }
    }

    /// An interrupted attempt with the ids of the drafts it was read from.
    struct FoundAttempt: Sendable {
        var draftIDs: [Int64]
        var attempt: InterruptedAttempt
    }

    /// The drafts of `request` (in writing order) grouped by attempt.
    static func interruptedAttempts(_ request: QueryInterfaceRequest<DraftStroke>, in db: Database) throws -> [FoundAttempt] {
        let drafts = try request.fetchAll(db)
        let groups = Dictionary(grouping: drafts) { "\($0.lessonID)|\($0.phase)|\($0.attempt)" }
        return try groups.sorted(by: { $0.key < $1.key }).compactMap { _, strokes in
            guard let first = strokes.first else { return nil }
            let attempt = InterruptedAttempt(
                lessonID: first.lessonID, childID: first.childID, condition: first.condition, script: first.script,
                glyph: first.glyph, variant: first.variant, phase: first.phase, attempt: first.attempt,
                startedAt: first.startedAt, ink: Ink(pointer: first.pointer, strokes: strokes.map(\.samples)),
                plan: try lastPlan(ofLesson: first.lessonID, in: db))
            return FoundAttempt(draftIDs: strokes.compactMap(\.id), attempt: attempt)
        }
    }

    /// Each attempt's record: judged when the judge can, else with its ink and times only.
    static func judged(_ found: [FoundAttempt], by judge: InterruptedAttemptJudge?) -> [(draftIDs: [Int64], row: PhaseRecordRow)] {
        found.map { item in
            let attempt = item.attempt
            var row = judge?(attempt).map { record in
                var record = record
                record.ink = attempt.ink  // the record keeps the ink exactly as the drafts held it
                return PhaseRecordRow(record: record, lessonID: attempt.lessonID, childID: attempt.childID,
                                      wallStart: attempt.startedAt)
            } ?? unjudgedRow(attempt)
            row.recovered = true
            return (item.draftIDs, row)
        }
    }

    /// Stores the recovered records and removes their drafts. An attempt whose drafts are no longer
    /// all there (another connection stored or recovered them meanwhile) is skipped, so nothing is
    /// stored twice.
    static func storeRecovered(_ rows: [(draftIDs: [Int64], row: PhaseRecordRow)], in db: Database) throws -> Int {
        var made = 0
        for (ids, row) in rows {
            let drafts = DraftStroke.filter(ids.contains(DraftStroke.Columns.id))
            guard try drafts.fetchCount(db) == ids.count else { continue }
            var row = row
            try StoredLesson.ensure(id: row.lessonID, childID: row.childID, in: db)
            try row.insert(db)
            _ = try drafts.deleteAll(db)
            made += 1
        }
        return made
    }

    /// Without a judge (or for a letter it does not know): the ink and the times, no assessment.
    private static func unjudgedRow(_ attempt: InterruptedAttempt) -> PhaseRecordRow {
        let duration = attempt.ink.timeSpan.map { $0.upperBound - $0.lowerBound } ?? 0
        return PhaseRecordRow(lessonID: attempt.lessonID, childID: attempt.childID, condition: attempt.condition,
                              script: attempt.script, glyph: attempt.glyph, variant: attempt.variant,
                              phase: attempt.phase, attempt: attempt.attempt, outcome: PhaseRecord.Outcome.abandoned.rawValue,
                              completed: false, pointer: attempt.ink.pointer, startedAt: attempt.startedAt,
                              endedAt: attempt.startedAt.addingTimeInterval(duration), activeSeconds: duration,
                              score: nil, stars: nil, record: nil, ink: attempt.ink)
    }

    private static func lastPlan(ofLesson lessonID: String, in db: Database) throws -> PracticePlan? {
        try PhaseRecordRow.filter(PhaseRecordRow.Columns.lessonID == lessonID && PhaseRecordRow.Columns.record != nil)
            .order(PhaseRecordRow.Columns.id.desc).fetchOne(db)?.record?.plan
    }
}
