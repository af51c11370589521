import Foundation

/// Finds a glyph stroke inside a longer ink stroke: the stretch of ink whose discrete Fréchet
/// distance to the whole line is least (the line must be walked completely, the ink may start and
/// stop anywhere). This is how a letter written without lifting the pen (a one-stroke a: bowl, up the
/// stem, down the stem) is taken apart into the strokes it was taught as.
enum PartialFrechet {
    struct Hit: Equatable {
        /// Samples of the ink stroke that were written for the line (indices into the original ink).
        var range: ClosedRange<Int>
        /// The leash for the line walked the way the ink went (glyph units).
        var distance: Double
        /// The ink walked the line backwards.
        var reversed: Bool
        /// Fréchet distances of the stretch to the line walked forwards and backwards (as
        /// `Curves.frechetBothWays`), for the direction and start checks.
        var forward: Double
        var backward: Double
    }

    /// The best stretch of `ink` for `line`, in either direction. Nil for ink or lines too short.
    static func find(_ line: [Point], in ink: [Point], unit: Double) -> Hit? {
        guard ink.count >= 2, line.count >= 2 else { return nil }
        // Ink densified to the line's spacing, remembering which original sample each point follows.
        let spacing = Curves.samplingStep * unit
        var dense: [Point] = [], origin: [Int] = []
        for i in ink.indices {
            if i > 0 {
                let a = ink[i - 1], b = ink[i]
                let steps = Int((a.distance(to: b) / spacing).rounded(.up))
                if steps > 1 { for k in 1..<steps { dense.append(a.lerp(to: b, Double(k) / Double(steps))); origin.append(i - 1) } }
            }
            dense.append(ink[i]); origin.append(i)
        }
        let probes = Polyline.resample(line, count: Curves.sampleCount(length: Polyline.length(line), unit: unit))
        let forward = best(probes, dense), backward = best(Array(probes.reversed()), dense)
        // A stroke retraced (a P's stem down, back up, then the bowl) lies in the ink both ways, as
        // closely within the sampling step: the stretch written the taught way is the stroke, the
        // other the way back. Only a clearly better backward stretch was written backwards.
        let reversed = backward.distance < forward.distance - Curves.samplingStep * unit
        let pick = reversed ? backward : forward
        let lo = origin[pick.start], hi = max(origin[pick.end], min(lo + 1, ink.count - 1))
        let stretch = Array(ink[lo...hi])
        let both = Curves.frechetBothWays(stretch, line, unit: unit)
        return Hit(range: lo...hi, distance: pick.distance, reversed: reversed,
                   forward: both.forward, backward: both.backward)
    }

    /// Least leash over all stretches `ink[s...e]` walked together with the whole `line`:
    /// F[a][b] = max(d(line[a], ink[b]), min(F[a−1][b], F[a][b−1], F[a−1][b−1])), F[0][b] = d(line[0], ink[b])
    /// (the ink may start anywhere), answer min over b of F[last][b].
    private static func best(_ line: [Point], _ ink: [Point]) -> (distance: Double, start: Int, end: Int) {
        let m = ink.count
        var previous = [Double](repeating: 0, count: m), current = previous
        var previousStart = [Int](repeating: 0, count: m), currentStart = previousStart
        for b in 0..<m { previous[b] = line[0].distance(to: ink[b]); previousStart[b] = b }
        for a in 1..<line.count {
            let p = line[a]
            for b in 0..<m {
                let d = p.distance(to: ink[b])
                var reach = previous[b], start = previousStart[b]
                if b > 0 {
                    if previous[b - 1] < reach { reach = previous[b - 1]; start = previousStart[b - 1] }
                    if current[b - 1] < reach { reach = current[b - 1]; start = currentStart[b - 1] }
                }
                current[b] = max(reach, d)
                currentStart[b] = start
            }
            swap(&previous, &current)
            swap(&previousStart, &currentStart)
        }
        var bestEnd = 0
        for b in 1..<m where previous[b] < previous[bestEnd] { bestEnd = b }
        return (previous[bestEnd], previousStart[bestEnd], bestEnd)
    }
}
