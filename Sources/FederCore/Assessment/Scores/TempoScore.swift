import Foundation

/// Tempo: how evenly the pen moves while it moves. 1 − CV² of the smoothed speed (time-weighted,
/// standing still excluded, that is Rhythmus's business), clamped to 0…1. Constant speed gives 1;
/// a single ideal (minimum-jerk) stroke about 0.6; stop-and-go drawing near 0.
/// Measures speed, not the sampling intervals (the main seed's formula measured the latter).
enum TempoScore {
    static func score(_ profiles: [SpeedProfile], config: AssessmentConfig) -> Double? {
        var n = 0.0, sum = 0.0, sumSquares = 0.0
        for profile in profiles {
            for v in profile.speeds where v >= config.stillSpeed {
                n += 1; sum += v; sumSquares += v * v
            }
        }
        guard n >= 5, sum > 0 else { return nil }
        let mean = sum / n
        let variance = max(sumSquares / n - mean * mean, 0)
        return clamp01(1 - variance / (mean * mean))
    }
}
