import Foundation

/// NIV, the number of inversions in velocity (Mai & Marquardt): a stroke is cut into up- and
/// down-strokes where the vertical direction turns (by at least 0.1 x-heights, so jitter does not
/// cut), and in each the speed peaks are counted (a peak must rise and fall by 15 % of that part's
/// top speed). An automated movement has one peak per up- or down-stroke (NIV = 1); beginners show
/// more. A part without any clear peak counts as one movement.
enum VelocityInversions {
    static let turnHysteresis = 0.1   // x-heights
    static let peakHysteresis = 0.15  // fraction of the part's top speed

    /// NIV of each up/down part of the profile.
    static func perSegment(_ profile: SpeedProfile, unit: Double) -> [Int] {
        segments(profile, unit: unit).map { peaks(in: profile.speeds[$0]) }
    }

    /// Index ranges of the up- and down-strokes.
    static func segments(_ profile: SpeedProfile, unit: Double) -> [ClosedRange<Int>] {
        let ys = profile.positions.map(\.y)
        guard ys.count >= 2 else { return [] }
        let h = turnHysteresis * unit
        var bounds = [0]
        var direction = 0  // +1 down, −1 up, 0 unknown yet
        var extreme = 0
        for i in 1..<ys.count {
            switch direction {
            case 0:
                if abs(ys[i] - ys[0]) >= h { direction = ys[i] > ys[0] ? 1 : -1; extreme = i }
            case 1:
                if ys[i] >= ys[extreme] { extreme = i } else if ys[extreme] - ys[i] >= h { bounds.append(extreme); direction = -1; extreme = i }
            default:
                if ys[i] <= ys[extreme] { extreme = i } else if ys[i] - ys[extreme] >= h { bounds.append(extreme); direction = 1; extreme = i }
            }
        }
        bounds.append(ys.count - 1)
        return zip(bounds, bounds.dropFirst()).compactMap { $0 < $1 ? $0...$1 : nil }
    }

    /// Peaks with hysteresis; at least 1.
    static func peaks(in speeds: ArraySlice<Double>) -> Int {
        guard let top = speeds.max(), top > 0 else { return 1 }
        let h = peakHysteresis * top
        var count = 0, rising = true
        var low = speeds.first!, high = speeds.first!
        for v in speeds {
            if rising {
                high = max(high, v)
                if high - v >= h && high - low >= h { count += 1; rising = false; low = v }
            } else {
                low = min(low, v)
                if v - low >= h { rising = true; high = v }
            }
        }
        // A profile that ends while still high after rising counts its last peak too.
        if rising && high - low >= h && high - (speeds.last ?? 0) < h { count += 1 }
        return max(count, 1)
    }
}
