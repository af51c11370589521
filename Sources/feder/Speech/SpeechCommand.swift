import ArgumentParser
import FederCore
import Foundation

struct SpeechCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speech",
        abstract: "What Feder says: the catalogue of fixed lines the offline voice renders.",
        subcommands: [Catalog.self]
    )
}

extension SpeechCommand {
    struct Catalog: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every line key and German text (prompts, tips, praise, letter names and sounds) as JSON.")

        @OptionGroup var source: GlyphSource
        @Option(help: "Script whose characters get name and sound lines.") var script = "druck"
        @Option(help: "Write to this file instead of standard output.") var output: String?

        func run() throws {
            let library = try source.library()
            let characters = library.characters(in: script)
            guard !characters.isEmpty else { throw ValidationError("no glyphs in script \(script)") }
            let catalog = try SpeechCatalog.make(characters: characters)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(catalog)
            if let output {
                try data.write(to: URL(fileURLWithPath: output))
            } else {
                FileHandle.standardOutput.write(data)
                FileHandle.standardOutput.write(Data("\n".utf8))
            }
        }
    }
}
