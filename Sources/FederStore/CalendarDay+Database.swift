import FederCore
import GRDB

/// Days are stored as "yyyy-MM-dd" text, so SQL can group and filter on them.
extension CalendarDay: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CalendarDay? {
        String.fromDatabaseValue(dbValue).flatMap(CalendarDay.init)
    }
}
