import Foundation
import Testing
@testable import FederCore

@Suite("Research statistics")
struct StatisticsTests {
    @Test func meanAndIntervalOfOneToTenMatchAHandCalculation() {
        var m = MeanEstimate()
        for x in 1...10 { m.add(Double(x)) }
        m.add(nil)
        m.add(.nan)
        // mean 5.5, sd √(82.5/9) = 3.02765, t(0.975, 9) = 2.262: half-width 2.16574.
        #expect(m.n == 10)
        #expect(abs(m.mean - 5.5) < 1e-12)
        #expect(abs(m.sd! - 3.027650) < 1e-6)
        #expect(abs(m.halfWidth95! - 2.262 * 3.027650 / 10.0.squareRoot()) < 1e-6)
        #expect(m.summary.low! < 5.5 && m.summary.high! > 5.5)
    }

    /// Scores and probabilities lie in 0…1, and so does their interval: three values near 1 with one
    /// far below gave an upper end of 1.5 before.
    @Test func anIntervalOfABoundedMeasureStaysInItsRange() {
        var open = MeanEstimate(), bounded = MeanEstimate(within: 0...1)
        for x in [0.99, 0.98, 0.99, 0.3] { open.add(x); bounded.add(x) }
        #expect(open.summary.high! > 1 && open.summary.low! > 0)
        #expect(bounded.summary.high == 1 && bounded.summary.low == open.summary.low && bounded.summary.mean == open.summary.mean)
        var low = MeanEstimate(within: 0...1)
        for x in [0.01, 0.0, 0.02, 0.7] { low.add(x) }
        #expect(low.summary.low == 0 && low.summary.high! < 1)
    }

    @Test func oneValueHasAMeanButNoInterval() {
        var m = MeanEstimate()
        m.add(0.4)
        #expect(m.summary == MeanEstimate.Summary(n: 1, mean: 0.4, low: nil, high: nil))
    }

    @Test func largeSamplesUseTheNormalLimit() {
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 1000) - 1.9623) < 0.001)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 40) - 2.0211) < 0.001)
    }

    @Test func pearsonMatchesAKnownExample() {
        // x = 1…5, y = 2, 4, 5, 4, 5: r = 0.7746 (cov 1.5, sd 1.5811 and 1.2247).
        var c = Correlation()
        for (x, y) in zip([1.0, 2, 3, 4, 5], [2.0, 4, 5, 4, 5]) { c.add(x, y) }
        #expect(abs(c.r! - 0.774597) < 1e-5)
        #expect(c.interval95!.low < c.r! && c.interval95!.high > c.r!)
        var flat = Correlation()
        for x in [1.0, 2, 3] { flat.add(x, 1) }
        #expect(flat.r == nil)
    }
}
