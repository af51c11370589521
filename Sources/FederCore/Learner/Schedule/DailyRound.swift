import Foundation

/// The letters planned for one day: a few new or weak letters, then a few to review. Planned once
/// a day, so practising one letter does not reshuffle the rest of the day.
public struct DailyRound: Sendable, Equatable, Codable {
    public struct Slot: Sendable, Equatable, Codable {
        /// `word`: not a slot of the round — a Schulschrift word offered after it (`WordPicker`).
        public enum Kind: String, Sendable, Codable { case newOrWeak, review, word }
        /// `script/char`.
        public var key: String
        public var kind: Kind
        /// The scheduler's priority when the round was planned (written on the phase records).
        public var priority: Double
        public var done: Bool = false

        public init(key: String, kind: Kind, priority: Double, done: Bool = false) {
            self.key = key; self.kind = kind; self.priority = priority; self.done = done
        }
    }

    public var day: CalendarDay
    public var slots: [Slot]

    public init(day: CalendarDay, slots: [Slot]) {
        self.day = day
        self.slots = slots
    }

    /// The first slot not yet practised today.
    public var nextSlot: Slot? { slots.first { !$0.done } }

    public var isComplete: Bool { slots.allSatisfy(\.done) }

    /// Marks the first open slot for `key` as done; returns whether one was open.
    @discardableResult
    public mutating func markDone(_ key: String) -> Bool {
        guard let i = slots.firstIndex(where: { !$0.done && $0.key == key }) else { return false }
        slots[i].done = true
        return true
    }
}
