import Foundation

/// What the app says around the lessons: choosing who writes, the worlds, onboarding, the daily
/// round, Werkstatt. Short, spoken, never a number.
public enum AppPhrases {
    // MARK: Who is writing
    public static let whoIsWriting = Utterance(key: "app.whoIsWriting", text: "Wer schreibt heute?")
    public static let pickAnimal = Utterance(key: "app.pickAnimal", text: "Such dir ein Tier aus.")
    public static let pickColour = Utterance(key: "app.pickColour", text: "Welche Farbe magst du?")
    public static let hello = Utterance(key: "app.hello", text: "Hallo! Schön, dass du da bist.")

    // MARK: Home and the three worlds
    public static let home = Utterance(key: "app.home", text: "Wohin möchtest du?")
    public static let schule = Utterance(key: "world.schule", text: "Schule")
    public static let werkstatt = Utterance(key: "world.werkstatt", text: "Werkstatt")
    public static let fortschritte = Utterance(key: "world.fortschritte", text: "Fortschritte")

    // MARK: Onboarding
    public static let askPointer = Utterance(key: "onboarding.pointer", text: "Schreibst du mit dem Stift oder mit dem Finger?")
    public static let askHand = Utterance(key: "onboarding.hand", text: "Mit welcher Hand schreibst du?")
    public static let warmupLine = Utterance(key: "onboarding.line", text: "Zieh eine Linie von oben nach unten.")
    public static let warmupCircle = Utterance(key: "onboarding.circle", text: "Und jetzt einen Kreis, wie ein Ball.")
    public static let onboardingDone = Utterance(key: "onboarding.done", text: "Super! Jetzt kann es losgehen.")
    /// The demo of the four phases (the page says these: js/screens/phase-demo.js).
    public static let demoObserve = Utterance(key: "onboarding.demo.observe", text: "So lernst du einen Buchstaben. Zuerst schaust du zu.")
    public static let demoDirect = Utterance(key: "onboarding.demo.direct", text: "Dann tippst du die Punkte der Reihe nach an.")
    public static let demoGuided = Utterance(key: "onboarding.demo.guided", text: "Dann fährst du den Buchstaben nach.")
    public static let demoFreeWrite = Utterance(key: "onboarding.demo.freeWrite", text: "Zum Schluss schreibst du ihn ganz allein.")

    // MARK: The daily round
    public static let roundDone = Utterance(key: "round.done", text: "Für heute geschafft! Du darfst noch weiter üben, wenn du magst.")
    public static let sticker = Utterance(key: "round.sticker", text: "Du hast ein neues Pickerl bekommen!")

    // MARK: Paper transfer (the page says these: js/paper-transfer.js)
    public static let paperWrite = Utterance(key: "paper.write", text: "Schreib den Buchstaben jetzt auch auf dein Blatt.")
    public static let paperRate = Utterance(key: "paper.rate", text: "Wie ist er geworden? Tipp auf ein Gesicht.")
    public static let paperThanks = Utterance(key: "paper.thanks", text: "Danke!")

    // MARK: Fortschritte
    public static let progress = Utterance(key: "progress.intro", text: "Schau, was du schon alles kannst!")

    // MARK: Werkstatt
    public static let writeCapital = Utterance(key: "werkstatt.writeCapital", text: "Schreib ein großes")
    public static let writeSmall = Utterance(key: "werkstatt.writeSmall", text: "Schreib ein kleines")
    /// Before a name that needs no "großes"/"kleines": "Schreib ein" + "Scharfes S" (ß has no capital
    /// in the taught alphabet).
    public static let writeLetter = Utterance(key: "werkstatt.writeLetter", text: "Schreib ein")
    public static let writePicture = Utterance(key: "werkstatt.writePicture", text: "Schreib den ersten Buchstaben von dem Bild.")
    public static let writeWord = Utterance(key: "werkstatt.writeWord", text: "Schreib das Wort.")
    public static let writeFree = Utterance(key: "werkstatt.free", text: "Schreib, was du magst. Ich lese es dir vor.")
    public static let iRead = Utterance(key: "werkstatt.iRead", text: "Ich lese:")
    // Before a letter's name, what was read says capital or small: a child asked for a capital M
    // who wrote a small one must not hear "Ich lese: Emm" as if it had written what was asked.
    public static let iReadCapital = Utterance(key: "werkstatt.iRead.capital", text: "Ich lese ein großes")
    public static let iReadSmall = Utterance(key: "werkstatt.iRead.small", text: "Ich lese ein kleines")
    public static let iReadLetter = Utterance(key: "werkstatt.iRead.letter", text: "Ich lese ein")
    /// Every line that begins saying what was read.
    public static let iReadLines: Set<Utterance> = [iRead, iReadCapital, iReadSmall, iReadLetter]
    public static let cannotRead = Utterance(key: "werkstatt.cannotRead", text: "Das kann ich noch nicht lesen. Probier es nochmal!")
    public static let wellRead = Utterance(key: "werkstatt.wellRead", text: "Das kann ich gut lesen!")
    public static let notThatOne = Utterance(key: "werkstatt.notThatOne", text: "Hm, das sieht anders aus. Schau nochmal genau.")

    /// Every fixed line above, for the voice catalogue.
    public static let all: [Utterance] = [
        whoIsWriting, pickAnimal, pickColour, hello, home, schule, werkstatt, fortschritte,
        askPointer, askHand, warmupLine, warmupCircle, demoObserve, demoDirect, demoGuided, demoFreeWrite, onboardingDone, roundDone, sticker, paperWrite, paperRate, paperThanks, progress,
        writeCapital, writeSmall, writeLetter, writePicture, writeWord, writeFree, iRead, iReadCapital, iReadSmall, iReadLetter,
        cannotRead, wellRead, notThatOne,
    ] + Animal.allCases.map(\.spokenName) + WerkstattWords.all.map(\.spoken)
}

/// Letter names as Werkstatt says them ("Emm", "Be"): the names of `LetterSpeech`, shared by capital
/// and small letters (Werkstatt says "großes"/"kleines" before it).
public enum LetterNames {
    /// The spoken name of a letter (nil for characters without one).
    public static func name(of char: String) -> Utterance? {
        LetterSpeech.lines(for: char)?.name
    }
}

/// Werkstatt's picture prompts: a picture the child can name, the letter (or word) to write.
public struct WerkstattWord: Sendable, Equatable, Codable {
    /// The picture's id (the page draws it).
    public var picture: String
    /// What to write: one letter for a first-letter prompt, a word for a word prompt.
    public var target: String
    /// The word as said.
    public var spoken: Utterance
}

public enum WerkstattWords {
    /// First-letter pictures (capital letter expected: nouns start with one in German).
    public static let pictures: [WerkstattWord] = [
        .init(picture: "maus", target: "M", spoken: Utterance(key: "word.Maus", text: "Maus")),
        .init(picture: "apfel", target: "A", spoken: Utterance(key: "word.Apfel", text: "Apfel")),
        .init(picture: "sonne", target: "S", spoken: Utterance(key: "word.Sonne", text: "Sonne")),
        .init(picture: "haus", target: "H", spoken: Utterance(key: "word.Haus", text: "Haus")),
        // A word whose first sound is the letter's sound: "Ei" begins with the sound of ei, not of E.
        .init(picture: "elefant", target: "E", spoken: Utterance(key: "word.Elefant", text: "Elefant")),
        .init(picture: "ball", target: "B", spoken: Utterance(key: "word.Ball", text: "Ball")),
        .init(picture: "uhr", target: "U", spoken: Utterance(key: "word.Uhr", text: "Uhr")),
        .init(picture: "tor", target: "T", spoken: Utterance(key: "word.Tor", text: "Tor")),
    ]

    /// Short words to write whole, each with its picture. The page prefers those whose letters the
    /// child has open, and offers all of them while none fits (docs/LEARNING.md, Werkstatt).
    public static let words: [WerkstattWord] = [
        .init(picture: "oma", target: "Oma", spoken: Utterance(key: "word.Oma", text: "Oma")),
        .init(picture: "mama", target: "Mama", spoken: Utterance(key: "word.Mama", text: "Mama")),
        .init(picture: "auto", target: "Auto", spoken: Utterance(key: "word.Auto", text: "Auto")),
        .init(picture: "igel", target: "Igel", spoken: Utterance(key: "word.Igel", text: "Igel")),
    ]

    public static let all: [WerkstattWord] = pictures + words
}
