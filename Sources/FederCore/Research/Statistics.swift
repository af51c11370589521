import Foundation

/// A running mean with its 95 % confidence interval (Student's t), fed one value at a time
/// (Welford's update, so no list of values is kept). For a measure that cannot leave a range (every
/// score and probability, 0…1) the interval is cut to it: a few values near 1 gave "0,917 [0,309;
/// 1,525]", a probability above 1.
public struct MeanEstimate: Sendable, Equatable, Codable {
    public private(set) var n = 0
    public private(set) var mean = 0.0
    private var m2 = 0.0
    private var bounds: ClosedRange<Double>?

    public init(within bounds: ClosedRange<Double>? = nil) {
        self.bounds = bounds
    }

    public mutating func add(_ x: Double?) {
        guard let x, x.isFinite else { return }
        n += 1
        let delta = x - mean
        mean += delta / Double(n)
        m2 += delta * (x - mean)
    }

    /// Sample standard deviation (nil below two values).
    public var sd: Double? { n > 1 ? (m2 / Double(n - 1)).squareRoot() : nil }

    /// Half-width of the 95 % interval: t(0.975, n−1) · sd / √n.
    public var halfWidth95: Double? {
        guard let sd else { return nil }
        return StudentT.quantile975(degreesOfFreedom: n - 1) * sd / Double(n).squareRoot()
    }

    public var summary: Summary {
        let cut = { (x: Double) in self.bounds.map { min(max(x, $0.lowerBound), $0.upperBound) } ?? x }
        return Summary(n: n, mean: n > 0 ? mean : nil, low: halfWidth95.map { cut(mean - $0) }, high: halfWidth95.map { cut(mean + $0) })
    }

    public struct Summary: Sendable, Equatable, Codable {
        public var n: Int
        public var mean: Double?
        public var low: Double?
        public var high: Double?
    }
}

/// Pearson's correlation over pairs, accumulated without keeping them.
public struct Correlation: Sendable, Equatable {
    public private(set) var n = 0
    private var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0

    public init() {}

    public mutating func add(_ x: Double, _ y: Double) {
        guard x.isFinite, y.isFinite else { return }
        n += 1; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
    }

    /// Nil below three pairs or when either variable does not vary.
    public var r: Double? {
        guard n >= 3 else { return nil }
        let nn = Double(n)
        let cov = sxy - sx * sy / nn, vx = sxx - sx * sx / nn, vy = syy - sy * sy / nn
        guard vx > 1e-12, vy > 1e-12 else { return nil }
        return max(-1, min(1, cov / (vx * vy).squareRoot()))
    }

    /// 95 % interval of r through Fisher's z (nil below four pairs).
    public var interval95: (low: Double, high: Double)? {
        guard let r, n > 3 else { return nil }
        let z = atanh(max(-0.999999, min(0.999999, r)))
        let se = 1 / Double(n - 3).squareRoot()
        return (tanh(z - 1.959964 * se), tanh(z + 1.959964 * se))
    }
}

enum StudentT {
    /// t(0.975, df) from a table up to 30, then the Cornish–Fisher expansion around the normal
    /// quantile (error below 0.001 there).
    static func quantile975(degreesOfFreedom df: Int) -> Double {
        let table: [Double] = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
                               2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                               2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
        guard df >= 1 else { return .infinity }
        if df <= table.count { return table[df - 1] }
        let z = 1.959964, v = Double(df)
        let z3 = z * z * z, z5 = z3 * z * z
        return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
    }
}
