import Foundation
import GRDB

/// Migration v6: the database keeps child → lessons → records whole by itself, and holds only the
/// phases and outcomes the engine knows. SQLite adds foreign keys and CHECKs only by rebuilding a
/// table, so `phaseRecord` and `draftStroke` are copied row by row into their new shape (same ids,
/// same values, same indexes and triggers); nothing stored is dropped or changed.
///
/// What rows from before it need, decided here:
/// - A child id that records or drafts name but that has no `child` row (attempts of v1, which had
///   no profiles) gets a minimal profile, archived: the records keep their child, the export and the
///   adult area see the child, and "Wer schreibt heute?" does not suddenly show an unnamed owl.
///   An adult can bring it back. Its creation time is its earliest stored attempt.
/// - Every lesson id that records or drafts carry gets a `lesson` row; its child is the one its rows
///   name (the smallest id if they name more than one; each record keeps its own `childID`).
/// - A stored phase or outcome outside the lists below makes the migration fail (the database stays
///   as it was), rather than be changed; no version of Feder wrote one.
///
/// Deleting: when a child row is deleted (an adult erasing a child, `ChildStore.delete`), its
/// lessons, records and drafts go with it, as its letter sessions and research rows do (ON DELETE
/// CASCADE). No route deletes a lesson alone.
enum KeysMigration {
    /// The values of `LessonPhase` when this migration shipped. A new phase needs a new migration
    /// (a test compares this list with FederCore's).
    static let phases = ["observe", "direct", "guided", "freeWrite"]
    /// The values of `PhaseRecord.Outcome` when this migration shipped (compared by a test too).
    static let outcomes = ["passed", "repeated", "restarted", "abandoned"]

    static func register(in migrator: inout DatabaseMigrator) {
        // GRDB runs it with foreign keys off and checks every key before it commits
        // (`foreignKeyChecks: .deferred`, the default): a row left without its parent fails the migration.
        migrator.registerMigration("v6-keys-and-checks") { db in
            try adoptUnknownChildren(db)
            try createLessons(db)
            try rebuild("phaseRecord", in: db) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("lessonID", .text).notNull().references("lesson", onDelete: .cascade)
                t.column("childID", .text).references("child", onDelete: .cascade)
                t.column("condition", .text).notNull()
                t.column("script", .text).notNull()
                t.column("glyph", .text).notNull()
                t.column("variant", .text).notNull()
                t.column("phase", .text).notNull().check(sql: "phase IN (\(sqlList(phases)))")
                t.column("attempt", .integer).notNull()
                t.column("outcome", .text).notNull().check(sql: "outcome IN (\(sqlList(outcomes)))")
                t.column("completed", .boolean).notNull()
                t.column("pointer", .text)
                t.column("startedAt", .datetime).notNull()
                t.column("endedAt", .datetime).notNull()
                t.column("activeSeconds", .double).notNull()
                t.column("score", .double)
                t.column("stars", .integer)
                t.column("record", .jsonText)
                t.column("ink", .jsonText)
                t.column("recordVersion", .integer).notNull().defaults(to: JSONSchemaVersions.phaseRecord)
                t.column("inkVersion", .integer).notNull().defaults(to: JSONSchemaVersions.ink)
                t.column("enrolled", .boolean).notNull().defaults(to: false)
            }
            try rebuild("draftStroke", in: db) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("lessonID", .text).notNull().references("lesson", onDelete: .cascade)
                t.column("childID", .text).references("child", onDelete: .cascade)
                t.column("condition", .text).notNull()
                t.column("script", .text).notNull()
                t.column("glyph", .text).notNull()
                t.column("variant", .text).notNull()
                t.column("phase", .text).notNull().check(sql: "phase IN (\(sqlList(phases)))")
                t.column("attempt", .integer).notNull()
                t.column("pointer", .text).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("strokeIndex", .integer).notNull()
                t.column("samples", .jsonText).notNull()
                t.column("samplesVersion", .integer).notNull().defaults(to: JSONSchemaVersions.samples)
            }
            // Deleting a lesson or child finds its rows by index, and so do resuming and recovery.
            try db.create(index: "phaseRecord_on_lesson", on: "phaseRecord", columns: ["lessonID", "phase", "attempt"])
            try db.create(index: "draftStroke_on_child", on: "draftStroke", columns: ["childID"])
        }
    }

    /// A minimal, archived profile for each child id that rows name but `child` lacks.
    static func adoptUnknownChildren(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO child (id, condition, learner, createdAt, updatedAt, archivedAt)
            SELECT childID, 'threePhase', '{}', MIN(startedAt), MIN(startedAt), strftime('%Y-%m-%d %H:%M:%f', 'now')
            FROM (SELECT childID, startedAt FROM phaseRecord UNION ALL SELECT childID, startedAt FROM draftStroke)
            WHERE childID IS NOT NULL AND childID NOT IN (SELECT id FROM child)
            GROUP BY childID
            """)
    }

    /// The lesson table, with a row for every lesson id already stored.
    static func createLessons(_ db: Database) throws {
        try db.create(table: "lesson") { t in
            t.primaryKey("id", .text)
            t.column("childID", .text).indexed().references("child", onDelete: .cascade)
        }
        try db.execute(sql: """
            INSERT INTO lesson (id, childID)
            SELECT lessonID, MIN(childID)
            FROM (SELECT lessonID, childID FROM phaseRecord UNION ALL SELECT lessonID, childID FROM draftStroke)
            GROUP BY lessonID
            """)
    }

    /// Replaces `table` by a table of the new shape holding every row it held, with the same ids,
    /// indexes, triggers and AUTOINCREMENT counter (ids of deleted rows are not given out again).
    static func rebuild(_ table: String, in db: Database, shape: (TableDefinition) -> Void) throws {
        let counter = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
        let dependents = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL
            """, arguments: [table])
        let before = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
        let rebuilt = "\(table)_rebuilt"
        try db.create(table: rebuilt, body: shape)
        let columns = try db.columns(in: rebuilt).map { "\"\($0.name)\"" }.joined(separator: ", ")
        try db.execute(sql: "INSERT INTO \(rebuilt) (\(columns)) SELECT \(columns) FROM \(table)")
        let after = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(rebuilt)") ?? 0
        guard after == before else { throw MigrationFailure.rowsLost(table: table, before: before, after: after) }
        try db.drop(table: table)
        try db.rename(table: rebuilt, to: table)
        for sql in dependents { try db.execute(sql: sql) }
        if let counter {
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table])
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, MAX(?, (SELECT COALESCE(MAX(id), 0) FROM \(table))))",
                           arguments: [table, counter])
        }
    }

    static func sqlList(_ values: [String]) -> String {
        values.map { "'\($0)'" }.joined(separator: ", ")
    }

    enum MigrationFailure: Error, Equatable {
        case rowsLost(table: String, before: Int, after: Int)
    }
}
