import Foundation

/// Something the page says to the child: a stable key (for recorded audio or tests) and its German text.
public struct Utterance: Sendable, Equatable, Hashable, Codable {
    public var key: String
    public var text: String

    public init(key: String, text: String) {
        self.key = key
        self.text = text
    }
}

/// Every sentence the engine has for the child: short, kind, concrete, and never a number.
public enum Phrases {
    // MARK: Phase prompts
    public static let observe = Utterance(key: "prompt.observe", text: "Pass gut auf!")
    public static let direct = Utterance(key: "prompt.direct", text: "Tipp die Punkte der Reihe nach an.")
    public static let guided = Utterance(key: "prompt.guided", text: "Fahr die Linie nach.")
    public static let freeWrite = Utterance(key: "prompt.freeWrite", text: "Und jetzt du alleine.")
    public static let freeWriteReminder = Utterance(key: "prompt.freeWrite.reminder", text: "Schreib den Buchstaben jetzt ganz alleine.")

    // MARK: Direct phase
    public static let nextDot = Utterance(key: "direct.nextDot", text: "Such den nächsten Punkt.")
    public static let tapADot = Utterance(key: "direct.tapADot", text: "Tipp auf einen Punkt.")

    // MARK: Tips, one per error
    public static let mirrored = Utterance(key: "tip.mirrored", text: "Schau, in welche Richtung der Buchstabe schaut.")
    public static let startTop = Utterance(key: "tip.wrongStart.top", text: "Fang oben beim Punkt an.")
    public static let startBottom = Utterance(key: "tip.wrongStart.bottom", text: "Fang unten beim Punkt an.")
    public static let startDot = Utterance(key: "tip.wrongStart", text: "Fang beim Punkt an.")
    public static let reversed = Utterance(key: "tip.reversed", text: "Andersrum! Schau auf den Pfeil.")
    // Writing alone the page shows only the ruled lines: no arrow to look at, and "die Linie" would be
    // taken for a ruled line. These say the same of the stroke itself.
    public static let reversedFree = Utterance(key: "tip.reversed.free", text: "Andersrum! Schreib in die andere Richtung.")
    public static let strokeOrder = Utterance(key: "tip.strokeOrder", text: "Schau, welcher Strich zuerst kommt.")
    // Writing alone there is no dot to start at and no model to look at: these name the place and
    // ask the child to remember.
    public static let startTopFree = Utterance(key: "tip.wrongStart.top.free", text: "Fang oben an.")
    public static let startBottomFree = Utterance(key: "tip.wrongStart.bottom.free", text: "Fang unten an.")
    public static let startMiddleFree = Utterance(key: "tip.wrongStart.middle.free", text: "Fang in der Mitte an.")
    public static let strokeOrderFree = Utterance(key: "tip.strokeOrder.free", text: "Denk dran, welcher Strich zuerst kommt.")
    // The order tip when the letter's first stroke came too late: it names that stroke.
    public static let firstCurve = Utterance(key: "tip.strokeOrder.curve", text: "Schreib zuerst den Bogen.")
    public static let firstDown = Utterance(key: "tip.strokeOrder.down", text: "Schreib zuerst den Strich nach unten.")
    public static let firstAcross = Utterance(key: "tip.strokeOrder.across", text: "Schreib zuerst den Querstrich.")
    public static let firstSlant = Utterance(key: "tip.strokeOrder.slant", text: "Schreib zuerst den schrägen Strich.")
    // Many children write with a finger (onboarding asks): the tips say "abheben", not "den Stift".
    public static let joinedStrokes = Utterance(key: "tip.joinedStrokes", text: "Heb kurz ab, bevor der nächste Strich kommt.")
    public static let missingStroke = Utterance(key: "tip.missingStroke", text: "Da fehlt noch ein Strich.")
    public static let missingDot = Utterance(key: "tip.missingDot", text: "Da fehlt noch der Punkt.")
    public static let notCovered = Utterance(key: "tip.notCovered", text: "Da fehlt noch ein Stück.")
    public static let leftCorridor = Utterance(key: "tip.leftCorridor", text: "Bleib auf der Linie.")
    public static let leftCorridorFree = Utterance(key: "tip.leftCorridor.free", text: "Schau genau, wie der Strich geht.")
    public static let cornerCut = Utterance(key: "tip.cornerCut", text: "Fahr ganz bis in die Ecke.")
    public static let overshoot = Utterance(key: "tip.overshoot", text: "Hör am Ende der Linie auf.")
    public static let overshootFree = Utterance(key: "tip.overshoot.free", text: "Hör am Ende des Strichs auf.")
    public static let tooBig = Utterance(key: "tip.tooBig", text: "Schreib ein bisschen kleiner.")
    public static let tooSmall = Utterance(key: "tip.tooSmall", text: "Schreib ein bisschen größer.")
    public static let offLines = Utterance(key: "tip.offLines", text: "Stell den Buchstaben auf die Linie.")
    public static let extraStroke = Utterance(key: "tip.extraStroke", text: "Schreib nur den Buchstaben.")
    public static let wrongDot = Utterance(key: "tip.wrongDot", text: "Schau, welcher Punkt zuerst kommt.")
    // Writing alone, with no model on the page: the child is asked to remember the letter's look.
    public static let anotherLetter = Utterance(key: "tip.anotherLetter", text: "Denk dran, wie der Buchstabe aussieht.")

    // MARK: Tips for joined words (Schulschrift)
    public static let joinMissing = Utterance(key: "tip.join.missing", text: "Heb nicht ab und verbinde die Buchstaben.")
    public static let joinHigher = Utterance(key: "tip.join.higher", text: "Verbinde oben bei der Mittellinie.")
    public static let joinLower = Utterance(key: "tip.join.lower", text: "Verbinde unten, nah bei der Linie.")
    public static let joinLiftedLast = Utterance(key: "tip.join.liftedLast", text: "Punkte und Striche kommen zum Schluss, wenn das Wort fertig ist.")

    // MARK: Praise, by stars (3 … 0); the server picks a variant so it does not sound the same each time.
    // The 0-star lines ask for another try, so they are said only where one follows (a phase that
    // repeats, the Werkstatt); a lesson that moves on after a starless attempt says `onward` instead.
    // No line for one or more stars says "nochmal": the lesson goes on after those.
    public static let praise: [[Utterance]] = [
        [Utterance(key: "praise.0a", text: "Probier's gleich nochmal."),
         Utterance(key: "praise.0b", text: "Komm, wir üben das nochmal.")],
        [Utterance(key: "praise.1a", text: "Schon ganz gut!"),
         Utterance(key: "praise.1b", text: "Das wird schon!")],
        [Utterance(key: "praise.2a", text: "Gut gemacht!"),
         Utterance(key: "praise.2b", text: "Schön geschrieben!")],
        [Utterance(key: "praise.3a", text: "Super gemacht!"),
         Utterance(key: "praise.3b", text: "Wunderschön!")],
    ]

    /// After an attempt without a star when the lesson goes on anyway (its one repeat is used up):
    /// kind, and true — the letter comes back soon (the scheduler sees the stars).
    public static let onward: [Utterance] = [
        Utterance(key: "praise.onward.a", text: "Das üben wir bald wieder."),
        Utterance(key: "praise.onward.b", text: "Macht nichts, das kommt bald wieder."),
    ]

    public static let letterDone = Utterance(key: "letter.done", text: "Geschafft!")

    /// Praise for a number of stars; `variation` picks among the variants. `another` says whether
    /// another try follows; it matters only without a star (`praise` row 0 or `onward`).
    public static func praise(stars: Int, variation: Int = 0, another: Bool = true) -> Utterance {
        let options = stars <= 0 && !another ? onward : praise[min(max(stars, 0), 3)]
        return options[((variation % options.count) + options.count) % options.count]
    }
}
