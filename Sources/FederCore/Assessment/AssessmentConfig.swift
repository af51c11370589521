import Foundation

/// Every threshold of the error checks (Checks/) and of Form in one place (score weights, star
/// thresholds, the shape fit's limits and sampling steps are named constants beside their code;
/// docs/ASSESSMENT.md lists where).
/// Distances are in x-heights (the letter-size unit, `Glyph.unit`), times in seconds, speeds in
/// x-heights per second. docs/ASSESSMENT.md explains each.
public struct AssessmentConfig: Sendable, Equatable, Codable {
    // MARK: Shape
    /// Shape distance at which Form (and a stroke's shape) reaches 0; 0 gives 1. Set on real
    /// handwriting (docs/ASSESSMENT.md §9): adults' clearly readable letters lie 0.2–0.6 x-heights
    /// from the school model.
    public var formTolerance = 1.0
    /// Form ignores this share of the ink's length farthest from the letter (landing hooks, a tail).
    public var formInkOutliers = 0.05
    /// Above this direction-free Fréchet distance an ink stroke is not taken for a glyph stroke.
    public var matchLimit = 0.9
    /// A glyph stroke left without its own ink is looked for as a stretch of another ink stroke (two
    /// strokes written without lifting the pen); found when the stretch lies within this leash.
    public var joinLimit = 0.25
    /// … after moving the glyph stroke as a whole by up to this onto the stretch (a slanted stem
    /// inside a one-stroke a is off the upright one at its ends, not in its shape).
    public var joinShift = 0.2
    /// Ink left over after matching (the pen lifted mid-stroke) goes with the stroke it lies along
    /// (within the corridor) with at least this share of its points.
    public var leftoverOnLineShare = 0.7
    /// An extra ink stroke whose points lie along the letter's lines (within the corridor) with at
    /// least this share is the letter written in more pieces, not a stray stroke (`extraStroke`).
    public var extraStrokeOnLetterShare = 0.7

    // MARK: Free writing, before the fit: stray touches (`StrayTouches`)
    /// A stroke at most this share of the rest of the ink's size (box diagonals) is a touch …
    public var strayTouchSize = 0.1
    /// … and left out of the letter when it lies farther than this share of that size from the rest
    /// (unless it is the dot of a letter with a dot).
    public var strayTouchDistance = 0.35
    /// A touch above the letter's body within this share of the body's size (box diagonal) is the
    /// dot of a letter with one. Measured on the 843 i and j of UNIPEN's development file whose dot
    /// is a stroke of its own: median 0.52, 99 % within 1.64, the farthest 2.89.
    public var dotReach = 3.0

    // MARK: Free writing (after the ink is fitted onto the glyph)
    /// Ink farther than this from its line has left the corridor.
    public var corridor = 0.35
    /// A piece of the line counts as written when ink passes within this distance.
    public var coverRadius = 0.25
    /// A stroke that begins farther than this from its start dot started at the wrong place …
    public var startTolerance = 0.35
    /// … when the ink (its own, or a retrace no stroke was found in) also wrote at least this share
    /// of the line before the place it began (`FormationChecks.wroteLineBefore`); otherwise it is a
    /// shorter stroke begun at its beginning.
    public var startLineWrittenShare = 0.5
    /// A line no ink was matched to, of which coverage said nothing, is missing unless ink runs along
    /// it for at least this share of its length (`FormationChecks.unwritten`): a bar another line only
    /// crosses is missing, a stroke joined to another in a way the matcher did not find is written.
    public var writtenAlongShare = 0.5
    /// Ink "runs along" a line within this many degrees of its direction (and inside the cover radius).
    public var alongAngle = 30.0
    /// Ink running on past the end of a stroke by more than this is an overshoot in free writing.
    /// Set on real handwriting (docs/ASSESSMENT.md §9, "Overshoot on real ink"): at the 0.25 of
    /// guided tracing (`overshoot`), where the child sees the line and its end, about a third of
    /// adults' readable letters that earn two or three stars heard "Hör am Ende der Linie auf." for
    /// a closing O, a long bar or a proportion of their own; at 0.35 one in ten.
    public var freeOvershoot = 0.35
    /// Free writing: an uncovered stretch of line (`notCovered`) beside which the stroke's own ink
    /// runs — the ink the alignment pairs with the stretch stays within this distance of the line …
    /// (`InkBesideLine`) — is the letter's own shape (a curve a little wider, a bar a
    /// little higher), which Form judges, not a missing piece. Set on real handwriting
    /// (docs/ASSESSMENT.md §9, "A piece is missing only where no ink runs beside it").
    public var besideRadius = 0.5
    /// … and is at least this share of the stretch's length (a stem stopped short, a 1 without its
    /// flag, a gap: the stretch is paired with one ink point or a jump, and is missing).
    public var besideShare = 0.5
    /// A dot counts as written when ink passes within this distance of it (or the cover radius, if larger).
    public var dotCoverRadius = 0.3
    /// A stroke with less than this share of its line covered is missing, not partly uncovered.
    public var missingStrokeCoverage = 0.2
    /// The wrong-start tip says "oben" for a start in this top share of the letter's height …
    public var startTopShare = 0.3
    /// … and "unten" for one below this share; "beim Punkt" in between.
    public var startBottomShare = 0.7

    // MARK: Both phases
    /// Runs off the corridor (or uncovered) shorter than this are noise, not errors.
    public var minOffRun = 0.15
    /// Uncovered stretches of the line shorter than this are not reported.
    public var minUncovered = 0.3
    /// Half-width of the stretch of line around a corner whose drawn length is compared.
    public var cornerWindow = 0.3
    /// A corner with less line than this on either side (half-width) is not judged.
    public var minCornerWindow = 0.1
    /// A corner is cut when the ink around it is shorter than this fraction of the line …
    public var cornerShortfall = 0.85
    /// … and passes the corner point farther away than this.
    public var cornerMiss = 0.1
    /// Ink running on past the end of a stroke by more than this is an overshoot (guided tracing;
    /// free writing has its own, `freeOvershoot`).
    public var overshoot = 0.25
    /// Going backwards along a line by more than this (and twice as much as forwards) is "reversed".
    public var reversedDistance = 0.3
    /// Free writing: reversed only when the ink read backwards lies within this fraction of its
    /// forward distance from the line.
    public var reversedFitRatio = 0.7

    // MARK: Guided tracing (the live check of each stroke, in tracking radii and near bands)
    /// A traced stroke is reversed when at least this share of its ink lies near the line …
    public var reversedNearShare = 0.6
    /// … and it went backwards more than this many times as far as forwards.
    public var reversedBackwardFactor = 2.0
    /// A fresh stroke that begins more than this many tracking radii from its start dot started wrong.
    public var wrongStartRadii = 2.0
    /// A stroke traced instead of the one it was meant for: it lies within this many near bands of
    /// a later stroke …
    public var laterStrokeBands = 2.0
    /// … and fits it better than its own by this distance ratio.
    public var laterStrokeRatio = 0.6

    // MARK: Joins (Schulschrift words)
    /// Ink between exit and entry whose mean height is this far off the join's is at the wrong height.
    public var joinHeightTolerance = 0.3
    /// Share of an ink stroke's points that must lie on a dot or bar for the stroke to be written for it.
    public var liftedPartShare = 0.7
    /// Share of an ink stroke's points that must lie on the joined part for it to count as its ink.
    public var bodyInkShare = 0.5

    // MARK: Which letter
    /// The letter is mirrored when its mirror image fits the glyph this much better (distance ratio) …
    public var mirrorRatio = 0.7
    /// … and by at least this much (x-heights): symmetric letters (A, H, O) never trigger it …
    public var mirrorMargin = 0.1
    /// … and the mirror image is itself a fair letter (shape distance at most this, x-heights).
    public var mirrorFit = 0.5
    /// With the recognizer: its best reading is the expected letter with at least this probability
    /// (and its mirror image reads no more surely as it), so the letter was not written mirrored.
    public var surelyTheLetter = 0.9
    /// With the recognizer: the ink's mirror image reads as the expected letter with at least this
    /// probability …
    public var mirrorReadsAsTheLetter = 0.7
    /// … and by at least this much more than the ink as written: the letter was written mirrored,
    /// though the shape check did not tell (a 4, an e, an E turned round; set on real handwriting
    /// mirrored, docs/ASSESSMENT.md §4).
    public var mirrorReadsBetterBy = 0.3
    /// Free writing: below this recognizer probability for the expected letter, the ink is taken for
    /// another letter and earns no star (set on real handwriting, docs/ASSESSMENT.md §9). A letter the
    /// recognizer reads as the expected one lies far above it; what falls below is read as another.
    public var anotherLetter = 0.05
    /// … and for a digit, which is read among ten digits, not among 59 letters: a scrawl read as
    /// digits spreads over ten and lands near 0.1 for any of them. Both bounds are about three
    /// times what a blind guess gives (1/59, 1/10). Real digits read as the expected one lie above
    /// 0.4 (docs/ASSESSMENT.md §9, "Scrawls").
    public var anotherDigit = 0.3

    /// The bound below which the recognizer takes the ink for another character than `expected`.
    public func anotherCharacterBound(for expected: String) -> Double {
        expected.first?.isNumber == true ? anotherDigit : anotherLetter
    }

    /// Ink more than this many times as long as the letter's lines is a scrawl, not the letter.
    public var scrawlLength = 3.0

    // MARK: Size and placement (only when the ink sits on known ruling lines)
    /// Letter height / expected height above this: too big.
    public var tooBig = 1.35
    /// … below this: too small.
    public var tooSmall = 0.65
    /// The letter's foot more than this above or below where it belongs: off the lines.
    public var offLines = 0.4
    /// Size is measured by height when the letter is at least this tall for its width, else by width.
    public var sizeByHeightAspect = 0.5

    // MARK: Timing
    /// Speeds below this count as standing still (pauses inside a stroke), x-heights/s.
    public var stillSpeed = 0.05
    /// Standing still shorter than this is part of the movement (a corner), not a pause.
    public var minPause = 0.1
    /// In-air time up to this between two strokes is the normal way to the next start dot.
    public var liftAllowance = 0.5
    /// Guided tracing at or above this mean speed gets the full time score …
    public var brisk = 0.5
    /// … at or below this, none.
    public var sluggish = 0.1

    public init() {}

    public static let standard = AssessmentConfig()
}
