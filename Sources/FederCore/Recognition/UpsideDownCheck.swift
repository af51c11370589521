import Foundation

/// Whether a labelled data set looks upside down: read with y down when its y grows upwards (the
/// mathematical axes of some tablets and converters). Nothing can tell that from one letter — turned
/// over, a b is a p and an M a W — and Feder guesses nothing (docs/ASSESSMENT.md, `yAxis`); but over
/// many letters with their labels it shows: read as given few are their letter, turned over most
/// are. `feder recognize --summary` and `feder assess --batch` read their first letters both ways
/// and warn, so that a researcher does not take an upside-down data set's figures for the reader's.
public struct UpsideDownCheck: Sendable {
    /// Letters read both ways (the first of the data set; commands read 60).
    public let lettersToCheck: Int
    /// Fewer letters than this say nothing either way.
    static let fewestLetters = 10
    /// How many more of the checked letters must be their label turned over than as given: letters
    /// the same either way (o, x, s, H, I) read alike and decide nothing.
    static let margin = 0.3

    public private(set) var checked = 0
    public private(set) var readAsGiven = 0
    public private(set) var readTurned = 0
    /// Checked letters whose line said its own `yAxis` (which the command's flag does not change).
    public private(set) var saidOwnAxis = 0

    public init(letters: Int = 60) {
        lettersToCheck = letters
    }

    /// Whether more letters are wanted.
    public var wantsMore: Bool { checked < lettersToCheck }

    /// Reads `strokes` (y down, as the command took them) as given — unless the command read them
    /// already (`reading`) — and turned over, and counts whose best reading is `label` (or a
    /// letter of the same shape). Letters the reader cannot read are left out. `ownAxis`: the line
    /// said its own `yAxis`.
    public mutating func add(label: String, strokes: [[Point]], reading: LetterRecognition? = nil, ownAxis: Bool = false,
                             recognizer: LetterRecognizer) {
        guard wantsMore, recognizer.labels.contains(label),
              let given = reading ?? (try? recognizer.recognize(strokes)),
              let turned = try? recognizer.recognize(strokes.map { $0.map { Point($0.x, -$0.y) } }) else { return }
        let forms = LetterRecognition.acceptedForms(for: label)
        checked += 1
        if ownAxis { saidOwnAxis += 1 }
        if forms.contains(given.label) { readAsGiven += 1 }
        if forms.contains(turned.label) { readTurned += 1 }
    }

    /// Whether the letters checked read as their labels far more often turned over than as given.
    public var looksUpsideDown: Bool {
        checked >= Self.fewestLetters && Double(readTurned - readAsGiven) >= Self.margin * Double(checked)
    }

    /// The sentence a command writes to standard error when the data set looks upside down;
    /// `toldYUp`: the command was given `--y-up`.
    public func warning(command: String, toldYUp: Bool) -> String? {
        guard looksUpsideDown else { return nil }
        let flag = toldYUp ? "If y grows downwards in this data, leave out --y-up."
            : "If y grows upwards in this data, give --y-up (or \"yAxis\": \"up\" on each line)."
        // The flag changes nothing for a line that says its own direction.
        let hint = saidOwnAxis == checked ? "The lines say their own \"yAxis\": check that it is right."
            : saidOwnAxis > 0 ? flag + " \(saidOwnAxis) of them say their own \"yAxis\": check that it is right." : flag
        return "\(command): the ink looks upside down: of the first \(checked) letters, \(readAsGiven) read as their label "
            + "as given and \(readTurned) turned over. " + hint
    }
}
