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
        return migrator
    }
}
