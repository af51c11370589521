import FederCore
import Foundation
import GRDB

extension ChildStore {
    /// The adult dashboard of one child (nil if there is no such child). Reads the child's records
    /// without their ink, then the ink of the latest free-writing records only.
    public func dashboard(childID: String, today: CalendarDay, timeZone: TimeZone) async throws -> ChildDashboard? {
        try await database.writer.read { db in
            guard let child = try ChildRecord.fetchOne(db, key: childID) else { return nil }
            let columns = "id, lessonID, childID, condition, script, glyph, variant, phase, attempt, outcome, completed, pointer, startedAt, endedAt, activeSeconds, score, stars, record, recovered"
            var records = try PhaseRecordRow.fetchAll(db, sql: """
                SELECT \(columns), NULL AS ink FROM phaseRecord WHERE childID = ? ORDER BY startedAt, id
                """, arguments: [childID])
            let latestFree = try PhaseRecordRow.fetchAll(db, sql: """
                SELECT * FROM phaseRecord WHERE childID = ? AND phase = ? AND ink IS NOT NULL
                ORDER BY startedAt DESC, id DESC LIMIT ?
                """, arguments: [childID, LessonPhase.freeWrite.rawValue, ChildDashboard.latestFreeLimit])
            let ink = Dictionary(uniqueKeysWithValues: latestFree.compactMap { row in row.id.map { ($0, row.ink) } })
            for i in records.indices { if let id = records[i].id, let stored = ink[id] { records[i].ink = stored } }
            let days = try String.fetchAll(db, sql: "SELECT DISTINCT day FROM letterSession WHERE childID = ? AND completed = 1",
                                           arguments: [childID])
            var ratings: [PaperRatingRow] = []
            try ResearchQueries.paperRatings(db, ExportFilter(childID: childID)) { ratings.append($0) }
            return ChildDashboard.make(child: child, records: records, practiceDays: Set(days.compactMap(CalendarDay.init)),
                                       paperRatings: ratings, today: today, timeZone: timeZone)
        }
    }
}
