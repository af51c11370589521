import Foundation
import Testing
@testable import FederCore

/// The speech catalogue is the one list the offline voice renders; anything the engine can say
/// must be in it, or the child would hear silence (or a browser voice) for that line.
@Suite struct SpeechCatalogTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every `Utterance(key: "…", text: "…")` written anywhere in the Swift sources.
    static func utterancesInSources() throws -> [Utterance] {
        let pattern = try NSRegularExpression(pattern: #"Utterance\(\s*key:\s*"([^"]+)",\s*text:\s*"((?:[^"\\]|\\.)*)"\s*\)"#)
        var found: [Utterance] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(match.range(at: 1), in: text)!])
                let said = String(text[Range(match.range(at: 2), in: text)!]).replacingOccurrences(of: "\\\"", with: "\"")
                // Keys built by interpolation (letter names) are covered by the letter table test.
                if !key.contains("\\(") { found.append(Utterance(key: key, text: said)) }
            }
        }
        return found
    }

    @Test func everyUtteranceWrittenInTheSourcesIsInTheCatalogue() throws {
        let written = try Self.utterancesInSources()
        #expect(written.count >= 30, "the scan found too few lines to be reading the sources")
        let catalog = try SpeechCatalog.make(characters: GlyphLibrary.bundled().characters(in: "druck"))
        let byKey = Dictionary(catalog.lines.map { ($0.key, $0.text) }, uniquingKeysWith: { a, _ in a })
        for line in written {
            #expect(byKey[line.key] == line.text, "\(line.key) (\"\(line.text)\") is not in Phrases.all / the catalogue")
        }
    }

    @Test func everyDruckCharacterHasANameAndEveryLetterASound() throws {
        let chars = try GlyphLibrary.bundled().characters(in: "druck")
        #expect(chars.count >= 69)
        let catalog = try SpeechCatalog.make(characters: chars)
        for char in chars {
            let keys = try #require(catalog.letters[char], "no lines for \(char)")
            #expect(catalog.lines.contains { $0.key == keys.name })
            if char.first!.isLetter {
                let sound = try #require(keys.sound, "\(char) has no sound")
                #expect(catalog.lines.contains { $0.key == sound })
            } else {
                #expect(keys.sound == nil, "digits have a name only")
            }
        }
        #expect(catalog.letters["M"]?.sound == catalog.letters["m"]?.sound, "upper and lower case share a sound")
    }

    @Test func aCharacterWithoutALetterRowIsNamedAsMissing() {
        #expect(throws: SpeechCatalog.MissingLetter(chars: ["€"])) {
            try SpeechCatalog.make(characters: ["A", "€"])
        }
    }

    @Test func noKeySaysTwoDifferentTexts() throws {
        let chars = try GlyphLibrary.bundled().characters(in: "druck")
        let lines = Phrases.all + LetterSpeech.digraphs + chars.compactMap(LetterSpeech.lines(for:)).flatMap { [$0.name] + ($0.sound.map { [$0] } ?? []) }
        #expect(SpeechCatalog.conflictingKeys(in: lines) == [])
        #expect(SpeechCatalog.conflictingKeys(in: [Phrases.observe, Utterance(key: Phrases.observe.key, text: "Schau!")]) == [Phrases.observe.key])
    }

    @Test func keysAreSafeFileNames() throws {
        let catalog = try SpeechCatalog.make(characters: GlyphLibrary.bundled().characters(in: "druck"))
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        for line in catalog.lines {
            #expect(line.key.unicodeScalars.allSatisfy(allowed.contains), "\(line.key) cannot name a clip file")
        }
    }
}
