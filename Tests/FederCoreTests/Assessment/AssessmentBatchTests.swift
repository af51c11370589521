import Foundation
import Testing
@testable import FederCore

/// `feder assess --batch`: one answer per line, each naming its line, a bad line saying why.
@Suite struct AssessmentBatchTests {
    static let library = try! GlyphLibrary.bundled()

    /// The glyph written by the pen simulator, as an ink file line's `"strokes"`.
    static func strokesJSON(_ char: String) throws -> String {
        let strokes = PenSimulator().strokes(for: try library.glyph(char, script: "druck"), startTime: 0)
        return "[" + strokes.map { "[" + $0.map { "[\($0.x),\($0.y),\($0.t)]" }.joined(separator: ",") + "]" }
            .joined(separator: ",") + "]"
    }

    static func answer(_ line: String) throws -> [String: Any] {
        let out = AssessmentBatch.answer(Data(line.utf8), library: library, recognizer: nil)
        #expect(!out.contains(UInt8(ascii: "\n")), "one line per answer")
        return try #require(try JSONSerialization.jsonObject(with: out) as? [String: Any])
    }

    @Test func eachLineIsJudgedAndKeepsItsIDAsGiven() throws {
        let a = try Self.strokesJSON("a")
        let named = try Self.answer(#"{"id":"kai/17","glyph":"a","strokes":\#(a)}"#)
        #expect(named["id"] as? String == "kai/17")
        #expect((named["stars"] as? Int ?? 0) >= 2 && named["error"] == nil)
        let numbered = try Self.answer(#"{"id":7,"glyph":"a","strokes":\#(a)}"#)
        #expect(numbered["id"] as? Int == 7 && numbered["stars"] as? Int == named["stars"] as? Int)
        let guided = try Self.answer(#"{"glyph":"a","phase":"guided","strokes":\#(a)}"#)
        #expect(guided["stars"] != nil && guided["id"] == nil)
    }

    @Test(arguments: [
        (#"{"id":1,"strokes":[[[0,0,0],[1,1,0.1]]]}"#, #"needs "glyph""#),
        (#"{"id":2,"glyph":"a","phase":"later","strokes":[[[0,0,0],[1,1,0.1]]]}"#, #""phase" is one of observe"#),
        (#"{"id":3,"glyph":5,"strokes":[[[0,0,0],[1,1,0.1]]]}"#, #""glyph" must be a string"#),
        (#"{"id":4,"glyph":"€","strokes":[[[0,0,0],[1,1,0.1]]]}"#, "€"),
        (#"{"id":5,"glyph":"a"}"#, "ink file"),
        (#"[6]"#, "JSON object"),
    ])
    func aBadLineSaysWhyAndNamesItself(line: String, why: String) throws {
        let answer = try Self.answer(line)
        let error = try #require(answer["error"] as? String, "\(answer)")
        #expect(error.contains(why), "\(error)")
        let given = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int
        #expect(answer["id"] as? Int == given, "the refusal names its own line")
        #expect((given == nil) == !line.hasPrefix("{"))
    }
}
