import Foundation

/// Schulschrift: once letters are learnt, Schule offers short words written only with learnt
/// letters (from the script's first-grade word list). Pure: the learner model and the list come in.
public struct WordPicker: Sendable {
    public var words: [String]
    public var script: String
    /// A letter counts as learnt at this mastery (the scheduler's unlock threshold).
    public var learntAt: Double

    public init(words: [String], script: String, learntAt: Double = SchedulerPolicy.standard.unlockMastery) {
        self.words = words
        self.script = script
        self.learntAt = learntAt
    }

    /// Words whose every letter (capital and small letters as written) the child has learnt.
    public func ready(for learner: LearnerState) -> [String] {
        words.filter { word in
            !word.isEmpty && word.allSatisfy { learner.mastery(ofKey: "\(script)/\($0)") >= learntAt }
        }
    }

    /// The word to practise next: the ready word practised least (ties: the shorter, then list order).
    public func next(for learner: LearnerState) -> String? {
        let ready = ready(for: learner)
        return ready.enumerated().min { a, b in
            let sa = learner.letters["\(script)/\(a.element)"]?.sessions ?? 0
            let sb = learner.letters["\(script)/\(b.element)"]?.sessions ?? 0
            return (sa, a.element.count, a.offset) < (sb, b.element.count, b.offset)
        }?.element
    }
}
