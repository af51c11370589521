import Foundation

/// Time for the live sessions: a monotonic clock for the lessons (seconds, never jumps) and the wall
/// clock for stored dates. Injected so tests can move time by hand.
public struct ServerClock: Sendable {
    public var monotonic: @Sendable () -> Double
    public var wall: @Sendable () -> Date

    public init(monotonic: @escaping @Sendable () -> Double, wall: @escaping @Sendable () -> Date) {
        self.monotonic = monotonic
        self.wall = wall
    }

    /// The real clocks; monotonic seconds count from the moment this clock is made.
    public static func system() -> ServerClock {
        let origin = ContinuousClock.now
        return ServerClock(monotonic: { (ContinuousClock.now - origin).seconds }, wall: { Date() })
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
