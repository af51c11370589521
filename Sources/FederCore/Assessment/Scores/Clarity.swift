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
        let strokes = withoutStrayTouches(ink.points.filter { !$0.isEmpty })
        // Schule knows the kind of character expected: a letter is read among letters, a digit among digits.
        let isDigit = expected.first?.isNumber ?? false
        let allowed = Set(recognizer.labels.filter { ($0.first?.isNumber ?? false) == isDigit })
        guard let reading = try? recognizer.recognize(strokes, restrictedTo: allowed) else { return nil }
        let verification = reading.verify(expected: expected)
        return Clarity(expected: expected, probability: verification.probability, isExpected: verification.isExpected,
                       recognized: reading.label, confidence: reading.confidence, top: reading.top)
    }

    /// The strokes without the touches that lie on the letter's body (within the box of its lines,
    /// widened by a touch): a tap inside the letter or a bounce at a stroke's end. The assessment
    /// makes such a touch nobody's stroke (`StrokeMatcher`); the recognizer, which has no such rule,
    /// read it as part of the letter, moving Klarheit and at times the stars of a right letter. A
    /// touch outside the body stays: an i's dot and an umlaut's dots sit above the letter, and they
    /// tell an i from an l and an ä from an a.
    static func withoutStrayTouches(_ strokes: [[Point]]) -> [[Point]] {
        guard let box = Polyline.bounds(strokes) else { return strokes }
        let touch = touchShare * max(box.width, box.height)
        let isTouch = strokes.map { Polyline.length($0) < touch }
        guard let body = Polyline.bounds(zip(strokes, isTouch).filter { !$0.1 }.map(\.0)) else { return strokes }
        func onBody(_ p: Point) -> Bool {
            p.x >= body.minX - touch && p.x <= body.maxX + touch && p.y >= body.minY - touch && p.y <= body.maxY + touch
        }
        return zip(strokes, isTouch).filter { stroke, small in !small || !stroke.allSatisfy(onBody) }.map(\.0)
    }
}
