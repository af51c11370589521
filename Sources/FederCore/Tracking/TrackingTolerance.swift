import Foundation

/// How close the pen must come to the line, relative to letter size (fractions of the x-height), so
/// that it is the same on every screen and in both axes.
public struct TrackingTolerance: Sendable, Equatable, Codable {
    /// A checkpoint counts once the pen passes within this distance.
    public var radius: Double
    /// Beyond this distance from the line the pen is "off"; between radius and band it is "near".
    public var nearBand: Double

    public init(radius: Double, nearBand: Double) {
        self.radius = radius
        self.nearBand = max(nearBand, radius)
    }

    /// The standard tolerance: radius 0.18 x-height, near band 2.5 × radius.
    public static let standard = TrackingTolerance(radius: 0.18, nearBand: 0.45)

    /// This tolerance scaled by a factor (e.g. a difficulty tier's multiplier).
    public func scaled(by factor: Double) -> TrackingTolerance {
        TrackingTolerance(radius: radius * factor, nearBand: nearBand * factor)
    }
}
