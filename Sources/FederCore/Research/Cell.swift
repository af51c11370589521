import Foundation

/// One value of an exported table. Its text form is the same in every format: numbers in the
/// shortest form that reads back to the same double, times as ISO 8601 with milliseconds and the
/// offset (+00:00), dates as YYYY-MM-DD, missing values as nothing.
public enum Cell: Sendable, Equatable {
    case null
    case string(String)
    case integer(Int64)
    case number(Double)
    case boolean(Bool)
    case datetime(Date)
    /// A calendar date as written (YYYY-MM-DD).
    case date(String)

    /// The text written into CSV/TSV; nil for a missing value.
    public var text: String? {
        switch self {
        case .null: return nil
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .number(let d): return d.isFinite ? Self.format(d) : nil
        case .boolean(let b): return b ? "true" : "false"
        case .datetime(let date): return Self.format(date)
        case .date(let s): return s
        }
    }

    /// Swift's description is the shortest text that reads back to the same double.
    static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return d.description
    }

    /// UTC with an explicit offset, millisecond precision (what SQLite stores). Integer arithmetic
    /// (the day from `CalendarDay`'s Gregorian arithmetic): no calendar or locale can change the text.
    public static func format(_ date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, msOfDay) = floorDivide(ms, 86_400_000)
        let seconds = msOfDay / 1000
        return CalendarDay(ordinal: Int(days)).description + "T" + pad(seconds / 3600, 2) + ":"
            + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2) + "." + pad(msOfDay % 1000, 3) + "+00:00"
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

extension Optional where Wrapped == Double {
    public var cell: Cell { map(Cell.number) ?? .null }
}

extension Optional where Wrapped == Int {
    public var cell: Cell { map { .integer(Int64($0)) } ?? .null }
}

extension Optional where Wrapped == String {
    public var cell: Cell { map(Cell.string) ?? .null }
}

extension Optional where Wrapped == Bool {
    public var cell: Cell { map(Cell.boolean) ?? .null }
}

extension Optional where Wrapped == Date {
    public var cell: Cell { map(Cell.datetime) ?? .null }
}

extension Double { public var cell: Cell { .number(self) } }
extension Int { public var cell: Cell { .integer(Int64(self)) } }
extension Int64 { public var cell: Cell { .integer(self) } }
extension String { public var cell: Cell { .string(self) } }
extension Bool { public var cell: Cell { .boolean(self) } }
extension Date { public var cell: Cell { .datetime(self) } }
