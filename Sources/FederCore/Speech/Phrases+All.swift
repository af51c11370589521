import Foundation

extension Phrases {
    /// Every fixed line in `Phrases`, in the order a reader of that file meets them. The clip
    /// pipeline renders exactly these (plus the letter lines of `LetterSpeech`), so a new line
    /// belongs here too; `SpeechCatalogTests` fails for any `Utterance(key:text:)` in the sources
    /// that is missing from this list.
    public static let all: [Utterance] = [
        observe, direct, guided, freeWrite, freeWriteReminder,
        nextDot, tapADot,
        startTop, startBottom, startDot, startTopFree, startBottomFree, startMiddleFree, reversed, reversedFree, strokeOrder, strokeOrderFree, firstCurve, firstDown, firstAcross, firstSlant, missingStroke, missingDot, notCovered,
        leftCorridor, leftCorridorFree, cornerCut, overshoot, overshootFree, tooBig, tooSmall, offLines, extraStroke, wrongDot,
        joinMissing, joinHigher, joinLower, joinLiftedLast, mirrored, joinedStrokes, anotherLetter,
    ] + praise.flatMap { $0 } + onward + [letterDone]
}
