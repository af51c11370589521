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
