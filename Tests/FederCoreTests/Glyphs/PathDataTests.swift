import Testing
@testable import FederCore

@Suite("Path data")
struct PathDataTests {
    @Test func parsesLinesQuadsAndCubicsWithCommasAndImplicitRepeats() throws {
        let path = try PathData.parse("M 10,20 L 30 40 50 60 Q 1 2 3 4 C 5 6, 7 8, 9 -1e1")
        #expect(path.start == Point(10, 20))
        #expect(path.segments == [
            .line(to: Point(30, 40)), .line(to: Point(50, 60)),
            .quad(control: Point(1, 2), to: Point(3, 4)),
            .cubic(control1: Point(5, 6), control2: Point(7, 8), to: Point(9, -10)),
        ])
    }

    @Test(arguments: [
        ("", PathParseError.empty),
        ("L 1 2", .mustStartWithMove),
        ("M 1 2 L 3 4 M 5 6 L 7 8", .onlyOneMoveAllowed),
        ("M 1 2 A 3 4 0 0 1 5 6", .unsupportedCommand("A")),
        ("M 1 2 l 3 4", .unsupportedCommand("l")),
        ("M 1 2 C 3 4 5 6", .expectedNumber(after: "C")),
        ("M 1", .expectedNumber(after: "M")),
        ("M 1 2", .noSegments),
    ])
    func rejectsMalformedPaths(text: String, expected: PathParseError) {
        #expect(throws: expected) { try PathData.parse(text) }
    }

    @Test func svgRoundTrips() throws {
        let original = try PathData.parse("M 0 0 L 10 0 C 10 5 5 10 0 10 Q 2.5 2.5 0.25 0")
        #expect(try PathData.parse(original.svg) == original)
    }

    @Test func jointsReportHowSharplyTheDirectionTurns() throws {
        // An L: a right angle at the corner, then a smooth continuation into a curve.
        let path = try PathData.parse("M 0 0 L 0 100 L 50 100 C 75 100 100 100 100 120")
        let (_, joints) = path.flattened(tolerance: 0.25)
        #expect(joints.count == 2)
        #expect(abs(joints[0].turn - Double.pi / 2) < 1e-9)
        #expect(joints[1].turn < 1e-9)
    }
}
