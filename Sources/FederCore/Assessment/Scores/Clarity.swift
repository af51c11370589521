import Foundation

/// Klarheit: how clearly the written letter is the expected one — the recognizer's calibrated
/// probability that the ink shows the expected letter (shape twins such as o/O count), with what it
/// read instead. For parents and research; never shown to the child as a number.
public struct Clarity: Sendable, Equatable, Codable {
    public var expected: String
    /// Calibrated probability that the ink is the expected letter, 0…1.
    public var probability: Double
    public var isExpected: Bool
    /// The recognizer's best reading and its confidence.
    public var recognized: String
    public var confidence: Double
    public var top: [LabelProbability]

    /// A stroke shorter than this share of the ink's larger side is a touch: the pen set down and
    /// lifted, or bounced.
    static let touchShare = 0.05

    /// Judges ink against the expected character; nil when the ink cannot be read at all.
    public static func judge(_ ink: Ink, expected: String, recognizer: LetterRecognizer) -> Clarity? {
        let dotted = expected.contains { Self.dottedLetters.contains($0) }
        // A device's spike first: left in, it made the box so large that the letter's own short
        // lines counted as touches and were left out.
        let despiked = InkGlitches.withoutSpikes(ink.points.filter { !$0.isEmpty }, at: { $0 }).strokes
        let strokes = withoutStrayTouches(despiked, dotsUpTo: dotted ? dottedReach : 1)
        // Schule knows the kind of character expected: a letter is read among letters, a digit among digits.
        let isDigit = expected.first?.isNumber ?? false
        let allowed = Set(recognizer.labels.filter { ($0.first?.isNumber ?? false) == isDigit })
        guard let reading = try? recognizer.recognize(strokes, restrictedTo: allowed) else { return nil }
        let verification = reading.verify(expected: expected)
        return Clarity(expected: expected, probability: verification.probability, isExpected: verification.isExpected,
                       recognized: reading.label, confidence: reading.confidence, top: reading.top)
    }

    /// The letters written with dots: for them a touch farther above is still read (`dottedReach`).
    static let dottedLetters: Set<Character> = ["i", "j", "ä", "ö", "ü", "Ä", "Ö", "Ü"]
    /// How high above the body (in body heights) a touch is still read where the expected letter has
    /// dots. Real adult dots lie higher than one body height in 49 of the 278 tiny dots of UNIPEN's i
    /// and j (99 % within 2.35, the highest 2.4): with one height the recognizer read those as
    /// letters without a dot (until 2026-11-29). Where the expected letter has none, one height: a
    /// tap far above an l is no reason to read it as an i.
    static let dottedReach = 3.0

    /// The strokes without the touches that are no dot: a tap inside the letter, a bounce at a
    /// stroke's end, a tap beside or below it. The assessment makes such a touch nobody's stroke
    /// (`StrokeMatcher`); the recognizer, which has no such rule, read it as part of the letter,
    /// moving Klarheit and at times the stars of a right letter. A touch where dots go stays: above
    /// the letter's body (the box of its lines), within `dotsUpTo` body heights, and over it give or
    /// take half a body height for every height up (a child's i-dot is seldom right over the stem).
    /// An i's dot and an umlaut's dots tell an i from an l and an ä from an a.
    static func withoutStrayTouches(_ strokes: [[Point]], dotsUpTo heights: Double = 1) -> [[Point]] {
        func split(touchesBelow length: Double) -> (isTouch: [Bool], body: Rect)? {
            let isTouch = strokes.map { Polyline.length($0) < length }
            return Polyline.bounds(zip(strokes, isTouch).filter { !$0.1 }.map(\.0)).map { (isTouch, $0) }
        }
        // Touches measured against the whole ink first, then against the letter's body alone, so
        // that a tap far away does not make the letter's short lines count as touches.
        guard let all = Polyline.bounds(strokes),
              let first = split(touchesBelow: touchShare * max(all.width, all.height)) else { return strokes }
        let touch = touchShare * max(first.body.width, first.body.height)
        guard let (isTouch, body) = split(touchesBelow: touch) else { return strokes }
        let aside = max(touch, body.height / 2 * heights)
        let dots = Rect(minX: body.minX - aside, minY: body.minY - heights * body.height, maxX: body.maxX + aside, maxY: body.minY + touch)
        func whereDotsGo(_ p: Point) -> Bool {
            p.x >= dots.minX && p.x <= dots.maxX && p.y >= dots.minY && p.y <= dots.maxY
        }
        return zip(strokes, isTouch).filter { stroke, small in !small || stroke.allSatisfy(whereDotsGo) }.map(\.0)
    }
}
