import Foundation

/// Percentiles of a set of durations, in milliseconds.
struct LatencySummary: CustomStringConvertible {
    let count: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double

    init(milliseconds values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        func pick(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
        }
        p50 = pick(0.50); p90 = pick(0.90); p99 = pick(0.99); max = sorted.last ?? .nan
    }

    var description: String {
        String(format: "n=%d p50=%.3f ms p90=%.3f ms p99=%.3f ms max=%.3f ms", count, p50, p90, p99, max)
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
