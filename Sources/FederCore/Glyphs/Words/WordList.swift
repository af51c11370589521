import Foundation

/// The first-grade words of a joined script (`Glyphs/<script>/words.txt`, one word a line, `#` starts
/// a comment): what Schule offers once the letters are learnt, and what the lint builds.
public enum WordList {
    /// The bundled list of a script; empty when the script has none.
    public static func bundled(script: String) -> [String] {
        guard let root = Bundle.module.url(forResource: "Glyphs", withExtension: nil) else { return [] }
        return load(from: root.appendingPathComponent(script).appendingPathComponent("words.txt"))
    }

    /// Reads a word list file; a missing file is an empty list.
    public static func load(from url: URL) -> [String] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return parse(text)
    }

    public static func parse(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
