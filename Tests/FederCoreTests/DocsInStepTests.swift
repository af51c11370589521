import Foundation
import Testing
@testable import FederCore

// Docs that must agree with the code: a doc that disagrees is a bug.

/// docs/GLYPHS.md has one plan line per glyph and variant, and it says what the file says.
@Suite("Glyph plan table")
struct GlyphDocsTests {
    struct Row: Hashable { var char: String; var variant: String; var plan: String }

    static func planRows() throws -> [Row] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/GLYPHS.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        guard let start = text.range(of: "### The plan: one line per glyph and variant") else { return [] }
        return text[start.upperBound...].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5, cells[2].hasPrefix("`") else { return nil }
            return Row(char: cells[1], variant: cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")), plan: cells[3])
        }
    }

    @Test func everyGlyphVariantHasItsPlanLineMatchingItsNote() throws {
        let rows = try Self.planRows()
        let glyphs = try GlyphLibrary.bundled().allGlyphs(in: "druck")
        #expect(rows.count == glyphs.count, "one line per glyph and variant")
        for glyph in glyphs {
            let row = rows.first { $0.char == glyph.char && $0.variant == glyph.variant }
            #expect(row != nil, "no plan line for \(glyph.key)")
            #expect(row?.plan == glyph.note, "plan line of \(glyph.key) differs from the file's note")
        }
    }
}

/// docs/ASSESSMENT.md names every error code the assessment can report.
@Test func everyWritingErrorCodeIsDocumented() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/ASSESSMENT.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for code in ErrorCode.allCases {
        #expect(text.contains("`\(code.rawValue)`"), "\(code.rawValue) is not in docs/ASSESSMENT.md")
    }
}

/// docs/ASSESSMENT.md says every threshold of the error checks is in `AssessmentConfig`: no check
/// (nor the assessors that run them) compares against a decimal number of its own (named sampling steps and weights, `static let`, aside).
@Test func noErrorCheckHoldsAThresholdOfItsOwn() throws {
    let checks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FederCore/Assessment/Checks")
    let checkFiles = try FileManager.default.contentsOfDirectory(at: checks, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "swift" }
    #expect(checkFiles.count >= 10)
    // The two assessors run checks of their own (stray ink along the letter, the guided start).
    let assessors = ["FreeWriteAssessor.swift", "GuidedAssessor.swift"].map { checks.deletingLastPathComponent().appendingPathComponent($0) }
    let files = checkFiles + assessors
    // A decimal number, not a tuple element of a closure argument (`$1.0`).
    let decimal = try NSRegularExpression(pattern: #"(?<![\w$.])[0-9]+\.[0-9]+\b"#)
    for file in files {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        for (number, line) in lines.enumerated() {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard !code.contains("static let") else { continue }
            let text = String(code)
            let numbers = decimal.matches(in: text, range: NSRange(text.startIndex..., in: text))
                .map { Double(text[Range($0.range, in: text)!])! }
            #expect(numbers.allSatisfy { $0 == 0 }, "\(file.lastPathComponent):\(number + 1) compares against a number of its own: \(line)")
        }
    }
}

/// docs/RECOGNITION.md states the shipped recognizer's operating point, weights file and cost: they
/// must be the ones in the code and in Resources.
@Suite("Recognizer docs")
struct RecognizerDocsTests {
    static func text() throws -> String {
        try String(contentsOf: RecognitionTestSupport.repositoryRoot.appendingPathComponent("docs/RECOGNITION.md"), encoding: .utf8)
    }

    /// The first capture group of `pattern` in the doc, with thousands separators removed.
    static func number(_ pattern: String, in text: String) throws -> String? {
        let regex = try NSRegularExpression(pattern: pattern)
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return text[range].replacingOccurrences(of: ",", with: "")
    }

    @Test func theOperatingPointIsTheCodes() throws {
        let text = try Self.text()
        let stated = try Self.number(#"`isExpected` accepts from probability \*\*([0-9.]+)\*\*"#, in: text)
        #expect(stated.flatMap(Double.init) == LetterRecognition.childrenThreshold)
        let api = try Self.number(#"`isExpected` is `probability >=\s+([0-9.]+)`"#, in: text)
        #expect(api.flatMap(Double.init) == LetterRecognition.childrenThreshold)
    }

    @Test func theWeightsFileAndItsCostAreTheShippedOnes() throws {
        let text = try Self.text()
        let bytes = try Data(contentsOf: RecognitionTestSupport.weightsURL).count
        #expect(try Self.number(#"letters\.fdrw` \(([0-9,]+) bytes"#, in: text) == String(bytes))
        let macs = try RecognitionTestSupport.recognizer().multiplyAccumulates
        #expect(try Self.number(#"the shipped ensemble runs [a-z ]+\s+\(([0-9,]+) multiply-accumulates"#, in: text) == String(macs))
    }
}
