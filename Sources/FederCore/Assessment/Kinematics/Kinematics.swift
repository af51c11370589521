import Foundation

/// How the letter was written, beyond its shape: pen lifts, time on and above the surface, speed,
/// velocity inversions, writing frequency, size and slant relative to the ruling.
public struct Kinematics: Sendable, Equatable, Codable {
    /// Pen-down strokes.
    public var strokes: Int
    /// Pen lifts inside the letter (strokes − 1).
    public var penLifts: Int
    /// Seconds with the pen down, and in the air between strokes.
    public var penDownTime: Double
    public var inAirTime: Double
    /// In-air time / (pen-down + in-air time).
    public var inAirRatio: Double
    /// First pen-down to last pen-up, seconds.
    public var duration: Double
    /// Phase start to first pen-down, seconds (when the phase start is known).
    public var startLatency: Double?
    /// Pen-down path length / pen-down time, in x-heights per second.
    public var meanSpeed: Double
    /// Mean velocity inversions per up- or down-stroke (1 is automated), and per pen-down stroke.
    public var niv: Double?
    public var nivPerStroke: [Double?]
    /// Up- and down-strokes per second of pen-down time.
    public var frequency: Double?
    /// Letter height in x-heights and relative to the glyph (nil when the ink had no ruling).
    public var height: Double?
    public var sizeRatio: Double?
    /// Slant of the near-vertical parts in degrees, positive leaning right; and minus the glyph's own.
    public var slant: Double?
    public var slantDeviation: Double?

    /// The fields that need the writer's own clock (their JSON keys): left out of a report of ink
    /// that came without times. Tested: every field that changes when only the times change is here.
    public static let clockKeys = ["penDownTime", "inAirTime", "inAirRatio", "duration", "meanSpeed", "niv",
                                   "nivPerStroke", "frequency", "startLatency"]
    /// The fields that need the time between strokes: left out when strokes came each on its own
    /// clock (`InkRepairs.restartedClocks`). Tested like `clockKeys`.
    public static let airKeys = ["inAirTime", "inAirRatio", "duration"]

    static func measure(_ ink: Ink, profiles: [SpeedProfile?], glyph: Glyph, size: SizeCheck.Result?,
                        startLatency: Double?) -> Kinematics {
        let unit = glyph.unit
        let strokes = ink.strokes.filter { !$0.isEmpty }
        var down = 0.0, air = 0.0, length = 0.0
        for (k, s) in strokes.enumerated() {
            down += s.last!.t - s.first!.t
            length += Polyline.length(s.map(\.point))
            if k > 0 { air += max(0, s.first!.t - strokes[k - 1].last!.t) }
        }
        var allSegments: [Int] = []
        var perStroke: [Double?] = []
        for profile in profiles {
            guard let profile else { perStroke.append(nil); continue }
            let segments = VelocityInversions.perSegment(profile, unit: unit)
            allSegments += segments
            perStroke.append(segments.isEmpty ? nil : Double(segments.reduce(0, +)) / Double(segments.count))
        }
        let slant = Slant.degrees(strokes.map { $0.map(\.point) }, unit: unit)
        let glyphSlant = Slant.degrees(glyph.strokes.filter { !$0.isDot }.map(\.points), unit: unit)
        return Kinematics(
            strokes: strokes.count,
            penLifts: max(strokes.count - 1, 0),
            penDownTime: down,
            inAirTime: air,
            inAirRatio: down + air > 0 ? air / (down + air) : 0,
            duration: strokes.isEmpty ? 0 : strokes.last!.last!.t - strokes.first!.first!.t,
            startLatency: startLatency,
            meanSpeed: down > 0 ? length / down / unit : 0,
            niv: allSegments.isEmpty ? nil : Double(allSegments.reduce(0, +)) / Double(allSegments.count),
            nivPerStroke: perStroke,
            frequency: down > 0 && !allSegments.isEmpty ? Double(allSegments.count) / down : nil,
            height: size?.height,
            sizeRatio: size?.ratio,
            slant: slant,
            slantDeviation: slant.flatMap { s in glyphSlant.map { s - $0 } })
    }
}

/// Slant: the length-weighted mean angle from vertical of the parts of the line that run within 45°
/// of vertical (the down- and up-strokes), positive when the top leans right. Measured on the path
/// resampled every `step` x-heights so that jitter does not count. Nil with less than `minimumLine`
/// x-heights of such line.
enum Slant {
    static let step = 0.05
    static let minimumLine = 0.3

    static func degrees(_ strokes: [[Point]], unit: Double) -> Double? {
        var sum = 0.0, weight = 0.0
        for stroke in strokes {
            // A letter whose length is a whole number of steps must not get one step more or fewer
            // from the last bit of rounding (ink in other units would get another slant).
            let length = Polyline.length(stroke)
            guard length > 0 else { continue }
            let points = Polyline.resample(stroke, count: Int((length / (step * unit) - 1e-6).rounded(.up)) + 1)
            guard points.count >= 2 else { continue }
            for i in 1..<points.count {
                var d = points[i] - points[i - 1]
                if d.y < 0 { d = d * -1 }  // both directions as a downward vector
                let w = d.length
                // Exactly 45° (x's diagonals) is left out whatever the rounding says: ink written
                // far from the origin in small units (10⁶ + 0.004) carries rounding of about 10⁻⁸
                // of a step in the file itself, so the margin is 10⁻⁶.
                guard w > 0, abs(d.x) < d.y * (1 - 1e-6) else { continue }
                sum += atan2(-d.x, d.y) * w   // down and to the left = top leans right
                weight += w
            }
        }
        guard weight >= minimumLine * unit else { return nil }
        return sum / weight * 180 / .pi
    }
}
