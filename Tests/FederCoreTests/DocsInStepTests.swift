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
/// compares against a decimal number of its own (named sampling steps and weights, `static let`, aside).
@Test func noErrorCheckHoldsAThresholdOfItsOwn() throws {
    let checks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FederCore/Assessment/Checks")
    let files = try FileManager.default.contentsOfDirectory(at: checks, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "swift" }
    #expect(files.count >= 10)
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
