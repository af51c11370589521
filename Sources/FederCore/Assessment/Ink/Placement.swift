import Foundation

/// A uniform scale followed by a shift: how ink coordinates map onto glyph units. Uniform, so shapes
/// are never stretched (stretching turns jitter on a straight line into a full-height wiggle).
public struct Placement: Sendable, Equatable, Codable {
    public var scale: Double
    public var offset: Point

    public init(scale: Double, offset: Point) {
        self.scale = scale
        self.offset = offset
    }

    public static let identity = Placement(scale: 1, offset: .zero)

    @inlinable public func apply(_ p: Point) -> Point { Point(p.x * scale + offset.x, p.y * scale + offset.y) }
    @inlinable public func invert(_ p: Point) -> Point { Point((p.x - offset.x) / scale, (p.y - offset.y) / scale) }

    /// The placement that undoes this one.
    public var inverted: Placement { Placement(scale: 1 / scale, offset: Point(-offset.x / scale, -offset.y / scale)) }

    /// First `self`, then `next`.
    public func then(_ next: Placement) -> Placement {
        Placement(scale: scale * next.scale, offset: next.apply(offset))
    }

    /// The placement that lays `bounds` centred onto `target` at the same size, size measured by the
    /// box diagonal (robust for lines with no width or no height). Any scale unless `limits` are
    /// given: a file's ink may come in metres or in pixels of a huge screen. Ink without extent (a
    /// single point) keeps its size.
    public static func fitting(_ bounds: Rect, onto target: Rect, limits: ClosedRange<Double>? = nil) -> Placement {
        let from = bounds.width.hypot(bounds.height), to = target.width.hypot(target.height)
        var scale = from > 0 && to > 0 ? to / from : 1
        if let limits { scale = min(max(scale, limits.lowerBound), limits.upperBound) }
        let c = bounds.center, t = target.center
        return Placement(scale: scale, offset: Point(t.x - c.x * scale, t.y - c.y * scale))
    }
}

extension Ink {
    /// The same ink with every sample moved by `placement` (times and pressure unchanged).
    public func placed(by placement: Placement) -> Ink {
        guard placement != .identity else { return self }
        return Ink(pointer: pointer, strokes: strokes.map { stroke in
            stroke.map { s in
                let p = placement.apply(s.point)
                return PenSample(x: p.x, y: p.y, t: s.t, pressure: s.pressure, tiltX: s.tiltX, tiltY: s.tiltY)
            }
        })
    }

    /// Bounding box of all samples; nil for empty ink.
    public var bounds: Rect? { Polyline.bounds(points) }
}
