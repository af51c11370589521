import FederCore
import Foundation

/// Time for the live sessions: a monotonic clock for the lessons (seconds, never jumps), the wall
/// clock for stored dates and the time zone that decides a child's calendar day (daily round, jar,
/// streak). Injected so tests can move time by hand.
public struct ServerClock: Sendable {
    public var monotonic: @Sendable () -> Double
    public var wall: @Sendable () -> Date
    public var timeZone: TimeZone

    public init(monotonic: @escaping @Sendable () -> Double, wall: @escaping @Sendable () -> Date, timeZone: TimeZone = .current) {
        self.monotonic = monotonic
        self.wall = wall
        self.timeZone = timeZone
    }

    /// The real clocks; monotonic seconds count from the moment this clock is made. With `start`,
    /// the wall clock begins at that date and runs on in real time (`feder serve --clock-start`,
    /// for demos and for tests of days passing).
    public static func system(startingAt start: Date? = nil, timeZone: TimeZone = .current) -> ServerClock {
        let origin = ContinuousClock.now
        let wall: @Sendable () -> Date
        if let start {
            wall = { start.addingTimeInterval((ContinuousClock.now - origin).seconds) }
        } else {
            wall = { Date() }
        }
        return ServerClock(monotonic: { (ContinuousClock.now - origin).seconds }, wall: wall, timeZone: timeZone)
    }

    /// Today on the child's calendar.
    public var today: CalendarDay { CalendarDay(wall(), timeZone: timeZone) }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
