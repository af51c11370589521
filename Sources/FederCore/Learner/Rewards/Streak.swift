import Foundation

/// Days in a row with practice. It decays honestly: a day without practice is forgiven only until
/// the end of the next day (the child can still practise today); after a whole missed day it is gone.
public enum Streak {
    /// The current streak on `today`, from the days that had at least one finished letter.
    public static func current(practiceDays: Set<CalendarDay>, today: CalendarDay) -> Int {
        var day = practiceDays.contains(today) ? today : today.adding(days: -1)
        var count = 0
        while practiceDays.contains(day) {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }

    /// The longest run ever.
    public static func longest(practiceDays: Set<CalendarDay>) -> Int {
        var best = 0
        for day in practiceDays where !practiceDays.contains(day.adding(days: -1)) {
            var length = 1
            while practiceDays.contains(day.adding(days: length)) { length += 1 }
            best = max(best, length)
        }
        return best
    }
}
