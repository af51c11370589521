import ArgumentParser
import FederCore
import Foundation

extension GlyphsCommand {
    /// Printable practice sheets from the command line, as the adults' page prints them.
    struct WorksheetPages: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "worksheet",
            abstract: "Write a printable A4 practice sheet (one SVG per page) for some letters.")

        @OptionGroup var source: GlyphSource
        @Option(help: "Script of the letters.") var script = "druck"
        @Option(help: "The letters, e.g. \"MmAa\".") var letters: String
        @Option(help: "Rows per letter: the model row, a row of fainter copies, then empty rows.") var rows = 2
        @Option(help: "Folder to write page-1.svg, page-2.svg, … into.") var out: String

        func run() throws {
            let library = try source.library()
            let sheet: Worksheet
            do {
                sheet = try Worksheet(glyphs: Worksheet.letters(letters, script: script, library: library), rowsPerLetter: rows,
                                      footer: library.scripts[script]?.name ?? script)
            } catch {
                throw ValidationError(WorksheetMessages.english(error))
            }
            let folder = URL(fileURLWithPath: out, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for page in 0..<sheet.pageCount {
                let url = folder.appendingPathComponent("page-\(page + 1).svg")
                try sheet.page(page).write(to: url, atomically: true, encoding: .utf8)
                print("wrote \(url.path)")
            }
        }
    }
}

enum WorksheetMessages {
    static func english(_ problem: Worksheet.Problem) -> String {
        switch problem {
        case .noLetters: return "no letters given"
        case .tooManyLetters(let n): return "\(n) letters; a sheet takes at most \(Worksheet.maxLetters)"
        case .mixedRulings: return "the letters do not share one ruling"
        case .rowsPerLetter(let n) where n < 1: return "rows per letter: at least 1"
        case .rowsPerLetter(let n): return "rows per letter: \(n) do not fit a page"
        case .noSuchPage(let n): return "there is no page \(n)"
        case .unknownScript(let s): return "unknown script '\(s)'"
        case .unknownLetters(let chars): return "no glyph for \(chars.map { "'\($0)'" }.joined(separator: ", "))"
        }
    }
}
