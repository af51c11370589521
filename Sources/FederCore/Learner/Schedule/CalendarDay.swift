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

    /// "yyyy-MM-dd".
    public var description: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(ordinal) * 86_400))
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + days) }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.ordinal < b.ordinal }

    /// Parses "yyyy-MM-dd"; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2], (1...12).contains(m), (1...31).contains(d) else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let date = calendar.date(from: DateComponents(year: y, month: m, day: d)) else { return nil }
        ordinal = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
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
