import Foundation

/// Dates an export is limited by (`--since`, `?since=`).
public enum ExportDates {
    /// `YYYY-MM-DD` (midnight UTC) or an ISO 8601 time with offset, fractional seconds allowed.
    /// A date that does not exist (2026-02-30, 2026-11-31) or a time past 23:59:59 is nil: the
    /// formatter would roll it over into the next month or day.
    public static func parse(_ text: String) -> Date? {
        guard fieldsExist(text) else { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        day.timeZone = TimeZone(identifier: "UTC")
        return withFraction.date(from: text) ?? plain.date(from: text) ?? (text.count == 10 ? day.date(from: text) : nil)
    }

    /// Whether the day (and the time, where there is one) named at the start of `text` exists.
    static func fieldsExist(_ text: String) -> Bool {
        let chars = Array(text.utf8)
        func number(_ from: Int, _ length: Int) -> Int? {
            guard chars.count >= from + length else { return nil }
            var value = 0
            for c in chars[from..<from + length] {
                guard (48...57).contains(c) else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= days else { return false }
        guard chars.count > 10 else { return true }
        guard let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return false }
        return hour <= 23 && minute <= 59 && second <= 59
    }
}
