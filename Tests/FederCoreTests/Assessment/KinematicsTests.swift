import Foundation
import Testing
@testable import FederCore

@Suite("Kinematics")
struct KinematicsTests {
    let l = TestInk.glyph("l")

    /// A straight stroke from (20,0) to (20,200) with a minimum-jerk (bell-shaped) speed profile, or
    /// with `bumps` speed bumps (stop-and-go), sampled at 120 Hz over `duration` seconds.
    func stroke(duration: Double, bumps: Int = 1) -> [PenSample] {
        let n = Int(duration * 120)
        return (0...n).map { i in
            let tau = Double(i) / Double(n)
            // Position along the line: bumps of minimum-jerk movements back to back.
            let k = min(Int(tau * Double(bumps)), bumps - 1)
            let local = tau * Double(bumps) - Double(k)
            let s = (Double(k) + 10 * pow(local, 3) - 15 * pow(local, 4) + 6 * pow(local, 5)) / Double(bumps)
            return PenSample(x: 20, y: 200 * s, t: Double(i) / 120, pressure: 0.5 + 0.1 * sin(Double(i)))
        }
    }

    func kinematics(_ strokes: [[PenSample]]) -> Kinematics {
        FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: strokes), glyph: l).kinematics
    }

    @Test func aSmoothStrokeHasOneVelocityInversion() {
        let k = kinematics([stroke(duration: 0.8)])
        #expect(k.niv == 1)
        #expect(k.nivPerStroke == [1])
    }

    @Test func aSmoothStrokeIsTempoMidRange() {
        // The documented anchor: a bell-shaped (minimum-jerk) profile, the natural shape of a smooth
        // stroke, has CV² ≈ 0.4.
        let one = FreeWriteAssessor.assess(Ink(pointer: .pen, strokes: [stroke(duration: 0.8)]), glyph: l).motor!.tempo!
        #expect(abs(one - 0.60) < 0.03)
    }

    @Test func stopAndGoShowsInTheInversions() {
        #expect(kinematics([stroke(duration: 1.6, bumps: 4)]).niv == 4)
        #expect(kinematics([stroke(duration: 1.2, bumps: 3)]).niv == 3)
    }

    @Test func upAndDownStrokesAreCountedSeparately() {
        // Down the stem and back up (as n's retrace): two movements, one peak each.
        let down = stroke(duration: 0.6)
        let up = down.map { PenSample(x: $0.x, y: 200 - $0.y, t: $0.t + 0.6 + 1.0 / 120, pressure: $0.pressure) }
        let k = kinematics([down + up])
        #expect(k.niv == 1)
        #expect(abs(k.frequency! - 2 / 1.2) < 0.05)
    }

    @Test func liftsAirTimeAndSpeed() {
        let h = TestInk.glyph("H")
        let ink = TestInk.centerline(h, simulator: PenSimulator(speed: 300, liftPause: 0.5))
        let k = FreeWriteAssessor.assess(ink, glyph: h).kinematics
        #expect(k.strokes == 3)
        #expect(k.penLifts == 2)
        #expect(abs(k.inAirTime - 2 * (0.5 + 1.0 / 120)) < 1e-6)
        #expect(abs(k.meanSpeed - 3) < 0.05)   // 300 units/s = 3 x-heights/s
        #expect(k.inAirRatio > 0.3 && k.inAirRatio < 0.5)
    }

    @Test func slantAndSizeRelativeToTheRuling() {
        // An l leaning right by 15° (top to the right), at 1.2 times its size.
        let lean = tan(15 * Double.pi / 180) * 240
        let k = kinematics([TestInk.along([[Point(20 + lean, -40), Point(20, 200)]]).strokes[0]])
        #expect(abs(k.slant! - 15) < 0.5)
        #expect(abs(k.slantDeviation! - 15) < 0.5)
        #expect(abs(k.height! - 2.4) < 0.01)
        #expect(abs(k.sizeRatio! - 1.2) < 0.01)
        // Upright is 0.
        #expect(abs(kinematics([stroke(duration: 0.8)]).slant!) < 1e-9)
    }
}
