import Foundation

/// A word that cannot be built from a script's glyphs.
public enum WordBuildError: Error, Equatable, CustomStringConvertible, Sendable {
    case empty
    case unknownScript(String)
    case unknownLetter(String, script: String)

    public var description: String {
        switch self {
        case .empty: return "the word is empty"
        case .unknownScript(let s): return "unknown script '\(s)'"
        case .unknownLetter(let c, let s): return "script '\(s)' has no glyph for '\(c)'"
        }
    }
}

/// Composes a word of a joined script from its letters (docs/GLYPHS.md, "Words"): letters side by
/// side at their advance widths, a connecting curve from each exit to the next entry, joined letters
/// merged into one continuous stroke, and the lifted parts (dots, bars, the x cross) written after
/// the joined part, letter by letter. The result is an ordinary `Glyph`, so tracking, checkpoints,
/// errors and scores work on words unchanged.
public struct WordBuilder: Sendable {
    public let library: GlyphLibrary
    public let script: String

    /// The connecting curve leaves and arrives along its end tangents; its control points lie this
    /// fraction of the gap away from the ends (a smooth, not too round join).
    static let joinTension = 0.4

    public init(library: GlyphLibrary, script: String) {
        self.library = library
        self.script = script
    }

    /// The default variant of every letter of `word`, in order.
    public func letters(of word: String) throws(WordBuildError) -> [Glyph] {
        guard library.scripts[script] != nil else { throw .unknownScript(script) }
        guard !word.isEmpty else { throw .empty }
        var out: [Glyph] = []
        for c in word {
            do { out.append(try library.glyph(String(c), script: script)) } catch { throw .unknownLetter(String(c), script: script) }
        }
        return out
    }

    /// Whether the pen stays down from `left` into `right`.
    public static func joins(_ left: Glyph, _ right: Glyph) -> Bool {
        guard let exit = left.exitJoin, exit != .none, left.exit != nil,
              let entry = right.entryJoin, entry != .none, right.entry != nil else { return false }
        return true
    }

    public func build(_ word: String) throws(WordBuildError) -> Glyph {
        let letters = try letters(of: word)
        var strokes: [GlyphStroke] = []
        var lifted: [GlyphStroke] = []
        var joins: [LetterJoin] = []
        // The stroke being written: its path so far, and the segment ranges of its joins.
        var run: (start: Point, segments: [PathSegment])?
        var runJoins: [(letter: Int, segment: Int, from: Point, to: Point, type: JoinType)] = []
        var origin = 0.0

        func closeRun() {
            guard let open = run else { return }
            let stroke = GlyphStroke(path: PathData(start: open.start, segments: open.segments), isDot: false)
            for j in runJoins {
                joins.append(LetterJoin(fromLetter: j.letter, stroke: strokes.count,
                                        startArc: Self.arc(atSegment: j.segment, of: stroke),
                                        endArc: Self.arc(atSegment: j.segment + 1, of: stroke),
                                        from: j.from, to: j.to, type: j.type))
            }
            strokes.append(stroke)
            run = nil
            runJoins = []
        }

        for (i, letter) in letters.enumerated() {
            let shift = { (p: Point) in Point(p.x + origin, p.y) }
            let body = letter.strokes.filter { !$0.isLifted }.map { $0.path.mapped(shift) }
            lifted += letter.strokes.filter(\.isLifted).map { GlyphStroke(path: $0.path.mapped(shift), isDot: $0.isDot, isLifted: true) }
            let joined = i > 0 && Self.joins(letters[i - 1], letter) && run != nil
            for (k, path) in body.enumerated() {
                if k == 0, joined, var open = run {
                    // Drop the lead-in: the join itself leads into the letter.
                    let leadIn = letters[i - 1].exitJoin == .middle ? letter.highLeadInSegments : letter.leadInSegments
                    let dropped = letter.entryJoin == .baseline ? min(leadIn, path.segments.count - 1) : 0
                    var target = path.start
                    for s in path.segments.prefix(dropped) { target = s.end }
                    let rest = Array(path.segments.dropFirst(dropped))
                    let exitPoint = open.segments.last?.end ?? open.start
                    let lastStart = open.segments.count > 1 ? open.segments[open.segments.count - 2].end : open.start
                    let leave = unit(open.segments.last?.endTangent(from: lastStart) ?? Point(1, -1))
                    // A middle entry is a turning point (the pen arrives and turns back into the letter):
                    // the join arrives along its own chord. A baseline entry continues the lead-in's line.
                    let arrive = letter.entryJoin == .middle || rest.isEmpty
                        ? unit(target - exitPoint) : unit(rest[0].startTangent(from: target))
                    let reach = Self.joinTension * exitPoint.distance(to: target)
                    runJoins.append((letter: i - 1, segment: open.segments.count, from: exitPoint, to: target,
                                     type: letters[i - 1].exitJoin ?? .baseline))
                    open.segments.append(.cubic(control1: exitPoint + leave * reach, control2: target - arrive * reach, to: target))
                    open.segments += rest
                    run = open
                } else {
                    closeRun()
                    run = (path.start, path.segments)
                }
            }
            origin += letter.width
        }
        closeRun()
        strokes += lifted

        let first = letters[0], last = letters[letters.count - 1]
        let lastOrigin = origin - last.width
        return Glyph(char: word, script: script, variant: "word", variantIDs: ["word"],
                     note: "the word \(word), joined", width: origin, ruling: first.ruling, strokes: strokes,
                     entry: first.entry, exit: last.exit.map { Point($0.x + lastOrigin, $0.y) },
                     entryJoin: first.entryJoin, exitJoin: last.exitJoin, leadInSegments: first.leadInSegments,
                     joinedScript: true, slant: first.slant, joins: joins)
    }

    /// Arc length at the start of segment `index` of a stroke (the stroke's length past its end).
    static func arc(atSegment index: Int, of stroke: GlyphStroke) -> Double {
        if index <= 0 { return 0 }
        if index > stroke.joints.count { return stroke.length }
        return stroke.cumulative[stroke.joints[index - 1].index]
    }
}

private func unit(_ p: Point) -> Point {
    let l = p.length
    return l > 0 ? p * (1 / l) : Point(1, -1)
}
