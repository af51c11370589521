import Foundation
import Testing
@testable import FederCore

/// Tempo, Druck, Rhythmus and the overall weighting.
@Suite("Schreibmotorik dimensions")
struct MotorDimensionTests {
    let l = TestInk.glyph("l")
    /// The l's stem as 61 points, 200/60 units apart.
    var stem: [Point] { Polyline.resample(l.strokes[0].points, count: 61) }

    func motor(_ ink: Ink) -> MotorDimensions { FreeWriteAssessor.assess(ink, glyph: l).motor! }

    @Test func tempoIsOneForUniformSampling() {
        let ink = Ink(pointer: .pen, strokes: [TestInk.timed(stem, intervals: { _ in 1.0 / 120 }, pressure: 0.5)])
        #expect(abs(motor(ink).tempo! - 1) < 1e-9)
    }

    @Test func tempoFallsForAlternatingSpeeds() {
        // Ten samples fast, ten slow (3× the time per step), and so on.
        let ink = Ink(pointer: .pen, strokes: [TestInk.timed(stem, intervals: { ($0 / 10) % 2 == 0 ? 1.0 / 120 : 3.0 / 120 }, pressure: 0.5)])
        let tempo = motor(ink).tempo!
        #expect(tempo < 1)
        #expect(abs(tempo - 0.78) < 0.02)  // 1 − CV² of speeds 3:1 for a quarter and three quarters of the time is ⅔, smoothing softens the switches
    }

    @Test func tempoIsAboutSpeedNotSamplingRegularity() {
        // Irregular timestamps at a steady speed (each sample placed where a steady pen would be) keep Tempo high.
        var rng = SplitMix64(seed: 5)
        var t = 0.0
        let samples = (0...120).map { i -> PenSample in
            if i > 0 { t += Double.random(in: 0.004...0.013, using: &rng) }
            return PenSample(x: 20, y: t * 200, t: t, pressure: 0.5)
        }
        #expect(motor(Ink(pointer: .pen, strokes: [samples])).tempo! > 0.97)
    }

    @Test func rhythmusIsNotLoweredByAWaitBeforeTheFirstStroke() {
        let lines = TestInk.glyph("H").strokes.map(\.points)
        let h = TestInk.glyph("H")
        let prompt = FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: PenSimulator().strokes(along: lines, startTime: 0.2)), glyph: h,
                                              options: AssessmentOptions(startLatency: 0.2))
        let late = FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: PenSimulator().strokes(along: lines, startTime: 30)), glyph: h,
                                            options: AssessmentOptions(startLatency: 30))
        #expect(late.motor!.rhythmus == prompt.motor!.rhythmus)
        #expect(late.motor!.rhythmus! > 0.99)
        #expect(late.kinematics.startLatency == 30)
    }

    @Test func rhythmusFallsWithPausesInsideTheWriting() {
        let h = TestInk.glyph("H")
        let lines = h.strokes.map(\.points)
        func rhythm(liftPause: Double) -> Double {
            FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: PenSimulator(liftPause: liftPause).strokes(along: lines)), glyph: h).motor!.rhythmus!
        }
        #expect(rhythm(liftPause: 0.3) > 0.99)   // normal way to the next start dot
        #expect(rhythm(liftPause: 2.0) < 0.5)
        // Standing still in the middle of a stroke is a pause too.
        var hesitant = TestInk.timed(stem, intervals: { _ in 1.0 / 120 }, pressure: 0.5)
        for k in 30..<hesitant.count { hesitant[k].t += 1.5 }
        hesitant.insert(PenSample(x: hesitant[29].x, y: hesitant[29].y, t: hesitant[29].t + 1.5, pressure: 0.5), at: 30)
        #expect(motor(Ink(pointer: .pen, strokes: [hesitant])).rhythmus! < 0.5)
    }

    @Test func druckIsNotMeasuredForFingerInputAndTheWeightsAreRenormalised() {
        let m = motor(TestInk.along([l.strokes[0].points], pointer: .touch))
        #expect(m.druck == nil)
        #expect(m.druckStatus == .notMeasuredPointer)
        #expect(m.weights.druck == 0)
        #expect(abs(m.weights.form - 0.40 / 0.85) < 1e-12)
        #expect(abs(m.weights.form + m.weights.tempo + m.weights.rhythmus - 1) < 1e-12)
        // A finger is not penalised: the same movement scores the same overall without the pressure term.
        let pen = motor(TestInk.along([l.strokes[0].points], pointer: .pen))
        #expect(abs(m.overall - (pen.form * 0.40 + pen.tempo! * 0.25 + pen.rhythmus! * 0.20) / 0.85) < 1e-9)
    }

    @Test func druckMeasuresPressureSteadiness() {
        let steady = stem.enumerated().map { PenSample(x: $1.x, y: $1.y, t: Double($0) / 120, pressure: 0.5 + 0.02 * sin(Double($0))) }
        let shaky = stem.enumerated().map { PenSample(x: $1.x, y: $1.y, t: Double($0) / 120, pressure: $0 % 2 == 0 ? 0.2 : 0.8) }
        let a = motor(Ink(pointer: .pen, strokes: [steady])), b = motor(Ink(pointer: .pen, strokes: [shaky]))
        #expect(a.druckStatus == .measured && b.druckStatus == .measured)
        #expect(a.druck! > 0.95)
        #expect(abs(b.druck! - 0.4) < 0.02)   // CV = 0.3 / 0.5
        #expect(abs(a.overall - (0.40 * a.form + 0.25 * a.tempo! + 0.15 * a.druck! + 0.20 * a.rhythmus!)) < 1e-12)
    }

    @Test func aPenThatReportsOneFixedPressureIsNotMeasured() {
        let fixed = stem.enumerated().map { PenSample(x: $1.x, y: $1.y, t: Double($0) / 120, pressure: 0.5) }
        let m = motor(Ink(pointer: .pen, strokes: [fixed]))
        #expect(m.druck == nil)
        #expect(m.druckStatus == .notMeasuredConstant)
        let none = stem.enumerated().map { PenSample(x: $1.x, y: $1.y, t: Double($0) / 120) }
        #expect(motor(Ink(pointer: .pen, strokes: [none])).druckStatus == .notMeasuredNoData)
    }
}
