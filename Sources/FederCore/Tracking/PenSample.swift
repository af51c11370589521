import Foundation

/// What produced the input: the page passes on the Pointer Events `pointerType`.
public enum PointerKind: String, Codable, Sendable, CaseIterable {
    case pen, touch, mouse

    /// Finger and mouse input carry no real pressure.
    public var measuresPressure: Bool { self == .pen }
}

/// One pen sample in glyph units (y down), `t` in seconds on the device's monotonic clock.
/// Encoded compactly as `[x, y, t, p, tiltX, tiltY]`; the last three may be `null` or absent.
public struct PenSample: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var t: Double
    /// 0…1, nil when not measured (finger, mouse, or a file without pressure).
    public var pressure: Double?
    /// Degrees, −90…90, as in Pointer Events; nil when unknown.
    public var tiltX: Double?
    public var tiltY: Double?

    public init(x: Double, y: Double, t: Double, pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil) {
        self.x = x; self.y = y; self.t = t; self.pressure = pressure; self.tiltX = tiltX; self.tiltY = tiltY
    }

    public var point: Point { Point(x, y) }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Double.self)
        y = try c.decode(Double.self)
        t = try c.decode(Double.self)
        pressure = c.isAtEnd ? nil : try c.decodeIfPresent(Double.self)
        tiltX = c.isAtEnd ? nil : try c.decodeIfPresent(Double.self)
        tiltY = c.isAtEnd ? nil : try c.decodeIfPresent(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x); try c.encode(y); try c.encode(t)
        if pressure != nil || tiltX != nil || tiltY != nil { try c.encode(pressure) }
        if tiltX != nil || tiltY != nil { try c.encode(tiltX); try c.encode(tiltY) }
    }
}

/// Decides which samples are plausible. Anything non-finite, far outside the writing area, clearly out
/// of time order or with a wild timestamp is dropped rather than allowed to disturb tracking; a time
/// slipped back by a few milliseconds is raised to the last one; a stroke that begins before the
/// last one ended is moved later as a whole, as `InkRepair` moves it in files.
public struct SampleFilter: Sendable {
    /// The area samples may fall in: the glyph box grown by `margin` on every side.
    public var area: Rect
    private var lastTime: Double?
    /// Added to every time of the stroke in flight (0 unless it began before the last one ended).
    private var strokeShift = 0.0
    /// The next accepted sample begins a stroke.
    private var strokeBegins = false
    /// Where the last stroke ended, while a shift decided on a stroke's first sample waits for its
    /// second: if that one is in order by itself, only the first sample's time was wrong.
    private var endBeforeShift: Double?

    /// - Parameter margin: how far outside the glyph box (in units) samples are still plausible.
    public init(glyph: Glyph, margin: Double? = nil) {
        let m = margin ?? 5 * glyph.unit
        area = Rect(minX: -m, minY: glyph.ruling.top - m, maxX: glyph.width + m, maxY: glyph.ruling.bottom + m)
    }

    /// A new stroke begins: if its first time lies before the last stroke's end (a device whose
    /// clock runs per stroke, a lift reported late), the stroke is moved to begin there, its
    /// durations kept, instead of its samples being dropped as out of order.
    public mutating func beginStroke() {
        strokeBegins = true
        strokeShift = 0
        endBeforeShift = nil
    }

    /// The sample cleaned up (pressure and tilt clamped), or nil when it must be ignored.
    public mutating func accept(_ s: PenSample) -> PenSample? {
        guard s.x.isFinite, s.y.isFinite, s.t.isFinite,
              s.x >= area.minX, s.x <= area.maxX, s.y >= area.minY, s.y <= area.maxY,
              abs(s.t) < 1e10 else { return nil }
        if let p = s.pressure, !p.isFinite { return nil }
        if let a = s.tiltX, !a.isFinite { return nil }
        if let b = s.tiltY, !b.isFinite { return nil }
        var clean = s
        if strokeBegins {
            strokeBegins = false
            if let lastTime, s.t < lastTime - InkRepair.backwardTolerance {
                strokeShift = lastTime - s.t
                endBeforeShift = lastTime
            }
        } else if let end = endBeforeShift {
            // One wild pen-down time must not move the whole stroke and every stroke after it.
            endBeforeShift = nil
            if s.t >= end { strokeShift = 0 }
        }
        clean.t = s.t + strokeShift
        if let lastTime, clean.t < lastTime {
            // A timestamp that slips back by a frame is a device's rounding: the sample is kept at the
            // last time. Further back, the clock cannot be trusted and the sample is dropped.
            guard lastTime - clean.t <= InkRepair.backwardTolerance else { return nil }
            clean.t = lastTime
        }
        lastTime = clean.t
        clean.pressure = s.pressure.map { min(max($0, 0), 1) }
        clean.tiltX = s.tiltX.map { min(max($0, -90), 90) }
        clean.tiltY = s.tiltY.map { min(max($0, -90), 90) }
        return clean
    }
}
