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

    /// Judges ink against the expected character; nil when the ink cannot be read at all.
    public static func judge(_ ink: Ink, expected: String, recognizer: LetterRecognizer) -> Clarity? {
        let strokes = ink.points.filter { !$0.isEmpty }
        // Schule knows the kind of character expected: a letter is read among letters, a digit among digits.
        let isDigit = expected.first?.isNumber ?? false
        let allowed = Set(recognizer.labels.filter { ($0.first?.isNumber ?? false) == isDigit })
        guard let reading = try? recognizer.recognize(strokes, restrictedTo: allowed) else { return nil }
        let verification = reading.verify(expected: expected)
        return Clarity(expected: expected, probability: verification.probability, isExpected: verification.isExpected,
                       recognized: reading.label, confidence: reading.confidence, top: reading.top)
    }
}
