import Foundation
import GRDB

/// Schema history. Never edit a shipped migration: add a new one.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-attempts") { db in
            try db.create(table: "attempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("childID", .text)
                t.column("glyph", .text).notNull()
                t.column("script", .text).notNull()
                t.column("variant", .text).notNull()
                t.column("phase", .text).notNull()
                t.column("pointer", .text).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("finishedAt", .datetime).notNull()
                t.column("completed", .boolean).notNull()
                t.column("progress", .double).notNull()
                t.column("ink", .jsonText).notNull()
                t.column("result", .jsonText).notNull()
            }
            try db.create(index: "attempt_on_child_glyph", on: "attempt", columns: ["childID", "glyph"])
        }
        migrator.registerMigration("v2-lessons") { db in
            try db.create(table: "child") { t in
                t.primaryKey("id", .text)
                t.column("condition", .text).notNull()
                t.column("learner", .jsonText).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "phaseRecord") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("lessonID", .text).notNull()
                t.column("childID", .text)
                t.column("condition", .text).notNull()
                t.column("script", .text).notNull()
                t.column("glyph", .text).notNull()
                t.column("variant", .text).notNull()
                t.column("phase", .text).notNull()
                t.column("attempt", .integer).notNull()
                t.column("outcome", .text).notNull()
                t.column("completed", .boolean).notNull()
                t.column("pointer", .text)
                t.column("startedAt", .datetime).notNull()
                t.column("endedAt", .datetime).notNull()
                t.column("activeSeconds", .double).notNull()
                t.column("score", .double)
                t.column("stars", .integer)
                t.column("record", .jsonText)
                t.column("ink", .jsonText)
            }
            try db.create(index: "phaseRecord_on_child", on: "phaseRecord", columns: ["childID", "glyph"])
            // Ink of strokes written so far in an unfinished phase: a crash loses at most the stroke in flight.
            try db.create(table: "draftStroke") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("lessonID", .text).notNull()
                t.column("childID", .text)
                t.column("condition", .text).notNull()
                t.column("script", .text).notNull()
                t.column("glyph", .text).notNull()
                t.column("variant", .text).notNull()
                t.column("phase", .text).notNull()
                t.column("attempt", .integer).notNull()
                t.column("pointer", .text).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("strokeIndex", .integer).notNull()
                t.column("samples", .jsonText).notNull()
            }
            try db.create(index: "draftStroke_on_lesson", on: "draftStroke", columns: ["lessonID", "phase", "attempt"])
            // Attempts from the first version become guided phase records; nothing stored is lost.
            try db.execute(sql: """
                INSERT INTO phaseRecord (lessonID, childID, condition, script, glyph, variant, phase, attempt, outcome,
                                         completed, pointer, startedAt, endedAt, activeSeconds, score, stars, record, ink)
                SELECT 'v1-attempt-' || id, childID, 'threePhase', script, glyph, variant, phase, 1,
                       CASE WHEN completed THEN 'passed' ELSE 'abandoned' END, completed, pointer, startedAt, finishedAt,
                       (julianday(finishedAt) - julianday(startedAt)) * 86400.0, progress, NULL, NULL,
                       json_object('strokes', json_extract(ink, '$.strokes'), 'pointer', pointer)
                FROM attempt
                """)
            try db.drop(table: "attempt")
        }
        migrator.registerMigration("v3-profiles") { db in
            // Children become profiles a tablet can pick: an avatar, handedness, pointer, script,
            // adults' settings; existing children keep their history and get a default avatar.
            try db.alter(table: "child") { t in
                t.add(column: "displayName", .text)
                t.add(column: "animal", .text).notNull().defaults(to: "eule")
                t.add(column: "colour", .text).notNull().defaults(to: "blau")
                t.add(column: "handedness", .text)
                t.add(column: "pointer", .text)
                t.add(column: "script", .text).notNull().defaults(to: "druck")
                t.add(column: "settings", .jsonText).notNull().defaults(to: "{}")
                // The layout version of `settings` (ChildSettings as JSON; see JSONSchemaVersions).
                t.add(column: "settingsVersion", .integer).notNull().defaults(to: 1)
                t.add(column: "onboardedAt", .datetime)
                t.add(column: "archivedAt", .datetime)
            }
            // One row per letter a child finished (or left) in Schule or Werkstatt: the source of
            // the jar, the streak and the progress board.
            try db.create(table: "letterSession") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("childID", .text).notNull().indexed().references("child", onDelete: .cascade)
                t.column("lessonID", .text).notNull()
                t.column("world", .text).notNull().check(sql: "world IN ('schule', 'werkstatt')")
                t.column("script", .text).notNull()
                t.column("glyph", .text).notNull()
                t.column("day", .text).notNull()
                t.column("finishedAt", .datetime).notNull()
                t.column("completed", .boolean).notNull()
                t.column("stars", .integer).notNull()
                t.column("performance", .double)
            }
            try db.create(index: "letterSession_on_child_day", on: "letterSession", columns: ["childID", "day"])
        }
        ResearchMigrations.register(in: &migrator)
        migrator.registerMigration("v5-adult-keys") { db in
            // Small keyed values of the adult area: persisted adult sessions (so a restart does not
            // sign every adult out) and the PIN's hash with its lock-out state. `expiresAt` nil: never.
            try db.create(table: "keyValue") { t in
                t.primaryKey("key", .text)
                t.column("value", .blob).notNull()
                t.column("expiresAt", .datetime)
            }
        }
        KeysMigration.register(in: &migrator)
        migrator.registerMigration("v7-recovered-records") { db in
            // Records made from drafts are marked, so resuming finds them although they are now
            // judged (before, "no engine record" was the mark).
            try db.alter(table: "phaseRecord") { t in
                t.add(column: "recovered", .boolean).notNull().defaults(to: false)
            }
            try db.execute(sql: """
                UPDATE phaseRecord SET recovered = 1
                WHERE record IS NULL AND outcome = 'abandoned' AND ink IS NOT NULL
                """)
        }
        migrator.registerMigration("v8-attendance-index") { db in
            // A finished letter reads the child's practice days (the streak) and today's letters
            // (the jar). With only (childID, day) SQLite visits every session row of the child to
            // test `completed` for the practice days: 0.6 ms for a school year's 5,000 sessions,
            // half that with this index, from which that read is answered alone (docs/PERFORMANCE.md).
            try db.create(index: "letterSession_on_child_completed_day", on: "letterSession",
                          columns: ["childID", "completed", "day"])
        }
        ResearchMigrations.registerLater(in: &migrator)
        migrator.registerMigration("v10-deleted-children") { db in
            // The ids of children whose data an adult deleted: a tablet that still remembers one
            // must not bring the child back as a new profile (`hello` makes one for an unknown id).
            // The id is a random UUID and all that is kept.
            try db.create(table: "deletedChild") { t in
                t.primaryKey("id", .text)
                t.column("deletedAt", .datetime).notNull()
            }
        }
        ResearchMigrations.registerAfterDeletedChildren(in: &migrator)
        migrator.registerMigration("v13-records-by-child-and-time") { db in
            // The class list reads each child's latest phase record ("Zuletzt geübt",
            // `ChildStore.lastWritten`) and the dashboard a child's records in time order: with only
            // (childID, glyph) both visited every record of the child.
            try db.create(index: "phaseRecord_on_child_startedAt", on: "phaseRecord", columns: ["childID", "startedAt"])
        }
        return migrator
    }
}
