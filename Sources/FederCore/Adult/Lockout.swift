import Foundation

/// How wrong tries lock a door: after `failuresPerLock` wrong tries in a row it stays shut for
/// `firstLock`, and each further lock lasts twice as long as the one before, up to `longestLock`.
/// A right answer resets it.
public struct LockoutPolicy: Sendable, Equatable {
    public var failuresPerLock: Int
    public var firstLock: TimeInterval
    public var longestLock: TimeInterval
    /// After this long without a wrong try (counted from the end of the last lock) the lengths start
    /// over from `firstLock`; nil: only a right answer starts them over.
    public var forgetAfter: TimeInterval?

    public init(failuresPerLock: Int, firstLock: TimeInterval, longestLock: TimeInterval, forgetAfter: TimeInterval? = nil) {
        self.failuresPerLock = failuresPerLock
        self.firstLock = firstLock
        self.longestLock = longestLock
        self.forgetAfter = forgetAfter
    }

    /// The parent's PIN: five wrong tries lock it for 30 s, then 1, 2, 4 … minutes, at most an hour;
    /// only the right PIN starts over (someone guessing must not be able to wait it out).
    public static let pin = LockoutPolicy(failuresPerLock: 5, firstLock: 30, longestLock: 3600)
    /// The reading task: three wrong numbers lock it for 60 s, then 2, 4 … minutes, at most an hour.
    /// A child's drumming must not keep the parent out for long afterwards: after ten quiet minutes
    /// the next lock is a minute again.
    public static let gate = LockoutPolicy(failuresPerLock: 3, firstLock: 60, longestLock: 3600, forgetAfter: 600)
    /// The class code a device on the classroom network enters once: five wrong codes lock it for
    /// 60 s, then 2, 4 … minutes, at most an hour, for every device alike (one guesser can use many).
    /// Once the locks reach an hour, five codes an hour: a million take over twenty years. Only the
    /// right code starts over.
    public static let classCode = LockoutPolicy(failuresPerLock: 5, firstLock: 60, longestLock: 3600)
}

/// The state of one lock: wrong tries since the last lock, how many locks so far, and until when.
public struct LockoutState: Sendable, Equatable, Codable {
    public var failures = 0
    public var locks = 0
    public var lockedUntil: Date?

    public init() {}

    public func isLocked(at now: Date) -> Bool { lockedUntil.map { now < $0 } ?? false }

    /// Seconds until the lock opens (0 when open).
    public func secondsLeft(at now: Date) -> Int {
        guard let until = lockedUntil, now < until else { return 0 }
        return Int(until.timeIntervalSince(now).rounded(.up))
    }

    /// The state after a wrong try at `now` (a try while locked changes nothing).
    public func failing(at now: Date, policy: LockoutPolicy) -> LockoutState {
        if isLocked(at: now) { return self }
        var next = self
        if let quiet = policy.forgetAfter, let until = lockedUntil, now.timeIntervalSince(until) >= quiet {
            next = LockoutState()
        }
        next.failures += 1
        if next.failures >= policy.failuresPerLock {
            let length = min(policy.longestLock, policy.firstLock * pow(2, Double(next.locks)))
            next.lockedUntil = now.addingTimeInterval(length)
            next.locks += 1
            next.failures = 0
        }
        return next
    }

    /// The state after a right answer: everything forgotten.
    public func succeeding() -> LockoutState { LockoutState() }
}
