import Testing
@testable import FederCore

@Suite("Polylines and Béziers")
struct PolylineTests {
    @Test func resamplingKeepsBothEndpoints() {
        let curve = [Point(0, 0), Point(3, 1), Point(4, 7), Point(-2, 9)]
        for n in [2, 3, 10, 57] {
            let r = Polyline.resample(curve, count: n)
            #expect(r.count == n)
            #expect(r.first == curve.first)
            #expect(r.last == curve.last)
        }
    }

    @Test func threePointResampleHasTheMidpointInTheMiddle() {
        let r = Polyline.resample([Point(0, 0), Point(1, 0), Point(4, 0)], count: 3)
        #expect(r[1] == Point(2, 0))
    }

    @Test func resampledPointsAreEquallySpacedAlongTheArc() {
        let r = Polyline.resample([Point(0, 0), Point(10, 0), Point(10, 10)], count: 5)
        let gaps = zip(r, r.dropFirst()).map { $0.distance(to: $1) }
        for gap in gaps { #expect(abs(gap - 5) < 1e-9) }
    }

    @Test func zeroLengthPolylineResamplesToCopiesOfItsPoint() {
        #expect(Polyline.resample([Point(2, 2), Point(2, 2)], count: 3) == [Point(2, 2), Point(2, 2), Point(2, 2)])
        #expect(Polyline.resample([], count: 3).isEmpty)
    }

    @Test func maxSpacingResampleRespectsTheSpacing() {
        let r = Polyline.resample([Point(0, 0), Point(100, 0)], maxSpacing: 30)
        #expect(r.count == 5)
        #expect(r.last == Point(100, 0))
    }

    @Test func cubicFlatteningStaysWithinTolerance() {
        let p0 = Point(0, 0), c1 = Point(0, 100), c2 = Point(100, 100), p3 = Point(100, 0)
        let tolerance = 0.25
        let flat = [p0] + Bezier.flattenCubic(p0, c1, c2, p3, tolerance: tolerance)
        #expect(flat.last == p3)
        let cumulative = Polyline.cumulativeLengths(flat)
        for i in 0...200 {
            let onCurve = Bezier.cubicPoint(p0, c1, c2, p3, Double(i) / 200)
            #expect(Polyline.nearest(to: onCurve, on: flat, cumulative: cumulative).distance <= tolerance + 1e-9)
        }
    }

    @Test func quadraticFlatteningEndsAtItsEndPoint() {
        let flat = Bezier.flattenQuadratic(Point(0, 0), Point(50, 100), Point(100, 0), tolerance: 0.5)
        #expect(flat.last == Point(100, 0))
        #expect(flat.count > 4)
    }

    @Test func distanceToSegmentClampsToTheEnds() {
        let (d, t) = Polyline.distanceToSegment(Point(-3, 4), Point(0, 0), Point(10, 0))
        #expect(d == 5 && t == 0)
        #expect(Polyline.distanceToSegment(Point(5, 2), Point(0, 0), Point(10, 0)).distance == 2)
    }
}
