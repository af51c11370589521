import Foundation

extension LetterRecognizer {
    /// The recognizer shipped with FederCore (`Resources/Recognizer/letters.fdrw`).
    public static func bundled() throws -> LetterRecognizer {
        guard let url = Bundle.module.url(forResource: "letters", withExtension: "fdrw", subdirectory: "Recognizer") else {
            throw RecognitionError.weightsUnreadable("Recognizer/letters.fdrw is not in the FederCore bundle")
        }
        return try LetterRecognizer(weightsAt: url)
    }
}
