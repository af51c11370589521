import ArgumentParser
import FederCore
import Foundation

/// `--weights FILE`: another weights file than the bundled one, to measure a recognizer trained
/// without the writers being read (docs/RECOGNITION.md, "Measuring it on other handwriting").
struct RecognizerWeights: ParsableArguments {
    @Option(name: .customLong("weights"),
            help: "A recognizer weights file (.fdrw) to read with instead of the bundled one.")
    var path: String?

    func recognizer() throws -> LetterRecognizer {
        guard let path else { return try LetterRecognizer.bundled() }
        do {
            return try LetterRecognizer(weightsAt: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("--weights \(path): \(error)")
        }
    }
}
