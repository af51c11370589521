import Foundation
import Testing
@testable import FederCore

/// `--since` and `?since=`: a day that does not exist is refused, not rolled into the next month.
@Suite("Export dates")
struct ExportDatesTests {
    @Test func realDaysAndTimesAreRead() throws {
        #expect(ExportDates.parse("2026-11-30") == Date(timeIntervalSince1970: 1_795_996_800))
        #expect(ExportDates.parse("2028-02-29") != nil, "a leap day")
        #expect(ExportDates.parse("2026-11-24T09:00:00Z") == Date(timeIntervalSince1970: 1_795_510_800))
        #expect(ExportDates.parse("2026-11-24T10:00:00.500+01:00") == Date(timeIntervalSince1970: 1_795_510_800.5))
    }

    @Test(arguments: ["2026-11-31", "2026-02-29", "2026-02-30", "2100-02-29", "2026-13-01", "2026-00-10", "2026-11-00",
                      "2026-11-24T24:00:00Z", "2026-11-24T09:60:00Z", "2026-11-24T09:00:60Z", "26-11-24", "2026-11-24x", "", "heute"])
    func daysThatDoNotExistAreRefused(_ text: String) {
        #expect(ExportDates.parse(text) == nil, "\(text)")
    }
}
