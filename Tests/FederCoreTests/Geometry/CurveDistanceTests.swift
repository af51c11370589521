import Foundation
import Testing
@testable import FederCore

@Suite("Curve distances")
struct CurveDistanceTests {
    let line = (0...10).map { Point(Double($0), 0) }

    @Test func frechetOfIdenticalCurvesIsZero() {
        #expect(CurveDistance.frechet(line, line) == 0)
    }

    @Test func frechetOfParallelSegmentsOneApartIsOne() {
        let shifted = line.map { Point($0.x, 1) }
        #expect(abs(CurveDistance.frechet(line, shifted) - 1) < 1e-12)
    }

    @Test func frechetOfSinglePointsIsTheirDistance() {
        #expect(CurveDistance.frechet([Point(0, 0)], [Point(3, 4)]) == 5)
    }

    @Test func frechetIsSymmetric() {
        let wave = (0...30).map { Point(Double($0) / 3, sin(Double($0) / 4)) }
        #expect(CurveDistance.frechet(line, wave) == CurveDistance.frechet(wave, line))
    }

    @Test func frechetSeesDirection() {
        let reversed = Array(line.reversed())
        #expect(CurveDistance.frechet(line, reversed) == 10)
    }

    @Test func emptyInputIsInfinitelyFar() {
        #expect(CurveDistance.frechet([], line) == .infinity)
        #expect(CurveDistance.frechet(line, []) == .infinity)
    }
}
