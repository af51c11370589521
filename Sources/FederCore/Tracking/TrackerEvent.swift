import Foundation

/// Where the pen is relative to the part of the line the child should trace next.
public enum Proximity: String, Codable, Sendable {
    case on, near, off
}

/// What the tracker reports back while a letter is traced.
public enum TrackerEvent: Equatable, Sendable {
    /// The pen reached a checkpoint; `progress` is the fraction of all checkpoints reached.
    case checkpoint(stroke: Int, index: Int, progress: Double)
    /// The pen moved on, near or off the line (reported when it changes).
    case proximity(Proximity)
    /// Every checkpoint of a stroke is reached.
    case strokeDone(stroke: Int)
    /// Every stroke is done.
    case letterDone
}
