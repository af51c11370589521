import Foundation

/// The mistakes worth naming (iTrace's taxonomy and Scribble's checks), most important first.
public enum ErrorCode: String, Sendable, Codable, CaseIterable {
    /// The whole letter was written mirrored (its mirror image is the letter).
    case mirrored
    /// A stroke began away from its start dot.
    case wrongStart
    /// A stroke was drawn the other way round.
    case reversed
    /// A stroke came before one that belongs earlier.
    case strokeOrder
    /// Two strokes that are taught apart were written in one, without lifting the pen.
    case joinedStrokes
    /// A whole stroke (or dot) is missing.
    case missingStroke
    /// Joined words: the pen was lifted where the letters are joined.
    case missingJoin
    /// Joined words: a dot, bar or cross written before the joined part was finished.
    case liftedTooEarly
    /// Joined words: the join runs clearly above or below where it belongs (a high join after o b v w).
    case joinHeight
    /// Part of a line was not written over.
    case notCovered
    /// The ink wandered away from the line.
    case leftCorridor
    /// A corner was rounded off.
    case cornerCut
    /// The ink ran on past the end of a line.
    case overshoot
    case tooBig
    case tooSmall
    /// The letter does not stand where it belongs on the lines.
    case offLines
    /// Ink that belongs to no stroke of the letter.
    case extraStroke
    /// Direct phase: a start dot tapped before its turn.
    case wrongDot
    /// Free writing with the recognizer: the ink is surely another letter (Klarheit below
    /// `anotherLetter`). Its tip is said alone: the other tips would be about strokes of a letter
    /// the child did not write ("Fang oben an." after a b for a d).
    case anotherLetter

    /// Position in the ranking: lower is said first. Where and which way to start come before how
    /// neat the line is, because a wrong movement pattern is what has to be unlearned later.
    public var rank: Int { Self.allCases.firstIndex(of: self)! }

    /// Whether the error concerns how the letter is formed (start, direction, order, completeness)
    /// rather than how neatly: these cap a guided or free-writing attempt's stars (docs/ASSESSMENT.md, stars).
    public var isFormation: Bool {
        switch self {
        case .mirrored, .wrongStart, .reversed, .strokeOrder, .joinedStrokes, .missingStroke: return true
        default: return false
        }
    }

    /// Whether the error says the letter does not sit where and as large as the ruling asks: these
    /// cap a free-writing attempt's stars too ("Super gemacht!" and then "Schreib ein bisschen
    /// größer." contradicted each other, a review found).
    public var isPlacement: Bool {
        switch self {
        case .tooBig, .tooSmall, .offLines: return true
        default: return false
        }
    }
}

/// One mistake: what, in which stroke, where, and the tip for it.
public struct WritingError: Sendable, Equatable, Codable {
    public var code: ErrorCode
    /// The glyph stroke concerned (0-based), nil when it is about the whole letter.
    public var stroke: Int?
    /// The child's stroke concerned (0-based, in writing order), if one.
    public var inkStroke: Int?
    /// Where to point at, in glyph units on the letter's ruling: the page's own units in a lesson; for
    /// an ink file, the ink as placed (docs/ASSESSMENT.md), not the file's units.
    public var at: Point
    /// For `notCovered`: the uncovered part of the stroke as fractions of its length.
    public var from: Double?
    public var to: Double?
    /// How much: a distance in x-heights, or a size ratio for `tooBig`/`tooSmall`.
    public var amount: Double?
    /// What the page says.
    public var tip: Utterance

    public init(code: ErrorCode, stroke: Int?, inkStroke: Int? = nil, at: Point, from: Double? = nil,
                to: Double? = nil, amount: Double? = nil, tip: Utterance) {
        self.code = code; self.stroke = stroke; self.inkStroke = inkStroke; self.at = at
        self.from = from; self.to = to; self.amount = amount; self.tip = tip
    }
}

extension [WritingError] {
    /// The errors most important first: by code rank, then the larger one, then stroke order.
    public func ranked() -> [WritingError] {
        sorted {
            if $0.code.rank != $1.code.rank { return $0.code.rank < $1.code.rank }
            if ($0.amount ?? 0) != ($1.amount ?? 0) { return ($0.amount ?? 0) > ($1.amount ?? 0) }
            return ($0.stroke ?? -1) < ($1.stroke ?? -1)
        }
    }

    /// At most `limit` different tips, most important first; the tip of a verdict on the whole ink
    /// (`isAboutNoLetter`) alone.
    public func tips(limit: Int = 2) -> [Utterance] {
        if let verdict = first(where: \.isAboutNoLetter) { return [verdict.tip] }
        var out: [Utterance] = []
        for e in ranked() where !out.contains(e.tip) {
            out.append(e.tip)
            if out.count == limit { break }
        }
        return out
    }
}

extension WritingError {
    /// Whether the error says the ink is not the letter at all: another letter (the recognizer), or a
    /// scrawl (`extraStroke` about the whole ink: no glyph stroke, no ink stroke). The other tips
    /// would be about strokes of a letter the child did not write ("Fang oben an." for a scrawl).
    public var isAboutNoLetter: Bool {
        code == .anotherLetter || (code == .extraStroke && stroke == nil && inkStroke == nil)
    }

    /// The same error with its ink stroke numbered in other ink (`stored[k]` is stroke k's place there).
    func numberingInk(_ stored: [Int]) -> WritingError {
        var error = self
        error.inkStroke = inkStroke.map { stored[$0] }
        return error
    }
}
