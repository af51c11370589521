import Foundation

extension Phrases {
    /// Every fixed line in `Phrases`, in the order a reader of that file meets them. The clip
    /// pipeline renders exactly these (plus the letter lines of `LetterSpeech`), so a new line
    /// belongs here too; `SpeechCatalogTests` fails for any `Utterance(key:text:)` in the sources
    /// that is missing from this list.
    public static let all: [Utterance] = [
        observe, direct, guided, freeWrite,
        nextDot, tapADot,
        startTop, startBottom, startDot, reversed, reversedFree, strokeOrder, firstCurve, firstDown, firstAcross, firstSlant, missingStroke, missingDot, notCovered,
        leftCorridor, leftCorridorFree, cornerCut, overshoot, overshootFree, tooBig, tooSmall, offLines, extraStroke, wrongDot,
        joinMissing, joinHigher, joinLower, joinLiftedLast, mirrored, joinedStrokes,
    ] + praise.flatMap { $0 } + [letterDone]
}
