import Testing
@testable import FederCore

/// Every glyph, every variant: its own centerline written by a steady pen is (near) perfect, and
/// nonsense never completes.
@Suite("Centerline properties over all glyphs")
struct CenterlinePropertyTests {
    static let glyphs = TestInk.library.allGlyphs(in: "druck")

    /// 120 Hz, pen-ups of 0.35 s, at 1 and at 3 x-heights per second (a careful child, a steady hand).
    @Test(arguments: glyphs, [100.0, 300.0])
    func guidedCenterlineIsNearPerfectWithoutErrors(glyph: Glyph, speed: Double) {
        let a = GuidedAssessor.assess(TestInk.centerline(glyph, simulator: PenSimulator(speed: speed)), glyph: glyph)
        #expect(a.completed, "\(glyph.key)")
        #expect(a.errors.isEmpty, "\(glyph.key): \(a.errors.map { "\($0.code) s\($0.stroke ?? -1)" })")
        #expect(a.score >= 0.95, "\(glyph.key): \(a.score)")
        #expect(a.guided!.coverage >= 0.99, "\(glyph.key)")
        #expect(a.stars == 3, "\(glyph.key)")
        #expect(a.strokeScore >= 95, "\(glyph.key): \(a.strokeScore)")
    }

    @Test(arguments: glyphs)
    func freeWritingTheCenterlineIsNearPerfectWithoutErrors(glyph: Glyph) {
        let a = FreeWriteAssessor.assess(TestInk.centerline(glyph), glyph: glyph)
        #expect(a.errors.isEmpty, "\(glyph.key): \(a.errors.map { "\($0.code) s\($0.stroke ?? -1)" })")
        #expect(a.motor!.form > 0.95, "\(glyph.key): \(a.motor!.form)")
        #expect(a.strokeScore >= 95, "\(glyph.key): \(a.strokeScore)")
        #expect(a.stars == 3, "\(glyph.key): overall \(a.score)")
    }

    @Test(arguments: glyphs)
    func aRandomWalkNeverCompletesGuided(glyph: Glyph) {
        let box = glyph.inkBounds
        for seed in UInt64(1)...8 {
            let walk = TestInk.randomWalk(from: box.center, steps: 1200, step: 3, seed: seed &* 31 &+ UInt64(glyph.char.unicodeScalars.first!.value))
            let a = GuidedAssessor.assess(Ink(pointer: .pen, strokes: [walk]), glyph: glyph)
            #expect(!a.completed, "\(glyph.key) seed \(seed)")
            #expect(a.stars == 0)
        }
    }
}
