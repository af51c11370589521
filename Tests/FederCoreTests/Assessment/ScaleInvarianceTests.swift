import Foundation
import Testing
@testable import FederCore

/// `feder assess` reads ink "in any units": metres, inches, a 0–1 page or pixels of a 4K screen are
/// the same letter. Every glyph's own centerline, written by a steady pen, is scaled by 10⁻³…10³ and
/// moved far away; the whole assessment (form, errors, tips, stars, kinematics in x-heights per
/// second) must come out as for the ink at glyph size, with and without ruling lines. The same holds
/// for the letter written the untaught way (strokes in the other order and backwards, jittered), so
/// that errors, where they point and their tips are compared too, not only their absence.
@Suite("Ink in any units and any place")
struct ScaleInvarianceTests {
    static let glyphs = TestInk.library.allGlyphs(in: "druck")
    static let scales = [0.001, 0.01, 0.1, 10, 100, 1000]
    static let shifts = [Point(0, 0), Point(-4321.5, 9876.25)]

    /// The file as it would be written in other units: every coordinate (and the ruling) times
    /// `scale`, then moved by `shift` of those units; times untouched.
    static func file(_ ink: Ink, glyph: Glyph, scale: Double, shift: Point, withFrame: Bool) -> InkFile {
        let strokes = ink.strokes.map { stroke in
            stroke.map { s in PenSample(x: s.x * scale + shift.x, y: s.y * scale + shift.y, t: s.t, pressure: s.pressure) }
        }
        let r = glyph.ruling
        let frame = withFrame
            ? InkFrame(top: r.top * scale + shift.y, middle: r.middle * scale + shift.y, base: r.base * scale + shift.y,
                       bottom: r.bottom * scale + shift.y, left: shift.x)
            : nil
        return InkFile(strokes: strokes, frame: frame, pointer: ink.pointer)
    }

    static func report(_ file: InkFile, glyph: Glyph, phase: LessonPhase, recognizer: LetterRecognizer? = nil) throws -> Any {
        let data = try AssessmentReport.json(try AssessmentReport.assess(file, glyph: glyph, phase: phase, recognizer: recognizer))
        return try JSONSerialization.jsonObject(with: data)
    }

    /// Free writing of `ink` at every scale and place compared with the ink at glyph size.
    static func differences(_ ink: Ink, glyph: Glyph, withFrame: Bool, recognizer: LetterRecognizer? = nil) throws -> [String] {
        let reference = try report(file(ink, glyph: glyph, scale: 1, shift: .zero, withFrame: withFrame),
                                   glyph: glyph, phase: .freeWrite, recognizer: recognizer)
        return try scales.enumerated().flatMap { k, scale in
            let other = try report(file(ink, glyph: glyph, scale: scale, shift: shifts[k % shifts.count], withFrame: withFrame),
                                   glyph: glyph, phase: .freeWrite, recognizer: recognizer)
            return JSONDifference.between(reference, other).map { "×\(scale): \($0)" }
        }
    }

    /// The letter written against its plan: strokes in the opposite order, each backwards, jittered.
    static func untaught(_ glyph: Glyph) -> Ink {
        TestInk.jittered(TestInk.along(glyph.strokes.reversed().map { Array($0.points.reversed()) }), amplitude: 2)
    }

    @Test(arguments: glyphs, [true, false])
    func theSameLetterInAnyUnitsAndPlaceGetsTheSameAssessment(glyph: Glyph, withFrame: Bool) throws {
        let taught = TestInk.centerline(glyph)
        for (ink, phase) in [(taught, LessonPhase.freeWrite), (taught, .guided), (Self.untaught(glyph), .freeWrite)] {
            let reference = try Self.report(Self.file(ink, glyph: glyph, scale: 1, shift: .zero, withFrame: withFrame),
                                            glyph: glyph, phase: phase)
            if ink.strokes != taught.strokes {
                let errors = (reference as? [String: Any])?["errors"] as? [Any] ?? []
                #expect(!errors.isEmpty, "\(glyph.key): the untaught letter should have errors to compare")
            }
            for (k, scale) in Self.scales.enumerated() {
                // Guided replays every sample through the tracker: a few scales keep the suite quick
                // (and those still see both places).
                if phase == .guided && k % 2 == 1 { continue }
                let shift = Self.shifts[(phase == .guided ? k / 2 : k) % Self.shifts.count]
                let other = try Self.report(Self.file(ink, glyph: glyph, scale: scale, shift: shift, withFrame: withFrame),
                                            glyph: glyph, phase: phase)
                let differences = JSONDifference.between(reference, other)
                #expect(differences.isEmpty,
                        "\(glyph.key) \(phase) ×\(scale) frame \(withFrame): \(differences.prefix(6).joined(separator: "; "))")
            }
        }
    }

    /// With the recognizer (lessons, `feder assess` of a character): Klarheit, the other-letter rule
    /// and the mirror check's override see the same letter at every scale too.
    @Test(arguments: ["a", "k", "B", "3", "ß"])
    func theRecognizersReadingIsTheSameInAnyUnits(char: String) throws {
        let glyph = TestInk.glyph(char)
        let recognizer = try LetterRecognizer.bundled()
        for ink in [TestInk.centerline(glyph), Self.untaught(glyph)] {
            let reference = try Self.report(Self.file(ink, glyph: glyph, scale: 1, shift: .zero, withFrame: false),
                                            glyph: glyph, phase: .freeWrite, recognizer: recognizer)
            #expect((reference as? [String: Any])?["clarity"] != nil, "\(char): read by the recognizer")
            let differences = try Self.differences(ink, glyph: glyph, withFrame: false, recognizer: recognizer)
            #expect(differences.isEmpty, "\(char): \(differences.prefix(6).joined(separator: "; "))")
        }
    }

    /// Schulschrift's letters, which lessons teach as words, in any units too.
    @Test(arguments: ["a", "f", "k", "s", "z", "B", "G"], [true, false])
    func schulschriftLettersInAnyUnitsAndPlaceGetTheSameAssessment(char: String, withFrame: Bool) throws {
        let glyph = try TestInk.library.glyph(char, script: "schul")
        for ink in [TestInk.centerline(glyph), Self.untaught(glyph)] {
            let differences = try Self.differences(ink, glyph: glyph, withFrame: withFrame)
            #expect(differences.isEmpty, "schul \(char) frame \(withFrame): \(differences.prefix(6).joined(separator: "; "))")
        }
    }

    /// A tablet's integer coordinates hold diagonals at exactly 45°, which the slant leaves out.
    /// Written far from the origin in small units (10⁶ + a thousandth of each), the file's own
    /// rounding moved them across the line and the slant by degrees (a real x: 17.0° → 3.9°).
    @Test func exactDiagonalsFarAwayInSmallUnitsKeepTheSlant() throws {
        let glyph = TestInk.glyph("x")
        func zigzag(from start: Point, steps: [Point], count: Int) -> [PenSample] {
            var p = start, out: [PenSample] = []
            for i in 0...count {
                out.append(PenSample(x: p.x, y: p.y, t: Double(i) * 0.008, pressure: 0.5))
                p = p + steps[i % steps.count]
            }
            return out
        }
        let down = zigzag(from: Point(0, 0), steps: [Point(4, 4), Point(4, 4), Point(3, 5)], count: 25)
        var across = zigzag(from: Point(100, 0), steps: [Point(-4, 4), Point(-2, 6)], count: 24)
        across = across.map { var s = $0; s.t += 0.5; return s }
        let ink = Ink(pointer: .pen, strokes: [down, across])
        for withFrame in [false, true] {
            let near = try Self.report(Self.file(ink, glyph: glyph, scale: 1, shift: .zero, withFrame: withFrame), glyph: glyph, phase: .freeWrite)
            let far = try Self.report(Self.file(ink, glyph: glyph, scale: 0.001, shift: Point(1e6, 1e6), withFrame: withFrame),
                                      glyph: glyph, phase: .freeWrite)
            let differences = JSONDifference.between(near, far)
            #expect(differences.isEmpty, "frame \(withFrame): \(differences.prefix(6).joined(separator: "; "))")
        }
    }

    @Test func theCenterlinesAreReallyJudgedAtEveryScale() throws {
        // Guards the property above against passing because everything failed the same way.
        let glyph = TestInk.glyph("a")
        for scale in Self.scales {
            let file = Self.file(TestInk.centerline(glyph), glyph: glyph, scale: scale, shift: Self.shifts[1], withFrame: false)
            let a = try AssessmentReport.assess(file, glyph: glyph, phase: .freeWrite)
            #expect(a.stars == 3, "×\(scale)")
            #expect(a.errors.isEmpty, "×\(scale): \(a.errors.map(\.code))")
            #expect(a.motor!.form > 0.95, "×\(scale)")
            #expect(abs(a.kinematics.meanSpeed - 3) < 0.1, "×\(scale): \(a.kinematics.meanSpeed) x-heights/s")
        }
    }
}

/// Where two decoded JSON documents differ, numbers compared to the printed precision (4 decimals).
enum JSONDifference {
    static func between(_ a: Any, _ b: Any, path: String = "") -> [String] {
        switch (a, b) {
        case let (x as [String: Any], y as [String: Any]):
            let keys = Set(x.keys).union(y.keys).sorted()
            return keys.flatMap { key -> [String] in
                guard let u = x[key], let v = y[key] else { return ["\(path).\(key): present in one only"] }
                return between(u, v, path: "\(path).\(key)")
            }
        case let (x as [Any], y as [Any]):
            guard x.count == y.count else { return ["\(path): \(x.count) vs \(y.count) items"] }
            return zip(x, y).enumerated().flatMap { i, pair in between(pair.0, pair.1, path: "\(path)[\(i)]") }
        case let (x as NSNumber, y as NSNumber):
            let u = x.doubleValue, v = y.doubleValue
            return abs(u - v) <= 2e-4 + 1e-6 * abs(u) ? [] : ["\(path): \(u) vs \(v)"]
        case let (x as String, y as String):
            return x == y ? [] : ["\(path): \(x) vs \(y)"]
        case (is NSNull, is NSNull):
            return []
        default:
            return ["\(path): \(a) vs \(b)"]
        }
    }
}
