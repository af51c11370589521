import Foundation

/// How well the recognizer reads labelled ink: the figures docs/RECOGNITION.md reports, computed by
/// the shipped Swift reader itself (`feder recognize --summary`), so that anyone can measure it on
/// handwriting it has never seen. Pure: recognitions in, figures out.
///
/// - Letters: top-1 exact and under the EMNIST-balanced case merge (C I J K L M O P S U V W X Y Z,
///   and Ö Ü, case ignored), with all classes as output and with the output restricted to letters
///   (as Schule and word mode read); the letters-only merged figure also with every letter
///   weighing the same.
/// - Digits: top-1 with all classes, and among digits only.
/// - Verification as a lesson does it (`Clarity`): the reading among letters only, the expected
///   letter's probability with its same-shape forms (`LetterRecognition.verify`). ROC AUC with each
///   sample's own letter as the positive and every other letter (outside its same-shape group) as a
///   negative; at the threshold: right letters rejected, other letters accepted, and samples whose
///   most probable wrong letter would be accepted.
public struct RecognitionScorecard: Sendable {
    /// Letters whose capital and small form are one class under the EMNIST-balanced merge.
    public static let caseMerged: Set<String> = Set("CIJKLMOPSUVWXYZÖÜ".map(String.init))

    /// The label under the case merge.
    public static func merged(_ label: String) -> String {
        caseMerged.contains(label.uppercased()) ? label.uppercased() : label
    }

    public let labels: [String]
    public let threshold: Double
    private let isLetter: [Bool]
    private let isDigit: [Bool]
    /// For each label: the indices of the labels `verify` accepts for it.
    private let acceptedIndices: [[Int]]
    private let indexOfLabel: [String: Int]

    private var letters = Counts(), digits = Counts()
    private var letterTotals: [String: (n: Int, right: Int)] = [:]
    private var positives: [Double] = []
    private var negatives: [Double] = []
    private var hardestNegatives: [Double] = []
    public private(set) var skipped = 0

    struct Counts: Sendable {
        var n = 0, exact = 0, merged = 0, restrictedExact = 0, restrictedMerged = 0
    }

    public init(labels: [String], threshold: Double = LetterRecognition.childrenThreshold) {
        self.labels = labels
        self.threshold = threshold
        isLetter = labels.map { $0.first?.isLetter ?? false }
        isDigit = labels.map { $0.first?.isNumber ?? false }
        var index: [String: Int] = [:]
        for (i, l) in labels.enumerated() { index[l] = i }
        indexOfLabel = index
        acceptedIndices = labels.map { LetterRecognition.acceptedForms(for: $0).compactMap { index[$0] } }
    }

    /// Adds one labelled sample, from the recognizer's answer with all classes allowed
    /// (`recognize(_:)`). A label the recognizer does not know is counted in `skipped`.
    public mutating func add(_ recognition: LetterRecognition, label: String) {
        guard let truth = indexOfLabel[label], recognition.probabilities.count == labels.count else {
            skipped += 1
            return
        }
        let p = recognition.probabilities.map(\.probability)
        let best = Self.argmax(p, where: { _ in true })
        if isLetter[truth] {
            let restricted = Self.argmax(p, where: { isLetter[$0] })
            letters.n += 1
            if best == truth { letters.exact += 1 }
            if Self.merged(labels[best]) == Self.merged(label) { letters.merged += 1 }
            if restricted == truth { letters.restrictedExact += 1 }
            let right = Self.merged(labels[restricted]) == Self.merged(label)
            if right { letters.restrictedMerged += 1 }
            letterTotals[label, default: (0, 0)].n += 1
            if right { letterTotals[label, default: (0, 0)].right += 1 }
            verify(p, truth: truth)
        } else if isDigit[truth] {
            digits.n += 1
            if best == truth { digits.exact += 1 }
            if Self.argmax(p, where: { isDigit[$0] }) == truth { digits.restrictedExact += 1 }
        } else {
            skipped += 1
        }
    }

    /// The reading among letters only, renormalised, judged against every letter as the expected one.
    private mutating func verify(_ p: [Double], truth: Int) {
        let letterSum = zip(p, isLetter).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
        guard letterSum > 0 else { return }
        var hardest = -Double.infinity
        for expected in labels.indices where isLetter[expected] {
            let accepted = acceptedIndices[expected]
            let score = min(1, accepted.reduce(0) { $0 + (isLetter[$1] ? p[$1] : 0) } / letterSum)
            if expected == truth {
                positives.append(score)
            } else if !accepted.contains(truth) {
                negatives.append(score)
                hardest = max(hardest, score)
            }
        }
        if hardest > -Double.infinity { hardestNegatives.append(hardest) }
    }

    /// Counts a line that could not be scored (unreadable ink, no label).
    public mutating func skip() { skipped += 1 }

    private static func argmax(_ p: [Double], where allowed: (Int) -> Bool) -> Int {
        var best = -1
        for i in p.indices where allowed(i) && (best < 0 || p[i] > p[best]) { best = i }
        return max(best, 0)
    }

    public struct Summary: Sendable, Codable, Equatable {
        public struct Letters: Sendable, Codable, Equatable {
            public var samples: Int
            /// Top-1 with all classes as output: exact case, and case-merged.
            public var exact: Double?
            public var merged: Double?
            /// Top-1 with the output restricted to letters: exact, merged, and merged with every
            /// letter weighing the same (the mean over the letters present).
            public var lettersOnlyExact: Double?
            public var lettersOnlyMerged: Double?
            public var lettersOnlyMergedPerLetterMean: Double?
        }
        public struct Digits: Sendable, Codable, Equatable {
            public var samples: Int
            public var top1: Double?
            public var digitsOnlyTop1: Double?
        }
        public struct Verification: Sendable, Codable, Equatable {
            public var threshold: Double
            public var rocAUC: Double?
            /// Right letters whose probability is below the threshold.
            public var falseRejection: Double?
            /// (Sample, other letter) pairs at or above the threshold.
            public var falseAcceptance: Double?
            /// Samples whose most probable wrong letter is at or above the threshold.
            public var falseAcceptanceMostConfusable: Double?
        }
        public var letters: Letters
        public var digits: Digits
        public var verification: Verification
        /// Lines not counted: unreadable ink, or a label the recognizer does not have.
        public var skipped: Int
    }

    public func summary() -> Summary {
        func share(_ k: Int, _ n: Int) -> Double? { n > 0 ? Double(k) / Double(n) : nil }
        let perLetter = letterTotals.values.map { Double($0.right) / Double($0.n) }
        return Summary(
            letters: .init(samples: letters.n, exact: share(letters.exact, letters.n), merged: share(letters.merged, letters.n),
                           lettersOnlyExact: share(letters.restrictedExact, letters.n),
                           lettersOnlyMerged: share(letters.restrictedMerged, letters.n),
                           lettersOnlyMergedPerLetterMean: perLetter.isEmpty ? nil : perLetter.reduce(0, +) / Double(perLetter.count)),
            digits: .init(samples: digits.n, top1: share(digits.exact, digits.n), digitsOnlyTop1: share(digits.restrictedExact, digits.n)),
            verification: .init(
                threshold: threshold,
                rocAUC: Self.rocAUC(positives: positives, negatives: negatives),
                falseRejection: share(positives.filter { $0 < threshold }.count, positives.count),
                falseAcceptance: share(negatives.filter { $0 >= threshold }.count, negatives.count),
                falseAcceptanceMostConfusable: share(hardestNegatives.filter { $0 >= threshold }.count, hardestNegatives.count)),
            skipped: skipped)
    }

    /// ROC AUC by the Mann–Whitney statistic: the chance that a random positive scores above a
    /// random negative, ties counting half. Nil without both.
    public static func rocAUC(positives: [Double], negatives: [Double]) -> Double? {
        guard !positives.isEmpty, !negatives.isEmpty else { return nil }
        let sortedNegatives = negatives.sorted()
        var wins = 0.0
        for score in positives {
            let below = lowerBound(sortedNegatives, score)
            let notAbove = upperBound(sortedNegatives, score)
            wins += Double(below) + 0.5 * Double(notAbove - below)
        }
        return wins / (Double(positives.count) * Double(negatives.count))
    }

    /// First index whose value is not below `value`.
    private static func lowerBound(_ a: [Double], _ value: Double) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let mid = (lo + hi) / 2; if a[mid] < value { lo = mid + 1 } else { hi = mid } }
        return lo
    }

    /// First index whose value is above `value`.
    private static func upperBound(_ a: [Double], _ value: Double) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let mid = (lo + hi) / 2; if a[mid] <= value { lo = mid + 1 } else { hi = mid } }
        return lo
    }
}
