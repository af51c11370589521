import ArgumentParser
import FederCore
import Foundation

/// `feder recognize FILE.ndjson[.gz]`: one JSON line in (`{"strokes": …}`), one JSON line out.
struct RecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognise handwritten letters (or words) from ink, one JSON object per line.",
        discussion: """
            Each input line is {"strokes": [[[x, y, …], …], …]} (any units, one for both axes; y down — y up \
            with --y-up or "yAxis": "up" on the line —; extra numbers per point \
            and extra fields are ignored — but a known key spelt in another case ("Label", "yaxis") is refused —, a sample without x and y is refused; "expected": "a" adds the verification). Each output line is \
            {"line", "label", "confidence", "top": [[label, p], …]} and, with --words, {"line", "word", \
            "confidence", "letters"}; "line" is the input line's number (from 1). A line that cannot be \
            read gives {"line", "error"} and the rest go on. Input may be gzip-compressed (told by its bytes).

            With --summary the lines carry their true "label" (as UNIPEN's do) and one JSON object is \
            printed at the end instead: letters top-1 (exact and case-merged, all classes and letters \
            only), digits top-1, and verification as a lesson does it (ROC AUC; right letters rejected and \
            other letters accepted at the children's threshold). docs/RECOGNITION.md explains each figure. \
            A label may be a string or, for a digit, a number. Skipped lines are counted by reason on \
            standard error; when no line could be scored the command fails. When the first 60 letters \
            read as their labels far more often turned upside down, standard error says so (y up?); the \
            figures stay those of the ink as given.
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

    @Flag(name: .customLong("y-up"), help: "y grows upwards in the ink, unless a line says \"yAxis\" itself.")
    var yUp = false

    @OptionGroup var weights: RecognizerWeights

    func validate() throws {
        if summary && words { throw ValidationError("--summary scores single letters; it does not combine with --words") }
        if summary && lettersOnly { throw ValidationError("--summary reports both readings; leave out --letters-only") }
        if let xHeight, !(xHeight.isFinite && xHeight > 0) { throw ValidationError("--x-height must be a positive number of ink units") }
        if words && lettersOnly { throw ValidationError("--words reads letters only already; leave out --letters-only") }
        if xHeight != nil && !words { throw ValidationError("--x-height tells capitals from small letters in a word; give --words too, or leave it out") }
    }

    func run() throws {
        let recognizer = try weights.recognizer()
        let data = try InputReader.read(file)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let letters = Set(recognizer.labels.filter { $0.first?.isLetter ?? false })
        let out = FileHandle.standardOutput
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.allSatisfy(Self.isBlank) }
        if summary {
            var scorecard = RecognitionScorecard(labels: recognizer.labels)
            var skipped: [String: Int] = [:]
            var upsideDown = UpsideDownCheck()
            for (_, line) in lines {
                let reason: String
                let decoded = Result { try decoder.decode(Input.self, from: Data(line)) }
                if case .failure(let misspelt as MisspeltKey) = decoded {
                    reason = "a key spelt in other case (\(misspelt.found) for \(misspelt.meant))"
                } else if let input = try? decoded.get() {
                    if let label = input.label?.text {
                        if !recognizer.labels.contains(label) {
                            reason = "a label the reader does not have"
                        } else if (try? input.points(yUp: yUp)) == nil {
                            reason = "a sample without x and y"
                        } else if let points = try? input.points(yUp: yUp), let r = try? recognizer.recognize(points) {
                            scorecard.add(r, label: label)
                            if upsideDown.wantsMore {
                                upsideDown.add(label: label, strokes: points, reading: r, ownAxis: input.yAxis != nil, recognizer: recognizer)
                            }
                            continue
                        } else {
                            reason = "ink that cannot be read"
                        }
                    } else {
                        reason = "no \"label\""
                    }
                } else if InkFile.numberTooLarge(in: Data(line)) != nil {
                    reason = "a number too large to read"
                } else {
                    reason = "not a JSON object with \"strokes\""
                }
                scorecard.skip()
                skipped[reason, default: 0] += 1
            }
            encoder.outputFormatting.insert(.prettyPrinted)
            let summary = scorecard.summary()
            if !skipped.isEmpty {
                // Most first, ties by name: the same input says the same thing every time.
                let reasons = skipped.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                FileHandle.standardError.write(Data("feder recognize: \(summary.skipped) lines skipped: \(reasons)\n".utf8))
            }
            if let warning = upsideDown.warning(command: "feder recognize", toldYUp: yUp) {
                FileHandle.standardError.write(Data((warning + "\n").utf8))
            }
            // Without a scored line there are no figures: the command fails instead of printing empty ones.
            if summary.letters.samples + summary.digits.samples == 0 { throw Failure("no line could be scored") }
            out.write(try encoder.encode(summary))
            out.write(Data("\n".utf8))
            return
        }
        for (index, line) in lines {
            let number = index + 1
            let reply: any Encodable
            do {
                let input = try decoder.decode(Input.self, from: Data(line))
                let strokes = try input.points(yUp: yUp)
                if !words, let expected = input.expected?.text, !recognizer.labels.contains(expected),
                   LetterRecognition.acceptedForms(for: expected).allSatisfy({ !recognizer.labels.contains($0) }) {
                    throw LineError("\"expected\": \"\(expected.prefix(16))\" is no character the reader knows")
                }
                if words {
                    let w = try WordRecognizer(letters: recognizer).recognize(strokes: strokes, xHeight: xHeight)
                    reply = WordLine(line: number, word: w.word, confidence: rounded(w.confidence),
                                     letters: w.letters.map { .init(label: $0.label, confidence: rounded($0.confidence), strokes: $0.strokeIndices) })
                } else {
                    let r = try recognizer.recognize(strokes, restrictedTo: lettersOnly ? letters : nil)
                    reply = LetterLine(line: number, label: r.label, confidence: rounded(r.confidence),
                                       top: r.top.map { [AnyCodable.string($0.label), .number(rounded($0.probability))] },
                                       expected: input.expected.map { r.verify(expected: $0.text) }.map {
                                           .init(letter: $0.expected, probability: rounded($0.probability), isExpected: $0.isExpected)
                                       })
                }
            } catch let error as RecognitionError {
                reply = ErrorLine(line: number, error: String(describing: error))
            } catch let error as LineError {
                reply = ErrorLine(line: number, error: error.message)
            } catch let error as MisspeltKey {
                reply = ErrorLine(line: number, error: error.description)
            } catch {
                let message = InkFile.numberTooLarge(in: Data(line)).map { "the number \($0) is too large: x and y must be finite numbers" }
                reply = ErrorLine(line: number, error: message ?? "not a {\"strokes\": …} line")
            }
            out.write(try encoder.encode(reply))
            out.write(Data("\n".utf8))
        }
    }

    /// Blank: nothing but spaces, tabs and a carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0D || byte == 0x09 }

    private struct Input: Decodable {
        // Samples as ink files give them (arrays or objects; a time or pressure may be null); only x and y are read.
        var strokes: [[FileSample]]
        var expected: InkLabel?
        var label: InkLabel?
        var yAxis: InkFile.YAxis?

        enum CodingKeys: String, CodingKey, CaseIterable { case strokes, expected, label, yAxis }

        init(from decoder: any Decoder) throws {
            try MisspeltKey.check(decoder, known: CodingKeys.allCases.map(\.rawValue))
            let c = try decoder.container(keyedBy: CodingKeys.self)
            strokes = try c.decode([[FileSample]].self, forKey: .strokes)
            expected = try c.decodeIfPresent(InkLabel.self, forKey: .expected)
            label = try c.decodeIfPresent(InkLabel.self, forKey: .label)
            yAxis = try c.decodeIfPresent(InkFile.YAxis.self, forKey: .yAxis)
        }

        /// The ink with y down (`yUp`: the command's default for lines that do not say). A sample
        /// without x and y is refused, naming it (until 2026-11-29 it was left out unsaid, and a line
        /// of such samples was read as a letter).
        func points(yUp: Bool) throws(LineError) -> [[Point]] {
            let sign = (yAxis.map { $0 == .up } ?? yUp) ? -1.0 : 1.0
            var out: [[Point]] = []
            for (k, stroke) in strokes.enumerated() {
                var points: [Point] = []
                for (i, sample) in stroke.enumerated() {
                    guard sample.values.count >= 2, let x = sample.values[0], let y = sample.values[1] else {
                        throw LineError("stroke \(k + 1), sample \(i + 1): a sample needs x and y (numbers)")
                    }
                    points.append(Point(x, sign * y))
                }
                out.append(points)
            }
            return out
        }
    }

    private struct LetterLine: Encodable {
        var line: Int
        var label: String
        var confidence: Double
        var top: [[AnyCodable]]
        var expected: Expected?
        struct Expected: Encodable { var letter: String; var probability: Double; var isExpected: Bool }
    }

    private struct WordLine: Encodable {
        var line: Int
        var word: String
        var confidence: Double
        var letters: [Letter]
        struct Letter: Encodable { var label: String; var confidence: Double; var strokes: [Int] }
    }

    private struct ErrorLine: Encodable { var line: Int; var error: String }

    /// A line that is JSON with strokes but cannot be answered as it stands.
    struct LineError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

/// A label (true or expected) in a line of labelled ink: text, or a digit written as a number
/// (`"label": 7`), as converted data often has. `feder recognize` and `feder eval templates` read it alike.
struct InkLabel: Decodable {
    var text: String
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) { text = s; return }
        let n = try c.decode(Int.self)
        guard (0...9).contains(n) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a numeric label is a digit 0…9")
        }
        text = String(n)
    }
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
