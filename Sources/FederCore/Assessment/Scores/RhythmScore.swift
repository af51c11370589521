import Foundation

/// Rhythmus: the share of the writing time spent moving. The writing time runs from the first
/// pen-down to the last pen-up only, so the wait before the first stroke and the quiet time after the
/// last never count. Inside it, pauses are: standing still within a stroke for at least `minPause`,
/// and in-air time between strokes beyond `liftAllowance` (getting to the next start dot is part of
/// writing). `moving / (moving + pauses)`.
enum RhythmScore {
    struct Parts: Sendable, Equatable {
        var moving: Double
        var stillInStroke: Double
        var extraInAir: Double
    }

    static func parts(_ ink: Ink, profiles: [SpeedProfile?], config: AssessmentConfig) -> Parts {
        var moving = 0.0, still = 0.0, air = 0.0
        let strokes = ink.strokes.filter { !$0.isEmpty }
        for (k, stroke) in strokes.enumerated() {
            let duration = stroke.last!.t - stroke.first!.t
            if let profile = profiles[k] {
                let paused = profile.pauses(stillSpeed: config.stillSpeed, minDuration: config.minPause)
                    .reduce(0.0) { $0 + Double($1.count) * SpeedProfile.step }
                still += min(paused, duration)
                moving += max(duration - paused, 0)
            } else {
                moving += duration
            }
            if k > 0 { air += max(0, stroke.first!.t - strokes[k - 1].last!.t - config.liftAllowance) }
        }
        return Parts(moving: moving, stillInStroke: still, extraInAir: air)
    }

    static func score(_ parts: Parts) -> Double? {
        let total = parts.moving + parts.stillInStroke + parts.extraInAir
        guard total > 0 else { return nil }
        return clamp01(parts.moving / total)
    }
}
