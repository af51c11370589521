import Foundation
import Testing
@testable import FederCore

/// `feder assess`: the ink file format and the JSON it prints. The command is a thin shell around
/// `AssessmentReport.run`, which these tests call.
@Suite("feder assess")
struct AssessmentReportTests {
    /// An ink file (as text) for a glyph's centerline written at `scale` ink units per glyph unit,
    /// shifted by `offset`, with a frame when asked.
    static func file(_ glyph: Glyph, scale: Double = 0.4, offset: Point = Point(100, 50), frame: Bool = true,
                     left: Bool = true, pressure: Bool = true) -> Data {
        let strokes = TestInk.centerline(glyph).strokes.map { stroke in
            "[" + stroke.map { s in
                let x = s.x * scale + offset.x, y = s.y * scale + offset.y
                return pressure ? "[\(x),\(y),\(s.t),\(s.pressure!)]" : "[\(x),\(y),\(s.t)]"
            }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        var json = "{\"strokes\": [\(strokes)]"
        if frame {
            let r = glyph.ruling
            json += ", \"frame\": {\"top\": \(r.top * scale + offset.y), \"middle\": \(r.middle * scale + offset.y), "
                + "\"base\": \(r.base * scale + offset.y), \"bottom\": \(r.bottom * scale + offset.y)"
                + (left ? ", \"left\": \(offset.x)" : "") + "}"
        }
        return Data((json + "}").utf8)
    }

    static func object(_ data: Data) -> [String: Any] {
        try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test(arguments: TestInk.library.allGlyphs(in: "druck"))
    func everyGlyphAssessesFromAFile(glyph: Glyph) throws {
        for phase in [LessonPhase.guided, .freeWrite] {
            let out = Self.object(try AssessmentReport.run(Self.file(glyph), glyph: glyph, phase: phase))
            #expect(out["phase"] as? String == phase.rawValue)
            #expect(out["placement"] as? String == "frame")
            #expect((out["errors"] as? [Any])?.isEmpty == true, "\(glyph.key) \(phase): \(out["errors"] ?? "")")
            #expect(out["stars"] as? Int == 3, "\(glyph.key) \(phase)")
            #expect((out["quality"] as? Double ?? 0) > 0.95, "\(glyph.key) \(phase)")
            #expect((out["strokes"] as? [Any])?.count == glyph.strokes.count)
            let kinematics = out["kinematics"] as? [String: Any]
            #expect(abs((kinematics?["sizeRatio"] as? Double ?? 0) - 1) < 0.01, "\(glyph.key)")
            let feedback = out["feedback"] as? [String: Any]
            #expect((feedback?["praise"] as? [String: Any])?["text"] as? String == "Super gemacht!")
            if phase == .freeWrite {
                let motor = try #require(out["motor"] as? [String: Any])
                #expect((motor["form"] as? Double ?? 0) > 0.95)
                #expect(motor["druckStatus"] as? String == "measured")
            } else {
                #expect((out["guided"] as? [String: Any])?["completed"] as? Bool == true)
            }
        }
    }

    /// The same file with y growing upwards: every y and the frame's lines negated.
    static func upsideDown(_ data: Data, sayIt: Bool) -> Data {
        var o = object(data)
        o["strokes"] = (o["strokes"] as! [[[Double]]]).map { $0.map { s in [s[0], -s[1]] + s.dropFirst(2) } }
        if var frame = o["frame"] as? [String: Double] {
            for key in ["top", "middle", "base", "bottom"] { frame[key] = frame[key].map { -$0 } }
            o["frame"] = frame
        }
        if sayIt { o["yAxis"] = "up" }
        return try! JSONSerialization.data(withJSONObject: o)
    }

    /// Ink with y up (said in the file, or told to the reader) is judged as the same ink with y down;
    /// read as y down it is upside down, and a b is no longer a b.
    @Test(arguments: ["b", "p", "M", "7", "g"])
    func inkWithYUpIsJudgedAsTheSameInkWithYDown(char: String) throws {
        let glyph = try TestInk.library.glyph(char, script: "druck")
        for framed in [true, false] {
            let down = try AssessmentReport.run(Self.file(glyph, frame: framed), glyph: glyph, phase: .freeWrite,
                                                recognizer: PlanTests.recognizer)
            let said = try AssessmentReport.run(Self.upsideDown(Self.file(glyph, frame: framed), sayIt: true), glyph: glyph,
                                                phase: .freeWrite, recognizer: PlanTests.recognizer)
            let told = try AssessmentReport.run(Self.upsideDown(Self.file(glyph, frame: framed), sayIt: false), glyph: glyph,
                                                phase: .freeWrite, recognizer: PlanTests.recognizer, yAxis: .up)
            #expect(said == down && told == down, "\(char) framed \(framed)")
            let unsaid = Self.object(try AssessmentReport.run(Self.upsideDown(Self.file(glyph, frame: false), sayIt: false),
                                                              glyph: glyph, phase: .freeWrite, recognizer: PlanTests.recognizer))
            #expect((unsaid["stars"] as? Int ?? 3) < 3, "\(char): upside down is not the letter")
        }
        // A file that says "down" is read as down whatever the reader was told.
        var o = Self.object(Self.file(glyph))
        o["yAxis"] = "down"
        let saysDown = try JSONSerialization.data(withJSONObject: o)
        #expect(try AssessmentReport.run(saysDown, glyph: glyph, phase: .freeWrite, yAxis: .up)
                == AssessmentReport.run(Self.file(glyph), glyph: glyph, phase: .freeWrite))
        #expect(throws: InkFileError.self) { try InkFile.decode(Data(#"{"strokes": [[[0, 0]]], "yAxis": "sideways"}"#.utf8)) }
    }

    @Test func aFrameMakesSizeJudgeableAndTheSameAsGlyphUnits() throws {
        let a = TestInk.glyph("a")
        let viaFile = try AssessmentReport.assess(InkFile.decode(Self.file(a)), glyph: a, phase: .freeWrite)
        let direct = FreeWriteAssessor.assess(TestInk.centerline(a), glyph: a)
        #expect(abs(viaFile.motor!.form - direct.motor!.form) < 1e-6)
        #expect(viaFile.placement == .frame)
        #expect(abs(viaFile.kinematics.sizeRatio! - 1) < 1e-6)
        // Written twice too big on the same lines: judged too big.
        let big = try AssessmentReport.assess(InkFile.decode(Self.file(a, scale: 0.8, offset: Point(100, 10), frame: false)),
                                              glyph: a, phase: .freeWrite)
        #expect(big.placement == .boundingBox)
        #expect(big.errors.isEmpty)  // no ruling: size is not judged
        var framed = try InkFile.decode(Self.file(a, scale: 0.8, offset: Point(100, 10), frame: false))
        framed.frame = InkFrame(middle: 100 * 0.4 + 50, base: 200 * 0.4 + 50)
        #expect(try AssessmentReport.assess(framed, glyph: a, phase: .freeWrite).errors.map(\.code) == [.tooBig, .offLines])
    }

    @Test func withoutLeftEdgeTheLetterIsCentredOnTheGlyph() throws {
        let v = TestInk.glyph("V")
        let a = try AssessmentReport.assess(InkFile.decode(Self.file(v, offset: Point(333, 50), left: false)), glyph: v, phase: .guided)
        #expect(a.completed)
        #expect(a.errors.isEmpty)
    }

    @Test func fingerInputFromAFileHasNoDruck() throws {
        let l = TestInk.glyph("l")
        let out = Self.object(try AssessmentReport.run(Self.file(l, pressure: false), glyph: l, phase: .freeWrite))
        let motor = out["motor"] as! [String: Any]
        #expect(motor["druck"] == nil)
        #expect(motor["druckStatus"] as? String == "notMeasuredPointer")
        #expect((motor["weights"] as! [String: Any])["druck"] as? Double == 0)
    }

    @Test func numbersAreRoundedToFourDecimals() throws {
        let text = String(decoding: try AssessmentReport.run(Self.file(TestInk.glyph("S")), glyph: TestInk.glyph("S"), phase: .freeWrite), as: UTF8.self)
        let long = text.split(whereSeparator: { !"0123456789.-".contains($0) }).filter { $0.split(separator: ".").last!.count > 4 && $0.contains(".") }
        #expect(long.isEmpty, "\(long.prefix(3))")
    }

    /// Samples as objects, as logs of pointer events write them, are the same ink as the array form.
    @Test func samplesAsObjectsAreReadAsTheArrayForm() throws {
        let a = TestInk.glyph("a")
        let arrays = try InkFile.decode(Self.file(a))
        let objects = arrays.strokes.map { stroke in
            "[" + stroke.map { s in "{\"x\": \(s.x), \"y\": \(s.y), \"time\": \(s.t), \"pressure\": \(s.pressure ?? 0.5), \"tiltX\": 3}" }
                .joined(separator: ",") + "]"
        }.joined(separator: ",")
        let fromObjects = try InkFile.decode(Data("{\"strokes\": [\(objects)]}".utf8))
        #expect(fromObjects.strokes == arrays.strokes)
        let untimed = try InkFile.decode(Data("{\"strokes\": [[{\"x\": 0, \"y\": 0}, {\"x\": 5, \"y\": 40}]]}".utf8))
        #expect(untimed.repairs.synthesizedTimes == 2, "an object without a time is a sample without one")
    }

    @Test func badFilesAreAnsweredWithTheirPlace() {
        let l = TestInk.glyph("l")
        func message(_ text: String) -> String? {
            do { _ = try AssessmentReport.run(Data(text.utf8), glyph: l, phase: .freeWrite); return nil } catch { return error.description }
        }
        #expect(message("{\"strokes\": [[[0, 0, 0], [1, 2]]]}")?.contains("stroke 1, sample 2") == true)
        #expect(message("{\"strokes\": [[[0, 0, 1], [1, 2, 0.5]]]}")?.contains("time goes backwards") == true)
        #expect(message("{\"strokes\": [[[0, 0, 0, 1.5]]]}")?.contains("pressure") == true)
        #expect(message("{\"strokes\": []}")?.contains("no samples") == true)
        #expect(message("{\"strokes\": [[[0, 0, 0]]], \"frame\": {\"middle\": 10, \"base\": 5}}")?.contains("frame") == true)
        #expect(message("{\"ink\": 1}")?.contains("strokes") == true)
        #expect(message("not json") != nil)
        // Said in the file's terms, not the decoder's: the place counted from 1, what a sample is.
        #expect(message("{\"strokes\": [[[0, 0, 0], [\"a\", 2, 0.1]]]}")?.contains("stroke 1, sample 2: a sample is") == true)
        #expect(message("{\"strokes\": [[{\"x\": 1, \"y\": \"b\"}]]}")?.contains("stroke 1, sample 1: a sample is") == true)
        #expect(message("{\"strokes\": [[[0, 0, 0]]], \"pointer\": \"stylus\"}")?.contains("\"pointer\" is one of pen, touch, mouse") == true)
        #expect(message("{\"strokes\": [[[0, 0, 0, 512]]]}")?.contains("pressure 512.0 is not between 0 and 1") == true)
        #expect(throws: AssessmentReport.Failure.phaseNotAssessed(.observe)) {
            try AssessmentReport.run(Self.file(l), glyph: l, phase: .observe)
        }
    }
}
