import Foundation

/// Everything Feder can say that is known before a lesson starts: the single list the offline
/// voice (scripts/voice) renders to clips and the clip check compares against.
public struct SpeechCatalog: Sendable, Equatable, Codable {
    /// Every line once, by key.
    public var lines: [Utterance]
    /// For each glyph character of the script: the keys of its name and sound lines.
    public var letters: [String: LetterKeys]

    public struct LetterKeys: Sendable, Equatable, Codable {
        public var name: String
        public var sound: String?
    }

    /// A character of the script has no row in `LetterSpeech`.
    public struct MissingLetter: Error, Equatable, CustomStringConvertible {
        public var chars: [String]
        public var description: String { "no letter name or sound for: \(chars.joined(separator: " "))" }
    }

    /// The catalogue for the given glyph characters: `Phrases.all`, `AppPhrases.all`, the digraph sounds, and the
    /// name and sound of every character. Lines with the same key must say the same text.
    public static func make(characters: [String]) throws(MissingLetter) -> SpeechCatalog {
        var lines = Phrases.all + AppPhrases.all + LetterSpeech.digraphs
        var letters: [String: LetterKeys] = [:]
        var missing: [String] = []
        for char in characters {
            guard let speech = LetterSpeech.lines(for: char) else { missing.append(char); continue }
            lines.append(speech.name)
            if let sound = speech.sound { lines.append(sound) }
            letters[char] = LetterKeys(name: speech.name.key, sound: speech.sound?.key)
        }
        guard missing.isEmpty else { throw MissingLetter(chars: missing) }
        var seen = Set<String>()
        lines = lines.filter { seen.insert($0.key).inserted }
        return SpeechCatalog(lines: lines, letters: letters)
    }

    /// Keys that appear twice with different texts (a clip can only say one of them).
    public static func conflictingKeys(in lines: [Utterance]) -> [String] {
        var texts: [String: String] = [:]
        var conflicts: Set<String> = []
        for line in lines {
            if let text = texts[line.key], text != line.text { conflicts.insert(line.key) }
            texts[line.key] = line.text
        }
        return conflicts.sorted()
    }
}
