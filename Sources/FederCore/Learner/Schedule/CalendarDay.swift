import Foundation

/// A day on the child's calendar ("2026-11-23"), for daily rounds, the jar and the streak. Made
/// from a date and a time zone, both passed in, so tests choose the day.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 on this calendar.
    public let ordinal: Int

    public init(ordinal: Int) { self.ordinal = ordinal }

    public init(_ date: Date, timeZone: TimeZone) {
        let offset = Double(timeZone.secondsFromGMT(for: date))
        ordinal = Int(((date.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
    }

    /// "yyyy-MM-dd". Proleptic Gregorian arithmetic on the ordinal, without `Calendar` or
    /// `String(format:)`: a finished letter formats its day several times, on the live session's path.
    public var description: String {
        let (year, month, day) = Self.civil(fromOrdinal: ordinal)
        return Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + days) }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.ordinal < b.ordinal }

    /// Parses "yyyy-MM-dd"; nil for anything else, a day the month does not have included.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2], (1...12).contains(m),
              (1...Self.days(inMonth: m, of: y)).contains(d) else {
            return nil
        }
        ordinal = Self.ordinal(year: y, month: m, day: d)
    }

    // MARK: Gregorian arithmetic

    /// Days since 1970-01-01 of a Gregorian date. Counts in 400-year eras (146,097 days each) of
    /// years that start on 1 March, so the leap day is the last day of its year.
    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The Gregorian date of a day since 1970-01-01 (the inverse of `ordinal(year:month:day:)`).
    static func civil(fromOrdinal ordinal: Int) -> (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected yyyy-MM-dd"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
