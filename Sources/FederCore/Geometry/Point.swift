import Foundation

/// A point in the plane. Glyph and ink coordinates use y growing downwards.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    public var isFinite: Bool { x.isFinite && y.isFinite }

    public func distance(to other: Point) -> Double {
        (x - other.x).hypot(y - other.y)
    }

    public func squaredDistance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return dx * dx + dy * dy
    }

    /// Linear interpolation: `t = 0` gives `self`, `t = 1` gives `other`.
    public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    public var length: Double { x.hypot(y) }

    public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    public func cross(_ o: Point) -> Double { x * o.y - y * o.x }

    // Codable as a compact [x, y] pair: glyph exports and ink files use that shape.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Double.self)
        y = try c.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
    }
}

extension Double {
    /// sqrt(a² + b²) without intermediate overflow.
    @inlinable func hypot(_ other: Double) -> Double { Foundation.hypot(self, other) }
}
