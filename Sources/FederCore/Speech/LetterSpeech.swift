import Foundation

/// How Feder says a character: its name ("Emm") and, for letters, its sound as first-grade
/// teachers say it when they "lautieren" ("Mmm"). Upper- and lowercase share both lines.
///
/// The texts are written for a speech synthesiser, not for reading: continuants are stretched
/// ("Mmm", "Sss", "Fff"), vowels are long ("Aaa"), and stops, which cannot be held, get the
/// shortest murmur vowel a synthesiser will say after them ("Bö", "Tö"). A recorded voice says
/// these best; see scripts/voice/README.md.
public struct LetterSpeech: Sendable, Equatable, Codable {
    /// The character as the glyph library spells it ("M", "m", "Ä", "ß", "3").
    public var char: String
    public var name: Utterance
    /// Nil for digits, which have a name only.
    public var sound: Utterance?

    public init(char: String, name: Utterance, sound: Utterance?) {
        self.char = char
        self.name = name
        self.sound = sound
    }

    /// The lines for one character, or nil when the table has none (a new glyph needs a row below).
    public static func lines(for char: String) -> LetterSpeech? {
        if let digit = digitNames[char] {
            return LetterSpeech(char: char, name: Utterance(key: "digit.name.\(char)", text: digit), sound: nil)
        }
        let base = char.uppercased() == "SS" ? "ß" : char.uppercased()
        guard let row = letters[base] else { return nil }
        return LetterSpeech(char: char,
                            name: Utterance(key: "letter.name.\(row.id)", text: row.name),
                            sound: Utterance(key: "letter.sound.\(row.id)", text: row.sound))
    }

    /// Sounds of letter groups that first grade teaches as one sound (not glyphs of their own).
    public static let digraphs: [Utterance] = [
        Utterance(key: "letter.sound.sch", text: "Schsch"),
        Utterance(key: "letter.sound.ch", text: "Chch"),
        Utterance(key: "letter.sound.ei", text: "Ei"),
        Utterance(key: "letter.sound.au", text: "Au"),
        Utterance(key: "letter.sound.eu", text: "Eu"),
    ]

    /// id (ASCII, for keys and file names), name, sound — by uppercase letter. The names are those
    /// an Austrian classroom uses: J is "Je" and Q "Kwe" (in Germany "Jott" and "Ku").
    private static let letters: [String: (id: String, name: String, sound: String)] = [
        "A": ("a", "A", "Aaa"), "B": ("b", "Be", "Bö"), "C": ("c", "Ze", "Kö"),
        "D": ("d", "De", "Dö"), "E": ("e", "E", "Eee"), "F": ("f", "Eff", "Fff"),
        "G": ("g", "Ge", "Gö"), "H": ("h", "Ha", "Hhh"), "I": ("i", "I", "Iii"),
        "J": ("j", "Je", "Jjj"), "K": ("k", "Ka", "Kö"), "L": ("l", "Ell", "Lll"),
        "M": ("m", "Emm", "Mmm"), "N": ("n", "Enn", "Nnn"), "O": ("o", "O", "Ooo"),
        "P": ("p", "Pe", "Pö"), "Q": ("q", "Kwe", "Kwö"), "R": ("r", "Err", "Rrr"),
        "S": ("s", "Ess", "Sss"), "T": ("t", "Te", "Tö"), "U": ("u", "U", "Uuu"),
        "V": ("v", "Fau", "Fff"), "W": ("w", "We", "Www"), "X": ("x", "Ix", "Ksss"),
        "Y": ("y", "Üpsilon", "Üüü"), "Z": ("z", "Zett", "Zzz"),
        "Ä": ("ae", "Ä", "Äää"), "Ö": ("oe", "Ö", "Ööö"), "Ü": ("ue", "Ü", "Üüü"),
        "ß": ("sz", "Scharfes S", "Sss"),
    ]

    private static let digitNames: [String: String] = [
        "0": "Null", "1": "Eins", "2": "Zwei", "3": "Drei", "4": "Vier",
        "5": "Fünf", "6": "Sechs", "7": "Sieben", "8": "Acht", "9": "Neun",
    ]
}
