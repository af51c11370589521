import FederCore
import Foundation
import GRDB

/// Which records an export (or the dashboard) covers.
public struct ExportFilter: Sendable, Equatable {
    /// Only this child.
    public var childID: String?
    /// Only lessons that began at or after this time (with all their attempts, errors and samples).
    public var since: Date?
    /// Only study data: attempts and paper ratings marked `enrolled` (written with consent, in a
    /// running study, in the child's arm), the lessons they belong to, and the children who own such
    /// rows or are enrolled now (with their arm changes). Children who never consented are left out
    /// altogether. Every foreign key of the files still resolves.
    public var studyOnly: Bool

    public init(childID: String? = nil, since: Date? = nil, studyOnly: Bool = false) {
        self.childID = childID; self.since = since; self.studyOnly = studyOnly
    }
}

/// The export's tables read row by row through GRDB cursors: each row is handed to `body` and
/// dropped, so memory stays flat however many records there are. The dashboard reads the rows of
/// the same `attempts` query, without the ink's counts and with only the parts of each record it
/// shows (so a record whose other parts could not be read does not stop it, as it stops the export).
public enum ResearchQueries {
    /// Each record's lesson start and the child's session number (its n-th lesson by start),
    /// computed with window functions over the narrow columns only; joined back by id, so the large
    /// JSON columns are read once, in id order, and never sorted.
    static let rankedRecords = """
        WITH ranked AS (
            SELECT id, lessonStart,
                   DENSE_RANK() OVER (PARTITION BY childID ORDER BY lessonStart, lessonID) AS sessionNumber
            FROM (SELECT id, childID, lessonID, MIN(startedAt) OVER (PARTITION BY lessonID) AS lessonStart FROM phaseRecord)
        )
        """

    /// SQL: whether the child `id` names owns a study row (an enrolled attempt or paper rating).
    static func studyRows(_ id: String) -> String {
        """
        (EXISTS (SELECT 1 FROM phaseRecord p WHERE p.childID = \(id) AND p.enrolled)
         OR EXISTS (SELECT 1 FROM researchPaperRating r WHERE r.childID = \(id) AND r.enrolled))
        """
    }

    public static func children(_ db: Database, _ filter: ExportFilter, _ body: (ChildRow) throws -> Void) throws {
        let active = try ResearchStore.isActive(db)
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT c.id, c.condition, c.createdAt, e.childID AS enrolment, e.consentDate, e.consentBy, e.consentReference,
                   e.enrolledAt, e.withdrawnAt, e.arm,
                   (SELECT COUNT(*) FROM researchArmChange a WHERE a.childID = c.id) AS changes,
                   \(studyRows("c.id")) AS studyRecords
            FROM child c LEFT JOIN researchEnrolment e ON e.childID = c.id
            WHERE (?1 IS NULL OR c.id = ?1)
            ORDER BY c.createdAt, c.id
            """, arguments: [filter.childID])
        while let row = try cursor.next() {
            let id: String = row["id"]
            let hasEnrolment = (row["enrolment"] as String?) != nil
            let enrolled = active && hasEnrolment && (row["withdrawnAt"] as Date?) == nil
            if filter.studyOnly && !enrolled && !(row["studyRecords"] as Bool) { continue }
            let changes: Int = row["changes"]
            try body(ChildRow(childID: id, enrolled: enrolled,
                              condition: StudyCondition(rawValue: row["condition"]) ?? ResearchStore.defaultCondition,
                              armSource: enrolled ? (changes > 0 ? .override : .derived) : .notEnrolled,
                              derivedArm: ArmAssignment.arm(for: id), consentDate: row["consentDate"],
                              consentBy: (row["consentBy"] as String?).flatMap(ConsentGiver.init(rawValue:)),
                              consentReference: row["consentReference"], enrolledAt: row["enrolledAt"],
                              withdrawnAt: row["withdrawnAt"], createdAt: row["createdAt"]))
        }
    }

    public static func consents(_ db: Database, _ filter: ExportFilter, _ body: (ConsentEventRow) throws -> Void) throws {
        let active = try ResearchStore.isActive(db)
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT k.*, e.childID IS NOT NULL AND e.withdrawnAt IS NULL AS enrolledNow,
                   \(studyRows("k.childID")) AS studyRecords
            FROM researchConsentEvent k LEFT JOIN researchEnrolment e ON e.childID = k.childID
            WHERE (?1 IS NULL OR k.childID = ?1) ORDER BY k.id
            """, arguments: [filter.childID])
        while let row = try cursor.next() {
            // Study data only: the consents of the children the export holds (see `children`).
            if filter.studyOnly && !(active && row["enrolledNow"] as Bool) && !(row["studyRecords"] as Bool) { continue }
            try body(ConsentEventRow(eventID: row["id"], childID: row["childID"], enrolled: active && row["enrolledNow"],
                                     event: ConsentEventRow.Event(rawValue: row["event"]) ?? .enrolled, at: row["at"],
                                     consentDate: row["consentDate"],
                                     consentBy: (row["consentBy"] as String?).flatMap(ConsentGiver.init(rawValue:)),
                                     consentReference: row["consentReference"]))
        }
    }

    public static func armChanges(_ db: Database, _ filter: ExportFilter, _ body: (ArmChangeRow) throws -> Void) throws {
        let active = try ResearchStore.isActive(db)
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT a.*, e.childID IS NOT NULL AND e.withdrawnAt IS NULL AS enrolledNow,
                   \(studyRows("a.childID")) AS studyRecords
            FROM researchArmChange a LEFT JOIN researchEnrolment e ON e.childID = a.childID
            WHERE (?1 IS NULL OR a.childID = ?1) ORDER BY a.id
            """, arguments: [filter.childID])
        while let row = try cursor.next() {
            // Study data only: the changes of the children the export holds (see `children`).
            if filter.studyOnly && !(active && row["enrolledNow"] as Bool) && !(row["studyRecords"] as Bool) { continue }
            try body(ArmChangeRow(changeID: row["id"], childID: row["childID"], enrolled: active && row["enrolledNow"],
                                  fromArm: StudyCondition(rawValue: row["fromArm"]) ?? ResearchStore.defaultCondition,
                                  toArm: StudyCondition(rawValue: row["toArm"]) ?? ResearchStore.defaultCondition,
                                  changedAt: row["changedAt"], changedBy: row["changedBy"], reason: row["reason"]))
        }
    }

    public static func lessons(_ db: Database, _ filter: ExportFilter, _ body: (LessonRow) throws -> Void) throws {
        // Session numbers are counted over all lessons before the filters apply.
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT * FROM (
                SELECT *, ROW_NUMBER() OVER (PARTITION BY childID ORDER BY startedAt, lessonID) AS sessionNumber
                FROM (SELECT lessonID, MIN(childID) AS childID, MIN(enrolled) AS enrolled, MAX(enrolled) AS anyEnrolled,
                             MIN(condition) AS condition, MIN(script) AS script, MIN(glyph) AS glyph, MIN(variant) AS variant,
                             MIN(startedAt) AS startedAt, MAX(endedAt) AS endedAt, COUNT(*) AS attempts,
                             group_concat(CASE WHEN outcome = 'passed' THEN phase END) AS passed
                      FROM phaseRecord GROUP BY lessonID)
            )
            WHERE (?1 IS NULL OR childID = ?1) AND (?2 IS NULL OR startedAt >= ?2)
            ORDER BY startedAt, lessonID
            """, arguments: [filter.childID, filter.since])
        while let row = try cursor.next() {
            // Study data only: every lesson with a study attempt (a lesson whose consent came or
            // went mid-letter is there for its enrolled attempts; its own mark stays false).
            if filter.studyOnly && !(row["anyEnrolled"] as Bool) { continue }
            let condition = StudyCondition(rawValue: row["condition"]) ?? ResearchStore.defaultCondition
            let passed = Set(((row["passed"] as String?) ?? "").split(separator: ",").map(String.init))
            try body(LessonRow(lessonID: row["lessonID"], childID: row["childID"], enrolled: row["enrolled"],
                               condition: condition, sessionNumber: row["sessionNumber"], script: row["script"],
                               glyph: row["glyph"], variant: row["variant"], startedAt: row["startedAt"],
                               endedAt: row["endedAt"], attempts: row["attempts"],
                               completed: condition.phases.allSatisfy { passed.contains($0.rawValue) }))
        }
    }

    /// Every phase attempt in id order, with its decoded record; with `ink`, the decoded ink too.
    public static func attempts(_ db: Database, _ filter: ExportFilter, ink: Bool,
                                _ body: (AttemptRow, Ink?) throws -> Void) throws {
        try attemptRows(db, filter, ink: ink, countInk: true) { row in
            let recordJSON: String? = row["record"]
            let record = try recordJSON.map { try VersionedJSON.phaseRecord($0, version: row["recordVersion"]) }
            let inkJSON: String? = ink ? row["ink"] : nil
            let decodedInk = try inkJSON.map { try VersionedJSON.ink($0, version: row["inkVersion"]) }
            try body(attemptRow(row, record: record), decodedInk)
        }
    }

    /// The attempts query's rows. Without `countInk` their `inkStrokes` and `inkSamples` are 0:
    /// counting them reads every attempt's ink, most of the database's bytes.
    private static func attemptRows(_ db: Database, _ filter: ExportFilter, ink: Bool, countInk: Bool,
                                    _ body: (Row) throws -> Void) throws {
        let inkCounts = countInk ? """
            COALESCE(json_array_length(p.ink, '$.strokes'), 0) AS inkStrokes,
                   COALESCE((SELECT SUM(json_array_length(s.value)) FROM json_each(p.ink, '$.strokes') s), 0) AS inkSamples
            """ : "0 AS inkStrokes, 0 AS inkSamples"
        let cursor = try Row.fetchCursor(db, sql: rankedRecords + """
            SELECT p.id, p.lessonID, p.childID, p.enrolled, p.condition, r.sessionNumber, p.script, p.glyph, p.variant,
                   p.phase, p.attempt, p.outcome, p.completed, p.pointer, p.startedAt, p.endedAt, p.activeSeconds,
                   p.score, p.stars, p.record, p.recordVersion, p.inkVersion, p.recovered,
                   \(inkCounts)
                   \(ink ? ", p.ink" : "")
            FROM phaseRecord p CROSS JOIN ranked r ON r.id = p.id
            WHERE (?1 IS NULL OR p.childID = ?1) AND (?2 IS NULL OR r.lessonStart >= ?2)
            ORDER BY p.id
            """, arguments: [filter.childID, filter.since])
        while let row = try cursor.next() {
            if filter.studyOnly && !(row["enrolled"] as Bool) { continue }
            try body(row)
        }
    }

    private static func attemptRow(_ row: Row, record: PhaseRecord?) -> AttemptRow {
        AttemptRow(
            attemptID: row["id"], lessonID: row["lessonID"], childID: row["childID"], enrolled: row["enrolled"],
            condition: StudyCondition(rawValue: row["condition"]) ?? ResearchStore.defaultCondition,
            sessionNumber: row["sessionNumber"], script: row["script"], glyph: row["glyph"], variant: row["variant"],
            phase: row["phase"], attempt: row["attempt"], outcome: row["outcome"], completed: row["completed"],
            pointer: row["pointer"], startedAt: row["startedAt"], endedAt: row["endedAt"],
            activeSeconds: row["activeSeconds"], score: row["score"], stars: row["stars"], inkStrokes: row["inkStrokes"],
            inkSamples: row["inkSamples"], recordVersion: record == nil ? 0 : row["recordVersion"],
            inkVersion: row["inkVersion"], record: record, recovered: row["recovered"])
    }

    public static func paperRatings(_ db: Database, _ filter: ExportFilter, _ body: (PaperRatingRow) throws -> Void) throws {
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT r.*, r.lessonID IS NULL OR EXISTS (SELECT 1 FROM phaseRecord p WHERE p.lessonID = r.lessonID AND p.enrolled)
                        AS lessonInStudy
            FROM researchPaperRating r
            WHERE (?1 IS NULL OR r.childID = ?1)
              AND (?2 IS NULL OR (r.lessonID IS NULL AND r.ratedAt >= ?2)
                   OR r.lessonID IN (SELECT lessonID FROM phaseRecord GROUP BY lessonID HAVING MIN(startedAt) >= ?2))
            ORDER BY r.id
            """, arguments: [filter.childID, filter.since])
        while let row = try cursor.next() {
            // Study data only: a rating with consent, of no lesson or of a lesson the export holds.
            if filter.studyOnly && !(row["enrolled"] as Bool && row["lessonInStudy"] as Bool) { continue }
            try body(PaperRatingRow(ratingID: row["id"], childID: row["childID"], enrolled: row["enrolled"],
                                    lessonID: row["lessonID"], script: row["script"], glyph: row["glyph"],
                                    ratedAt: row["ratedAt"], face: PaperFace(rawValue: row["face"])!, // the column's CHECK allows 1…3 only
                                    ratedBy: row["ratedBy"], note: row["note"]))
        }
    }

    /// The dashboard's figures, from the attempts query above. It reads of each stored record only
    /// what it shows (`VersionedJSON.dashboardParts`) and counts no ink: on a class's 1.5 GB,
    /// decoding whole records and counting ink took 8.8 s, this 2.1 s (docs/PERFORMANCE.md).
    public static func dashboard(_ db: Database, _ filter: ExportFilter) throws -> ResearchDashboard {
        var accumulator = ResearchDashboard.Accumulator()
        try attemptRows(db, filter, ink: false, countInk: false) { row in
            let recordJSON: String? = row["record"]
            let parts = try recordJSON.map { try VersionedJSON.dashboardParts($0, version: row["recordVersion"]) }
            accumulator.add(attemptRow(row, record: nil), motor: parts?.assessment?.motor, clarity: parts?.assessment?.clarity,
                            pick: parts?.pick)
        }
        return accumulator.dashboard
    }
}
