import Foundation

/// How a time bound (`--since`, `?since=`) may be written.
public enum ExportDates {
    /// `YYYY-MM-DD` (midnight UTC) or an ISO 8601 time with offset, fractional seconds allowed.
    public static func parse(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        day.timeZone = TimeZone(identifier: "UTC")
        return withFraction.date(from: text) ?? plain.date(from: text) ?? (text.count == 10 ? day.date(from: text) : nil)
    }
}
