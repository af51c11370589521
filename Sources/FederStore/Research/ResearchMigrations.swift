import Foundation
import GRDB

/// The research layer's schema: versions of the JSON columns, the study switch, enrolment with
/// consent, the log of arm changes and paper-transfer ratings. Registered by `Migrations` after
/// its own migrations; never edit one that has shipped, add another.
enum ResearchMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-research-schema-versions") { db in
            // Each JSON column gets the version of its layout beside it. Rows written before this
            // migration are version 1 (the layout they were written in); new rows get the column's
            // default, which `JSONSchemaVersions` keeps equal to the current layout (a test checks).
            try db.alter(table: "phaseRecord") { t in
                t.add(column: "recordVersion", .integer).notNull().defaults(to: JSONSchemaVersions.phaseRecord)
                t.add(column: "inkVersion", .integer).notNull().defaults(to: JSONSchemaVersions.ink)
            }
            try db.alter(table: "child") { t in
                t.add(column: "learnerVersion", .integer).notNull().defaults(to: JSONSchemaVersions.learner)
            }
            try db.alter(table: "draftStroke") { t in
                t.add(column: "samplesVersion", .integer).notNull().defaults(to: JSONSchemaVersions.samples)
            }
        }
        migrator.registerMigration("v4-research-study") { db in
            // One row: whether a study runs.
            try db.create(table: "researchStudy") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("active", .boolean).notNull()
                t.column("changedAt", .datetime).notNull()
            }
            try db.create(table: "researchEnrolment") { t in
                t.primaryKey("childID", .text).references("child", onDelete: .cascade)
                t.column("consentDate", .text).notNull()
                t.column("consentBy", .text).notNull()
                t.column("consentReference", .text)
                t.column("enrolledAt", .datetime).notNull()
                t.column("derivedArm", .text).notNull()
                t.column("arm", .text).notNull()
                t.column("withdrawnAt", .datetime)
            }
            try db.create(table: "researchArmChange") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("childID", .text).notNull().references("child", onDelete: .cascade)
                t.column("fromArm", .text).notNull()
                t.column("toArm", .text).notNull()
                t.column("changedAt", .datetime).notNull()
                t.column("changedBy", .text).notNull()
                t.column("reason", .text).notNull()
            }
            try db.create(table: "researchPaperRating") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("childID", .text).notNull().references("child", onDelete: .cascade)
                t.column("lessonID", .text)
                t.column("script", .text).notNull()
                t.column("glyph", .text).notNull()
                t.column("ratedAt", .datetime).notNull()
                t.column("face", .integer).notNull().check { $0 >= 1 && $0 <= 3 }
                t.column("ratedBy", .text).notNull()
                t.column("note", .text)
                t.column("enrolled", .boolean).notNull().defaults(to: false)
            }
            // Whether the child was enrolled when the record was written: the enrolment cutoff that
            // the export and the dashboard share. Set by a trigger so every writer of records (live
            // sessions, crash recovery) marks them without knowing about the study.
            try db.alter(table: "phaseRecord") { t in
                t.add(column: "enrolled", .boolean).notNull().defaults(to: false)
            }
            for table in ["phaseRecord", "researchPaperRating"] {
                try db.execute(sql: """
                    CREATE TRIGGER \(table)_marks_enrolment AFTER INSERT ON \(table)
                    BEGIN
                        UPDATE \(table) SET enrolled = EXISTS (
                            SELECT 1 FROM researchEnrolment e JOIN researchStudy s ON s.id = 1 AND s.active
                            WHERE e.childID = NEW.childID AND e.withdrawnAt IS NULL)
                        WHERE rowid = NEW.rowid;
                    END
                    """)
            }
        }
    }
}

/// The current layout version of each JSON column (new rows get it as the column default). A layout
/// change that old code could not read raises the number, with a migration that makes new rows
/// carry it and a decoding path for the old number in `VersionedJSON`.
public enum JSONSchemaVersions {
    /// `phaseRecord.record`: `PhaseRecord` as Codable JSON.
    public static let phaseRecord = 1
    /// `phaseRecord.ink`: `Ink` as Codable JSON (samples as `[x, y, t, p, tiltX, tiltY]`).
    public static let ink = 1
    /// `child.learner`: `LearnerState` as Codable JSON.
    public static let learner = 1
    /// `draftStroke.samples`: `[PenSample]`.
    public static let samples = 1
    /// `child.settings`: `ChildSettings` as Codable JSON (every field decodes with a default).
    public static let settings = 1
}

extension ResearchMigrations {
    /// Research migrations after the store's own `v8`.
    static func registerLater(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-study-records-in-their-arm") { db in
            // A phase record is study data when its child was enrolled as it was written *and* it
            // ran in the child's arm. Before, a lesson begun before enrolment (or before an arm
            // override) and finished after it marked its later attempts enrolled while they ran
            // in the condition fixed at its start: a control child's threePhase attempts counted
            // for threePhase. The child's `condition` is its arm while enrolled. Rows already
            // written keep their mark (what was exported stays reproducible).
            try db.execute(sql: """
                DROP TRIGGER IF EXISTS phaseRecord_marks_enrolment;
                CREATE TRIGGER phaseRecord_marks_enrolment AFTER INSERT ON phaseRecord
                BEGIN
                    UPDATE phaseRecord SET enrolled = EXISTS (
                        SELECT 1 FROM researchEnrolment e JOIN researchStudy s ON s.id = 1 AND s.active
                        WHERE e.childID = NEW.childID AND e.withdrawnAt IS NULL)
                        AND NEW.condition = (SELECT c.condition FROM child c WHERE c.id = NEW.childID)
                    WHERE rowid = NEW.rowid;
                END;
                """)
        }
    }
}

extension ResearchMigrations {
    /// Research migrations after the store's `v10`.
    static func registerAfterDeletedChildren(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11-consent-history") { db in
            // `researchEnrolment` holds a child's latest consent: enrolling again after a withdrawal
            // (or with a corrected form) replaced the earlier consent and cleared the withdrawal,
            // and study rows of the first enrolment then seemed to predate their consent. Every
            // enrolment and withdrawal is kept here from now on; what the enrolment rows still
            // know (the latest enrolment, a withdrawal after it) is written as the history's start.
            try db.create(table: "researchConsentEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("childID", .text).notNull().references("child", onDelete: .cascade)
                t.column("event", .text).notNull().check(sql: "event IN ('enrolled', 'withdrawn')")
                t.column("at", .datetime).notNull()
                t.column("consentDate", .text)
                t.column("consentBy", .text)
                t.column("consentReference", .text)
            }
            try db.execute(sql: """
                INSERT INTO researchConsentEvent (childID, event, at, consentDate, consentBy, consentReference)
                SELECT childID, event, at, consentDate, consentBy, consentReference FROM (
                    SELECT childID, 'enrolled' AS event, enrolledAt AS at, consentDate, consentBy, consentReference, 0 AS step
                    FROM researchEnrolment
                    UNION ALL
                    SELECT childID, 'withdrawn', withdrawnAt, NULL, NULL, NULL, 1 FROM researchEnrolment WHERE withdrawnAt IS NOT NULL
                ) ORDER BY at, childID, step
                """)
            try db.create(index: "researchConsentEvent_on_childID", on: "researchConsentEvent", columns: ["childID"])
        }
        migrator.registerMigration("v12-blank-text-is-missing") { db in
            // Free text of nothing but spaces is stored as NULL since 2026-11-28 (`textOrNil`), as
            // the codebook says a missing value is; rows written before kept "" (a review found
            // them in the export beside NULLs meaning the same).
            // The white space `textOrNil` trims (Foundation's whitespacesAndNewlines), no-break
            // spaces and the typographic ones included.
            let spaces = "char(9, 10, 11, 12, 13, 32, 133, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288)"
            let blank = "trim(%@, \(spaces)) = ''"
            for (table, column) in [("researchEnrolment", "consentReference"), ("researchConsentEvent", "consentReference"),
                                    ("researchPaperRating", "note")] {
                try db.execute(sql: "UPDATE \(table) SET \(column) = NULL WHERE " + blank.replacingOccurrences(of: "%@", with: column))
            }
        }
    }
}
