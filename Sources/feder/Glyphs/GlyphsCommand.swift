import ArgumentParser
import FederCore
import Foundation

struct GlyphsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glyphs",
        abstract: "Check, render and export the glyph library.",
        subcommands: [Lint.self, Sheet.self, Export.self, WorksheetPages.self]
    )
}

/// Where the glyphs come from: the bundled library, or a folder while authoring.
struct GlyphSource: ParsableArguments {
    @Option(help: "Load glyphs from this folder (with one subfolder per script) instead of the bundled library.")
    var glyphs: String?

    func library() throws -> GlyphLibrary {
        if let glyphs { return try GlyphLibrary.load(from: URL(fileURLWithPath: glyphs, isDirectory: true)) }
        return try GlyphLibrary.bundled()
    }
}

extension GlyphsCommand {
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check every glyph; exits non-zero naming each problem.")

        @OptionGroup var source: GlyphSource
        @Option(help: "Only this script.") var script: String?

        func run() throws {
            let library: GlyphLibrary
            do {
                library = try source.library()
            } catch let errors as GlyphLoadErrors {
                for e in errors.errors { print("error: \(e)") }
                throw ExitCode(1)
            }
            if let script, library.scripts[script] == nil {
                throw ValidationError("--script \(script): no such script (\(library.scriptIDs.joined(separator: ", ")))")
            }
            var count = 0, problems = 0, excepted = 0
            for id in script.map({ [$0] }) ?? library.scriptIDs {
                for glyph in library.allGlyphs(in: id) {
                    count += 1
                    excepted += glyph.exceptions.count
                    for problem in GlyphLint.check(glyph) {
                        print(problem)
                        problems += 1
                    }
                }
            }
            // Joined scripts: every word of the word list builds and no join crosses itself.
            var words = 0
            for id in script.map({ [$0] }) ?? library.scriptIDs where library.scripts[id]?.joined == true {
                let list = WordList.bundled(script: id)
                words += list.count
                for problem in WordLint.check(words: list, builder: WordBuilder(library: library, script: id)) {
                    print("\(id): \(problem)")
                    problems += 1
                }
            }
            print("\(count) glyphs checked\(words > 0 ? ", \(words) words built" : ""), \(problems) problem\(problems == 1 ? "" : "s"), \(excepted) documented exception\(excepted == 1 ? "" : "s")")
            if problems > 0 { throw ExitCode(1) }
        }
    }

    struct Sheet: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a contact sheet of every glyph (SVG; PNG too when rsvg-convert is installed).")

        @OptionGroup var source: GlyphSource
        @Option(help: "Script to render.") var script = "druck"
        @Option(help: "Output file (.svg, or .png to convert with rsvg-convert).") var out: String
        @Option(help: "Glyphs per row.") var columns = 12
        @Flag(help: "Only the default variant of each character.") var defaultsOnly = false
        @Option(help: "Only these characters (e.g. \"aßk\").") var chars: String?
        @Option(help: "Joined scripts: how many words of the word list to set on a second page (FILE-words.svg).")
        var words = 20

        func validate() throws {
            guard columns >= 1, words >= 0 else { throw ValidationError("--columns must be at least 1, --words 0 or more") }
            guard ["svg", "png"].contains(URL(fileURLWithPath: out).pathExtension.lowercased()) else {
                throw ValidationError("--out \(out): name an .svg or a .png file")
            }
        }

        func run() throws {
            let library = try source.library()
            var glyphs = library.allGlyphs(in: script)
            guard !glyphs.isEmpty else { throw ValidationError("no glyphs in script '\(script)'") }
            if defaultsOnly { glyphs = glyphs.filter { $0.variant == $0.variantIDs.first } }
            if let chars {
                let wanted = Set(chars.map(String.init))
                glyphs = glyphs.filter { wanted.contains($0.char) }
                guard !glyphs.isEmpty else { throw ValidationError("none of \"\(chars)\" is in script '\(script)'") }
            }
            let name = library.scripts[script]?.name ?? script
            let svg = GlyphSheet(glyphs: glyphs, columns: columns, title: "\(name) — \(glyphs.count) Glyphen").svg()
            let url = URL(fileURLWithPath: out)
            try write(svg, to: url)
            if library.scripts[script]?.joined == true, words > 0 {
                let builder = WordBuilder(library: library, script: script)
                let sample = try WordList.bundled(script: script).prefix(words).map { try builder.build($0) }
                let page = GlyphSheet(glyphs: sample, columns: 4, title: "\(name) — \(sample.count) Wörter").svg()
                let stem = url.deletingPathExtension().lastPathComponent + "-words"
                try write(page, to: url.deletingLastPathComponent().appendingPathComponent(stem).appendingPathExtension(url.pathExtension))
            }
        }

        private func write(_ svg: String, to url: URL) throws {
            do {
                try writeSheet(svg, to: url)
            } catch let error as CocoaError {
                throw ValidationError("cannot write \(url.path): \(InputReader.reason(error))")
            }
        }

        private func writeSheet(_ svg: String, to url: URL) throws {
            if url.pathExtension.lowercased() == "png" {
                let svgURL = url.deletingPathExtension().appendingPathExtension("svg")
                try svg.write(to: svgURL, atomically: true, encoding: .utf8)
                try convertToPNG(svg: svgURL, png: url)
                print("wrote \(svgURL.path) and \(url.path)")
            } else {
                try svg.write(to: url, atomically: true, encoding: .utf8)
                let png = url.deletingPathExtension().appendingPathExtension("png")
                if (try? convertToPNG(svg: url, png: png)) != nil {
                    print("wrote \(url.path) and \(png.path)")
                } else {
                    print("wrote \(url.path) (install librsvg2-bin for a PNG)")
                }
            }
        }

        private func convertToPNG(svg: URL, png: URL) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["rsvg-convert", "-f", "png", "-o", png.path, svg.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw ValidationError("rsvg-convert failed (is librsvg2-bin installed?)")
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "All glyphs as flattened polylines in JSON (y down, strokes in writing order and direction).")

        @OptionGroup var source: GlyphSource
        @Option(help: "Script to export.") var script = "druck"
        @Option(help: "A variant to use where a glyph has it: an id (one-stroke) or CHAR=ID (F=roof-first). Repeatable.")
        var variant: [String] = []
        @Option(help: "Write to this file instead of standard output.") var out: String?

        func run() throws {
            let library = try source.library()
            var perChar: [String: String] = [:]
            var anywhere: [String] = []
            for v in variant {
                let parts = v.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { perChar[parts[0]] = parts[1] } else { anywhere.append(v) }
            }
            for (char, id) in perChar {
                let ids = library.variants(of: char, script: script).map(\.variant)
                guard ids.contains(id) else {
                    throw ValidationError("glyph '\(char)' has no variant '\(id)' (available: \(ids.joined(separator: ", ")))")
                }
            }
            // A bare id must be one that some glyph of the script has: a typo would otherwise export the defaults silently.
            let allIDs = Set(library.characters(in: script).flatMap { library.variants(of: $0, script: script).map(\.variant) })
            for id in anywhere where !allIDs.contains(id) {
                throw ValidationError("no glyph of '\(script)' has a variant '\(id)' (available: \(allIDs.sorted().joined(separator: ", ")))")
            }
            let export = try GlyphExport(library: library, script: script) { char, ids in
                perChar[char] ?? anywhere.first(where: ids.contains)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(export)
            if let out {
                try data.write(to: URL(fileURLWithPath: out))
            } else {
                FileHandle.standardOutput.write(data)
                FileHandle.standardOutput.write(Data("\n".utf8))
            }
        }
    }
}
