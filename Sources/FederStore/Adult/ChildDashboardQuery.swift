import FederCore
import Foundation
import GRDB

extension ChildStore {
    /// The adult dashboard of one child (nil if there is no such child). Reads the child's records
    /// without their ink, then the ink of the latest free-writing records only.
    public func dashboard(childID: String, today: CalendarDay, timeZone: TimeZone) async throws -> ChildDashboard? {
        try await database.writer.read { db in
            guard let child = try ChildRecord.fetchOne(db, key: childID) else { return nil }
            let columns = PhaseRecordRow.Columns.self
            var records = try PhaseRecordRow.select(columns.allButInk).filter(columns.childID == childID)
                .order(columns.startedAt, columns.id).fetchAll(db)
            let latestFree = try PhaseRecordRow
                .filter(columns.childID == childID && columns.phase == LessonPhase.freeWrite.rawValue && columns.ink != nil)
                .order(columns.startedAt.desc, columns.id.desc).limit(ChildDashboard.latestFreeLimit).fetchAll(db)
            let ink = Dictionary(uniqueKeysWithValues: latestFree.compactMap { row in row.id.map { ($0, row.ink) } })
            for i in records.indices { if let id = records[i].id, let stored = ink[id] { records[i].ink = stored } }
            let days = try ChildStore.practiceDays(childID: childID, in: db)
            var ratings: [PaperRatingRow] = []
            try ResearchQueries.paperRatings(db, ExportFilter(childID: childID)) { ratings.append($0) }
            let lettersToday = try ChildStore.lettersFinished(childID: childID, on: today, in: db)
            let werkstattToday = try LetterSessionRow
                .filter(LetterSessionRow.Columns.childID == childID && LetterSessionRow.Columns.day == today.description
                        && LetterSessionRow.Columns.world == LetterSessionRow.World.werkstatt.rawValue)
                .fetchCount(db)
            return ChildDashboard.make(child: child, records: records, practiceDays: days, lettersToday: lettersToday,
                                       werkstattToday: werkstattToday,
                                       paperRatings: ratings, today: today, timeZone: timeZone)
        }
    }
}
