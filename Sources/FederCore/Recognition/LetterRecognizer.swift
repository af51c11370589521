import Foundation

/// Why the recognizer could not give an answer.
public enum RecognitionError: Error, Equatable, Sendable {
    /// The ink has no finite point.
    case emptyInk
    /// All points coincide (a single dot, or one point): there is no shape to recognise.
    case inkHasNoExtent
    /// The weights file could not be read.
    case weightsUnreadable(String)
    /// The weights file is not a valid recognizer model.
    case weightsInvalid(String)
    /// A label that the recognizer does not know (e.g. in `restrictedTo`).
    case unknownLabels([String])
}

/// One label with its calibrated probability.
public struct LabelProbability: Sendable, Codable, Equatable {
    public let label: String
    public let probability: Double

    public init(label: String, probability: Double) {
        self.label = label
        self.probability = probability
    }
}

/// Recognises one isolated handwritten letter or digit (A–Z, a–z, Ä Ö Ü ä ö ü, ß, 0–9) from
/// on-line ink. Pure Swift inference of a small two-branch network (see docs/RECOGNITION.md);
/// probabilities are temperature-calibrated on held-out writers.
public struct LetterRecognizer: Sendable {
    let model: RecognizerModel

    /// The labels the model knows, in its output order.
    public var labels: [String] { model.classes }
    /// Softmax temperature fitted on held-out writers (stored in the weights file).
    public var temperature: Double { model.temperature }
    /// Multiply-accumulates of the network per letter.
    public var multiplyAccumulates: Int { model.macs }

    public init(weightsAt url: URL) throws {
        let data: Data
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw RecognitionError.weightsUnreadable("\(url.path): no such file")
        }
        guard !isFolder.boolValue else { throw RecognitionError.weightsUnreadable("\(url.path) is a folder, not a weights file") }
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RecognitionError.weightsUnreadable("\(url.path): \(error.localizedDescription)")
        }
        try self.init(weightsData: data)
    }

    public init(weightsData: Data) throws {
        model = try RecognizerModel(data: weightsData)
    }

    /// Recognises the ink (strokes of points, y down, any units and any size; timing and pressure
    /// are not needed). Non-finite points are ignored.
    /// - Throws: `RecognitionError.emptyInk` or `.inkHasNoExtent` for ink without a shape.
    public func recognize(_ strokes: [[Point]]) throws -> LetterRecognition {
        try recognize(strokes, restrictedTo: nil)
    }

    /// Recognises the ink among a subset of the labels (e.g. letters only); the probabilities are
    /// renormalised over that subset.
    public func recognize(_ strokes: [[Point]], restrictedTo allowed: Set<String>?) throws -> LetterRecognition {
        let features = try model.preprocessor.features(strokes)
        let logits = model.logits(features)
        var mask: [Bool]? = nil
        if let allowed {
            let unknown = allowed.subtracting(model.classes)
            guard unknown.isEmpty, !allowed.isEmpty else { throw RecognitionError.unknownLabels(unknown.sorted()) }
            mask = model.classes.map { allowed.contains($0) }
        }
        return LetterRecognition(labels: model.classes, probabilities: Self.softmax(logits, temperature: model.temperature, mask: mask))
    }

    /// Softmax in Double with a temperature; masked-out classes get 0.
    static func softmax(_ logits: [Float], temperature: Double, mask: [Bool]? = nil) -> [Double] {
        var m = -Double.infinity
        for (i, z) in logits.enumerated() where mask?[i] ?? true { m = max(m, Double(z) / temperature) }
        var e = [Double](repeating: 0, count: logits.count)
        var sum = 0.0
        for (i, z) in logits.enumerated() where mask?[i] ?? true {
            e[i] = Foundation.exp(Double(z) / temperature - m)
            sum += e[i]
        }
        guard sum > 0, sum.isFinite else {
            // cannot happen with finite weights; answer "no idea" rather than crash
            let n = Double(mask?.filter { $0 }.count ?? logits.count)
            return logits.indices.map { (mask?[$0] ?? true) ? 1 / n : 0 }
        }
        return e.map { $0 / sum }
    }
}

/// The recognizer's answer for one letter.
public struct LetterRecognition: Sendable, Codable, Equatable {
    /// The most probable label.
    public let label: String
    /// Its calibrated probability.
    public let confidence: Double
    /// The three most probable labels, best first.
    public let top: [LabelProbability]
    /// Every label with its probability, in the model's label order.
    public let probabilities: [LabelProbability]

    public init(labels: [String], probabilities p: [Double]) {
        precondition(labels.count == p.count && !labels.isEmpty)
        let all = zip(labels, p).map { LabelProbability(label: $0, probability: $1) }
        let sorted = all.enumerated().sorted { a, b in
            a.element.probability != b.element.probability ? a.element.probability > b.element.probability : a.offset < b.offset
        }.map(\.element)
        probabilities = all
        top = Array(sorted.prefix(3))
        label = sorted[0].label
        confidence = sorted[0].probability
    }

    /// The probability of one label (0 for a label the model does not know).
    public func probability(of label: String) -> Double {
        probabilities.first { $0.label == label }?.probability ?? 0
    }

    /// "Is this the expected letter?" — the calibrated probability that the ink shows `expected`.
    /// Forms that are the same shape in print (c/C, o/O/0, s/S, …, the straight bar I/l/1; see
    /// `LetterRecognition.sameShapes`) count as the expected letter, because isolated ink cannot tell
    /// them apart; letter size is judged against the ruling elsewhere. `isExpected` is
    /// `probability >= threshold`, by default the operating point chosen for children
    /// (`childrenThreshold`: telling a child a right letter is wrong is the worst mistake).
    public func verify(expected: String, threshold: Double = LetterRecognition.childrenThreshold) -> LetterVerification {
        let forms = Self.acceptedForms(for: expected)
        let p = min(1, forms.reduce(0) { $0 + probability(of: $1) })
        return LetterVerification(expected: expected, probability: p, isExpected: p >= threshold,
                                  recognized: label, acceptedForms: forms)
    }

    /// The verification threshold for children, chosen out of fold for v3: it rejects at most 1 in 50
    /// of the letters of writers the model never saw (1.9 % of UNIPEN letters as labelled, with and
    /// without child-like distortions; by eye, nearly all of those are not written as their label) and
    /// accepts about 6 % of other letters. v5 with its prior correction, on the same five folds (adult
    /// ink, development runs): 0.9, 2.2, 1.6, 0.4 and 3.4 % rejected, 1.8 % pooled (one child-like view
    /// of the same letters: 1.9 %); 7.4 % of other letters accepted (child-like 11.8 %) — like v3, it
    /// varies between writers. The shipped v6 (a recurrent network in place of one of v5's) on folds
    /// 0–3, the four measured: 0.9, 2.2, 1.5 and 0.45 % rejected (v5: 0.9, 2.2, 1.6, 0.43), 1.3 %
    /// pooled against 1.35 %; 6.5 % of other letters accepted against v5's 6.7 % on those folds (docs/RECOGNITION.md, "Operating point for children", "v5 with a
    /// letter-balanced prior" and "v6").
    public static let childrenThreshold = 0.004

    /// Labels that are the same shape in Austrian school print (they differ by size or position on the
    /// ruling only), including the digit twins of O and of the bar.
    public static let sameShapes: [[String]] = ["Cc", "Kk", "Oo0", "Pp", "Ss", "Uu", "Vv", "Ww", "Xx", "Yy", "Zz", "Öö", "Üü", "Il1"]
        .map { $0.map(String.init) }

    /// Pairs of labels that are the same shape (kept for callers that want one twin; see `sameShapes`).
    public static let shapeTwins: [String: String] = {
        var t: [String: String] = [:]
        for pair in ["Cc", "Kk", "Oo", "Pp", "Ss", "Uu", "Vv", "Ww", "Xx", "Yy", "Zz", "Öö", "Üü", "Il"] {
            let a = String(pair.first!), b = String(pair.last!)
            t[a] = b
            t[b] = a
        }
        return t
    }()

    /// The labels counted as `expected` by `verify`: the expected label first, then its same shapes.
    public static func acceptedForms(for expected: String) -> [String] {
        guard let group = sameShapes.first(where: { $0.contains(expected) }) else { return [expected] }
        return [expected] + group.filter { $0 != expected }
    }
}

/// The answer to "is this the expected letter?".
public struct LetterVerification: Sendable, Codable, Equatable {
    /// The letter the child was asked to write.
    public let expected: String
    /// Calibrated probability that the ink shows the expected letter (shape twins included).
    public let probability: Double
    /// `probability >= threshold` (`LetterRecognition.childrenThreshold` unless given).
    public let isExpected: Bool
    /// What the recognizer reads instead (its top label).
    public let recognized: String
    /// Labels counted as the expected letter.
    public let acceptedForms: [String]
}
