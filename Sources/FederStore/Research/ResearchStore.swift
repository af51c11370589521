import FederCore
import Foundation
import GRDB

/// The study: whether it runs, which children are enrolled with whose consent, their arms and the
/// log of researchers' changes, and paper-transfer ratings. Enrolling or overriding writes the arm
/// into `child.condition`, which a live session reads at the child's next `start`.
public struct ResearchStore: Sendable {
    /// What a child not enrolled practises in.
    public static let defaultCondition = StudyCondition.threePhase

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case studyNotActive
        case unknownChild(String)
        case notEnrolled(String)
        case invalidConsentDate(String)
        case unknownLesson(String)
        case emptyField(String)

        public var description: String {
            switch self {
            case .studyNotActive: return "no study is switched on"
            case .unknownChild(let id): return "no child \(id)"
            case .notEnrolled(let id): return "child \(id) is not enrolled"
            case .invalidConsentDate(let s): return "consent date \(s) is not YYYY-MM-DD"
            case .unknownLesson(let id): return "no lesson \(id) of this child"
            case .emptyField(let name): return "\(name) must not be empty"
            }
        }
    }

    let database: FederDatabase

    public init(database: FederDatabase) {
        self.database = database
    }

    // MARK: The study switch

    /// Switches the study on or off. Off: every enrolled child practises in the default condition
    /// (records are no longer marked enrolled); on again: each goes back to its arm.
    public func setStudy(active: Bool, now: Date = Date()) async throws {
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO researchStudy (id, active, changedAt) VALUES (1, ?, ?)
                ON CONFLICT(id) DO UPDATE SET active = excluded.active, changedAt = excluded.changedAt
                """, arguments: [active, now])
            let enrolled = try Row.fetchAll(db, sql: "SELECT childID, arm FROM researchEnrolment WHERE withdrawnAt IS NULL")
            for row in enrolled {
                let arm: String = active ? row["arm"] : Self.defaultCondition.rawValue
                try Self.setCondition(db, child: row["childID"], arm: arm, now: now)
            }
        }
    }

    // MARK: Enrolment

    /// Enrols a child with the consent given: its arm is the hash's (`ArmAssignment`). Enrolling
    /// again (after a withdrawal, or to correct the consent) keeps the arm and any override.
    @discardableResult
    public func enrol(childID: String, consentDate: String, consentBy: ConsentGiver, consentReference: String?,
                      now: Date = Date()) async throws -> StudyCondition {
        // A consent given after today is a typo; a day's grace for time zones ahead of UTC.
        guard Self.isDate(consentDate), consentDate <= CalendarDay(now.addingTimeInterval(86_400), timeZone: TimeZone(identifier: "UTC")!).description else {
            throw Failure.invalidConsentDate(consentDate)
        }
        // An empty reference is none: written as "" it would be missing in CSV and a string in JSON.
        let consentReference = Self.textOrNil(consentReference)
        return try await database.writer.write { db in
            guard try Self.isActive(db) else { throw Failure.studyNotActive }
            guard try Self.childExists(db, childID) else { throw Failure.unknownChild(childID) }
            let derived = ArmAssignment.arm(for: childID)
            try db.execute(sql: """
                INSERT INTO researchEnrolment (childID, consentDate, consentBy, consentReference, enrolledAt, derivedArm, arm)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(childID) DO UPDATE SET consentDate = excluded.consentDate, consentBy = excluded.consentBy,
                    consentReference = excluded.consentReference, enrolledAt = excluded.enrolledAt, withdrawnAt = NULL
                """, arguments: [childID, consentDate, consentBy.rawValue, consentReference, now, derived.rawValue, derived.rawValue])
            // The row above holds the latest consent; the history keeps every one.
            try db.execute(sql: """
                INSERT INTO researchConsentEvent (childID, event, at, consentDate, consentBy, consentReference)
                VALUES (?, 'enrolled', ?, ?, ?, ?)
                """, arguments: [childID, now, consentDate, consentBy.rawValue, consentReference])
            let arm = try String.fetchOne(db, sql: "SELECT arm FROM researchEnrolment WHERE childID = ?", arguments: [childID])!
            try Self.setCondition(db, child: childID, arm: arm, now: now)
            return StudyCondition(rawValue: arm) ?? derived
        }
    }

    /// Consent withdrawn: the child goes back to the default condition; what was recorded while
    /// enrolled stays marked so (the export keeps it; whether to use it is the study's decision).
    public func withdraw(childID: String, now: Date = Date()) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE researchEnrolment SET withdrawnAt = ? WHERE childID = ? AND withdrawnAt IS NULL",
                           arguments: [now, childID])
            guard db.changesCount == 1 else { throw Failure.notEnrolled(childID) }
            try db.execute(sql: "INSERT INTO researchConsentEvent (childID, event, at) VALUES (?, 'withdrawn', ?)",
                           arguments: [childID, now])
            try Self.setCondition(db, child: childID, arm: Self.defaultCondition.rawValue, now: now)
        }
    }

    /// A researcher puts an enrolled child into another arm; the change is logged with who and why.
    public func overrideArm(childID: String, to arm: StudyCondition, by researcher: String, reason: String,
                            now: Date = Date()) async throws {
        guard !researcher.trimmingCharacters(in: .whitespaces).isEmpty else { throw Failure.emptyField("changedBy") }
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else { throw Failure.emptyField("reason") }
        try await database.writer.write { db in
            guard let current = try String.fetchOne(db, sql: "SELECT arm FROM researchEnrolment WHERE childID = ? AND withdrawnAt IS NULL",
                                                    arguments: [childID]) else { throw Failure.notEnrolled(childID) }
            try db.execute(sql: """
                INSERT INTO researchArmChange (childID, fromArm, toArm, changedAt, changedBy, reason) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [childID, current, arm.rawValue, now, researcher, reason])
            try db.execute(sql: "UPDATE researchEnrolment SET arm = ? WHERE childID = ?", arguments: [arm.rawValue, childID])
            if try Self.isActive(db) { try Self.setCondition(db, child: childID, arm: arm.rawValue, now: now) }
        }
    }

    // MARK: Paper transfer

    @discardableResult
    public func addPaperRating(childID: String, lessonID: String?, script: String, glyph: String, face: PaperFace,
                               ratedBy: String, note: String?, now: Date = Date()) async throws -> Int64 {
        try await database.writer.write { db in
            guard try Self.childExists(db, childID) else { throw Failure.unknownChild(childID) }
            if let lessonID {
                let known = PhaseRecordRow.filter(PhaseRecordRow.Columns.lessonID == lessonID && PhaseRecordRow.Columns.childID == childID)
                guard try !known.isEmpty(db) else { throw Failure.unknownLesson(lessonID) }
                // The child rates a letter once: a face sent again (its answer lost, or kept for
                // another try by a connection that closed meanwhile) is the one already stored.
                if ratedBy == "child", let stored = try Int64.fetchOne(db, sql: """
                    SELECT id FROM researchPaperRating WHERE childID = ? AND lessonID = ? AND ratedBy = 'child' ORDER BY id LIMIT 1
                    """, arguments: [childID, lessonID]) { return stored }
            }
            try db.execute(sql: """
                INSERT INTO researchPaperRating (childID, lessonID, script, glyph, ratedAt, face, ratedBy, note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [childID, lessonID, script, glyph, now, face.rawValue, ratedBy, Self.textOrNil(note)])
            return db.lastInsertedRowID
        }
    }

    /// Free text as stored: nothing but spaces is none (`NULL`), so that it reads as missing in every format.
    static func textOrNil(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// The face `ratedBy` gave the lesson, if any (the first, when there are several).
    public func paperFace(childID: String, lessonID: String, ratedBy: String) async throws -> PaperFace? {
        try await database.writer.read { db in
            let face = try Int.fetchOne(db, sql: """
                SELECT face FROM researchPaperRating WHERE childID = ? AND lessonID = ? AND ratedBy = ? ORDER BY id LIMIT 1
                """, arguments: [childID, lessonID, ratedBy])
            return face.flatMap(PaperFace.init(rawValue:))
        }
    }

    // MARK: Helpers

    public static func isActive(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT active FROM researchStudy WHERE id = 1") ?? false
    }

    static func childExists(_ db: Database, _ id: String) throws -> Bool {
        try ChildRecord.exists(db, key: id)
    }

    static func setCondition(_ db: Database, child: String, arm: String, now: Date) throws {
        try ChildRecord.filter(key: child).updateAll(db, ChildRecord.Columns.condition.set(to: arm),
                                                     ChildRecord.Columns.updatedAt.set(to: now))
    }

    static func isDate(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: y, month: m, day: d)).map {
            calendar.component(.day, from: $0) == d && calendar.component(.month, from: $0) == m
        } ?? false
    }
}
