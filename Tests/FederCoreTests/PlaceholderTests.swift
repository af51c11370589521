import Testing
@testable import FederCore
@Test func placeholder() { #expect(Point(0,0).distance(to: Point(3,4)) == 5) }
