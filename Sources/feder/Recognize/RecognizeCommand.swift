import ArgumentParser
import FederCore
import Foundation

/// `feder recognize FILE.ndjson[.gz]`: one JSON line in (`{"strokes": …}`), one JSON line out.
struct RecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognise handwritten letters (or words) from ink, one JSON object per line.",
        discussion: """
            Each input line is {"strokes": [[[x, y, …], …], …]} (any units, y down; extra numbers per point \
            and extra fields are ignored; "expected": "a" adds the verification). Each output line is \
            {"label", "confidence", "top": [[label, p], …]} and, with --words, {"word", "confidence", "letters"}. \
            A line that cannot be read gives {"error": …} and the rest go on.

            With --summary the lines carry their true "label" (as UNIPEN's do) and one JSON object is \
            printed at the end instead: letters top-1 (exact and case-merged, all classes and letters \
            only), digits top-1, and verification as a lesson does it (ROC AUC; right letters rejected and \
            other letters accepted at the children's threshold). docs/RECOGNITION.md explains each figure.
            """
    )

    @Argument(help: "Input file (.ndjson, or .ndjson.gz); '-' reads standard input.")
    var file: String

    @Flag(help: "Each line is a written word: segment it into letters and recognise each.")
    var words = false

    @Option(help: "x-height of the ruling in ink units (word mode), to tell capitals from small letters by size.")
    var xHeight: Double?

    @Flag(help: "Answer with letters only (no digits).")
    var lettersOnly = false

    @Flag(help: "Lines carry their true \"label\": print the accuracy and verification figures instead of each answer.")
    var summary = false

    @OptionGroup var weights: RecognizerWeights

    func validate() throws {
        if summary && words { throw ValidationError("--summary scores single letters; it does not combine with --words") }
        if summary && lettersOnly { throw ValidationError("--summary reports both readings; leave out --letters-only") }
    }

    func run() throws {
        let recognizer = try weights.recognizer()
        let data = try InputReader.read(file)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let letters = Set(recognizer.labels.filter { $0.first?.isLetter ?? false })
        let out = FileHandle.standardOutput
        if summary {
            var scorecard = RecognitionScorecard(labels: recognizer.labels)
            for line in data.split(separator: UInt8(ascii: "\n")) where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
                guard let input = try? decoder.decode(Input.self, from: Data(line)), let label = input.label,
                      let r = try? recognizer.recognize(input.points) else {
                    scorecard.skip()
                    continue
                }
                scorecard.add(r, label: label)
            }
            encoder.outputFormatting.insert(.prettyPrinted)
            out.write(try encoder.encode(scorecard.summary()))
            out.write(Data("\n".utf8))
            return
        }
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
            let reply: any Encodable
            do {
                let input = try decoder.decode(Input.self, from: Data(line))
                let strokes = input.points
                if words {
                    let w = try WordRecognizer(letters: recognizer).recognize(strokes: strokes, xHeight: xHeight)
                    reply = WordLine(word: w.word, confidence: rounded(w.confidence),
                                     letters: w.letters.map { .init(label: $0.label, confidence: rounded($0.confidence), strokes: $0.strokeIndices) })
                } else {
                    let r = try recognizer.recognize(strokes, restrictedTo: lettersOnly ? letters : nil)
                    reply = LetterLine(label: r.label, confidence: rounded(r.confidence),
                                       top: r.top.map { [AnyCodable.string($0.label), .number(rounded($0.probability))] },
                                       expected: input.expected.map { r.verify(expected: $0) }.map {
                                           .init(letter: $0.expected, probability: rounded($0.probability), isExpected: $0.isExpected)
                                       })
                }
            } catch let error as RecognitionError {
                reply = ErrorLine(error: String(describing: error))
            } catch {
                reply = ErrorLine(error: "not a {\"strokes\": …} line")
            }
            out.write(try encoder.encode(reply))
            out.write(Data("\n".utf8))
        }
    }

    private struct Input: Decodable {
        // A time or pressure may be null (as ink files allow); only x and y are read.
        var strokes: [[[Double?]]]
        var expected: String?
        var label: String?

        var points: [[Point]] {
            strokes.map { $0.compactMap { s in s.count >= 2 ? s[0].flatMap { x in s[1].map { Point(x, $0) } } : nil } }
        }
    }

    private struct LetterLine: Encodable {
        var label: String
        var confidence: Double
        var top: [[AnyCodable]]
        var expected: Expected?
        struct Expected: Encodable { var letter: String; var probability: Double; var isExpected: Bool }
    }

    private struct WordLine: Encodable {
        var word: String
        var confidence: Double
        var letters: [Letter]
        struct Letter: Encodable { var label: String; var confidence: Double; var strokes: [Int] }
    }

    private struct ErrorLine: Encodable { var error: String }
}

/// A label or a probability in the `top` pairs.
enum AnyCodable: Encodable {
    case string(String), number(Double)
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .number(let n): try c.encode(n)
        }
    }
}

private func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

/// Reads a file, a gzip file or standard input.
enum InputReader {
    static func read(_ path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("no such file: \(path)") }
        guard path.hasSuffix(".gz") else { return try Data(contentsOf: URL(fileURLWithPath: path)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("could not decompress \(path)") }
        return data
    }
}
