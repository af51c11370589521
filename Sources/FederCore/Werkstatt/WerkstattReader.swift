import Foundation

/// Werkstatt: the child writes on the ruled paper without a model letter; Feder reads what it wrote
/// and answers in words and stars (Klarheit), never with a number. Pure: ink and the recognizer in,
/// the answer out.
public struct WerkstattReader: Sendable {
    public let recognizer: LetterRecognizer
    /// The ruling's x-height in the ink's units (glyph units on the page), for word segmentation.
    public var xHeight: Double?

    public init(recognizer: LetterRecognizer, xHeight: Double? = nil) {
        self.recognizer = recognizer
        self.xHeight = xHeight
    }

    /// What was asked for.
    public enum Target: Sendable, Equatable {
        /// One letter (by voice, or the first letter of a picture).
        case letter(String)
        /// A whole word.
        case word(String)
        /// Anything: Feder says what it read.
        case free
    }

    public struct Answer: Sendable, Equatable, Codable {
        /// What Feder read, left to right ("" when nothing could be read).
        public var read: String
        /// 0…3 for a letter or word that was asked for; nil in free writing.
        public var stars: Int?
        /// Whether the asked-for letter or word was recognised.
        public var matched: Bool?
        /// Klarheit of a single expected letter (research and parents only).
        public var clarity: Clarity?
        /// What to say, in order.
        public var spoken: [Utterance]
    }

    /// Below the bound for the letter asked for, the ink is another letter: no star, and
    /// Feder says what it read. Schule's bounds (`AssessmentConfig.anotherCharacterBound`: a letter's,
    /// or a digit's for a digit asked for), so the two worlds never disagree about whether a letter
    /// is the one asked for.
    public var config = AssessmentConfig.standard
    /// A word's letters are read from the word recognizer's three best readings, not verified one by
    /// one, so a word needs more: each letter at least this probable.
    public static let wordLetterMinimum = 0.5

    /// Stars from Klarheit, the recognizer's calibrated probability that the ink is what was asked
    /// for: three from 0.9, two from 0.7, one from `oneStarFrom`. Whatever counts as asked for earns
    /// at least one star, and "Ich lese:" is said exactly when it earns none (docs/LEARNING.md).
    public static func stars(forProbability p: Double, oneStarFrom: Double) -> Int {
        if p >= 0.9 { return 3 }
        if p >= 0.7 { return 2 }
        return p >= oneStarFrom ? 1 : 0
    }

    public func read(_ ink: Ink, target: Target) -> Answer {
        let strokes = ink.points.filter { !$0.isEmpty }
        switch target {
        case .letter(let expected):
            guard let clarity = Clarity.judge(ink, expected: expected, recognizer: recognizer) else { return unreadable() }
            let stars = Self.stars(forProbability: clarity.probability, oneStarFrom: config.anotherCharacterBound(for: expected))
            let matched = stars > 0
            var spoken = [Phrases.praise(stars: stars, variation: strokes.count)]
            if !matched { spoken += Self.saying(clarity.recognized) }
            return Answer(read: clarity.recognized, stars: stars, matched: matched, clarity: clarity, spoken: spoken)
        case .word(let expected):
            guard let word = try? WordRecognizer(letters: recognizer).recognize(strokes: strokes, xHeight: xHeight),
                  !word.letters.isEmpty else { return unreadable() }
            let letters = Array(expected)
            // Each letter of the word verified against the one asked for at its place.
            let probabilities: [Double] = word.letters.count == letters.count
                ? zip(word.letters, letters).map { recognized, char in
                    let p = recognized.top.first { LetterRecognition.acceptedForms(for: String(char)).contains($0.label) }?.probability ?? 0
                    return p
                }
                : [0]
            let weakest = probabilities.min() ?? 0
            let stars = Self.stars(forProbability: weakest, oneStarFrom: Self.wordLetterMinimum)
            let matched = stars > 0
            var spoken = [Phrases.praise(stars: stars, variation: strokes.count)]
            if !matched { spoken += [AppPhrases.iRead] + spell(word.word) }
            return Answer(read: word.word, stars: stars, matched: matched, clarity: nil, spoken: spoken)
        case .free:
            guard let word = try? WordRecognizer(letters: recognizer).recognize(strokes: strokes, xHeight: xHeight),
                  !word.letters.isEmpty, word.letters.contains(where: { $0.confidence >= 0.3 }) else { return unreadable() }
            // One letter is said as a letter ("Ich lese ein großes A"); a word Feder knows is said as
            // the word, any other spelt. Only whole words count as known: a picture's first letter
            // is no word (an A written freely was read back as "Apfel").
            let spoken: [Utterance]
            if word.letters.count == 1 {
                spoken = Self.saying(word.word)
            } else {
                let known = WerkstattWords.words.first { $0.target.lowercased() == word.word.lowercased() }
                spoken = [AppPhrases.iRead] + (known.map { [$0.spoken] } ?? spell(word.word))
            }
            return Answer(read: word.word, stars: nil, matched: nil, clarity: nil, spoken: spoken)
        }
    }

    /// "Ich lese ein großes Emm." / "… ein kleines Emm." / "… ein Scharfes S." / "Ich lese: Drei."
    static func saying(_ char: String) -> [Utterance] {
        guard let name = LetterNames.name(of: char) else { return [AppPhrases.iRead] }
        if char == "ß" { return [AppPhrases.iReadLetter, name] }
        if char.allSatisfy(\.isNumber) { return [AppPhrases.iRead, name] }
        return [char == char.uppercased() ? AppPhrases.iReadCapital : AppPhrases.iReadSmall, name]
    }

    private func spell(_ text: String) -> [Utterance] {
        text.compactMap { LetterNames.name(of: String($0)) }
    }

    private func unreadable() -> Answer {
        Answer(read: "", stars: 0, matched: false, clarity: nil, spoken: [AppPhrases.cannotRead])
    }
}
