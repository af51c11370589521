import Foundation

/// One finding of `GlyphLint`.
public struct LintProblem: Sendable, Equatable, CustomStringConvertible {
    public var glyph: String
    public var stroke: Int?
    public var rule: GlyphLint.Rule
    public var message: String

    public var description: String {
        "\(glyph)\(stroke.map { " stroke \($0 + 1)" } ?? ""): [\(rule.rawValue)] \(message)"
    }
}

/// Content checks for glyphs, beyond what loading already guarantees: proportions on the ruling,
/// stroke conventions of first-grade handwriting, smoothness. A variant may opt out of a rule with
/// an `exceptions` entry that states why.
public enum GlyphLint {
    public enum Rule: String, CaseIterable, Sendable {
        case insideRuling = "inside-ruling"
        case proportions
        case duplicateStroke = "duplicate-stroke"
        case startAtTop = "start-at-top"
        case verticalDown = "vertical-down"
        case horizontalRight = "horizontal-right"
        case roundCounterClockwise = "round-counter-clockwise"
        case dotsAbove = "dots-above"
        case kink
        case checkpoints
        case joins
        case exceptions
    }

    /// Body extents may miss their line by this many units.
    static let lineTolerance = 6.0
    /// Joints turning by more than this but not enough to be corners are kinks (radians, 3°).
    static let kinkAngle = 3.0 * Double.pi / 180
    /// A straight stroke within this angle (20°) of an axis counts as vertical or horizontal.
    static let axisAngle = 20.0 * Double.pi / 180

    public static func check(_ glyph: Glyph) -> [LintProblem] {
        var problems: [LintProblem] = []
        func report(_ rule: Rule, _ message: String, stroke: Int? = nil) {
            guard glyph.exceptions[rule.rawValue] == nil else { return }
            problems.append(LintProblem(glyph: glyph.key, stroke: stroke, rule: rule, message: message))
        }
        for key in glyph.exceptions.keys where Rule(rawValue: key) == nil {
            report(.exceptions, "unknown rule '\(key)' in exceptions")
        }
        let r = glyph.ruling
        let unit = glyph.unit
        let body = glyph.strokes.filter { !$0.isDot }
        guard let bounds = Polyline.bounds(body.map(\.points)) else {
            report(.proportions, "the glyph has no body strokes")
            return problems
        }

        // Inside the ruling band and the advance width (measured upright in a slanted script).
        let slant = ScriptSlant(degrees: glyph.slant, base: r.base)
        for (i, stroke) in glyph.strokes.enumerated() {
            let top = stroke.isDot ? r.top - 0.3 * unit : r.top - 1
            if stroke.points.map(slant.upright).contains(where: { $0.y < top || $0.y > r.bottom + 1 || $0.x < 0 || $0.x > glyph.width }) {
                report(.insideRuling, "leaves the ruling band or the glyph width", stroke: i)
            }
        }

        // Proportions: where the body should begin and end for this kind of character.
        if let expected = expectedExtent(of: glyph.char, ruling: r, joined: glyph.joinedScript) {
            if !expected.top.contains(bounds.minY) {
                report(.proportions, "body top at \(fmt(bounds.minY)), expected \(describe(expected.top))")
            }
            if !expected.bottom.contains(bounds.maxY) {
                report(.proportions, "body bottom at \(fmt(bounds.maxY)), expected \(describe(expected.bottom))")
            }
        }

        // Duplicate strokes (also the same line drawn the other way).
        for i in glyph.strokes.indices {
            for j in glyph.strokes.indices where j > i {
                let a = Polyline.resample(glyph.strokes[i].points, count: 32)
                let b = Polyline.resample(glyph.strokes[j].points, count: 32)
                if min(CurveDistance.frechet(a, b), CurveDistance.frechet(a, b.reversed())) < 3 {
                    report(.duplicateStroke, "repeats stroke \(i + 1)", stroke: j)
                }
            }
        }

        // Letters start at the top: the first stroke begins in the upper part of the body. Joined
        // letters start at their entry instead (checked below).
        if let first = glyph.strokes.first, !first.isDot, glyph.entryJoin == nil || glyph.entryJoin == JoinType.none {
            let height = max(bounds.height, 1)
            if (first.start.y - bounds.minY) / height > 0.4 {
                report(.startAtTop, "the first stroke starts low (at \(fmt(first.start.y))); letters start at the top", stroke: 0)
            }
        }

        for (i, stroke) in glyph.strokes.enumerated() where !stroke.isDot && isStraight(stroke) {
            let d = stroke.end - stroke.start
            let angle = atan2(abs(d.y), abs(d.x))
            if angle > Double.pi / 2 - axisAngle, d.y < 0 {
                report(.verticalDown, "a vertical stroke goes up; vertical strokes go top to bottom", stroke: i)
            }
            if angle < axisAngle, d.x < 0 {
                report(.horizontalRight, "a horizontal stroke goes right to left; horizontal strokes go left to right", stroke: i)
            }
        }

        // Round letters go counter-clockwise (as seen on the page).
        if roundLetters.contains(baseLetter(glyph.char)) {
            // The bowl is the first curved stroke (a g's hook or a Q's tail come later).
            if let (i, bowl) = glyph.strokes.enumerated().first(where: { !$0.element.isDot && !isStraight($0.element) }),
               signedArea(bowl.points) > 0 {
                report(.roundCounterClockwise, "the round part runs clockwise; round letters go counter-clockwise", stroke: i)
            }
        }

        // Dots sit above the body.
        for (i, stroke) in glyph.strokes.enumerated() where stroke.isDot {
            if stroke.points.contains(where: { $0.y >= bounds.minY }) {
                report(.dotsAbove, "a dot must sit above the letter's body", stroke: i)
            }
        }

        // Smooth where smooth, corners where corners.
        for (i, stroke) in glyph.strokes.enumerated() {
            for joint in stroke.joints where joint.turn > kinkAngle && joint.turn <= GlyphGuides.cornerAngle {
                let p = stroke.points[joint.index]
                report(.kink, "the path kinks by \(Int((joint.turn * 180 / .pi).rounded()))° at (\(fmt(p.x)), \(fmt(p.y))); make it smooth or a clear corner", stroke: i)
            }
        }

        if glyph.joinedScript {
            for message in JoinLint.check(glyph) { report(.joins, message) }
        }

        let guides = GlyphGuides(glyph: glyph)
        for (i, checkpoints) in guides.checkpoints.enumerated() where checkpoints.isEmpty {
            report(.checkpoints, "no checkpoints derived", stroke: i)
        }
        return problems
    }

    // MARK: - Expectations per kind of character

    struct Extent {
        var top: ClosedRange<Double>
        var bottom: ClosedRange<Double>
    }

    static let ascenders: Set<Character> = ["b", "d", "f", "h", "k", "l", "ß"]
    static let descenders: Set<Character> = ["g", "j", "p", "q", "y"]
    static let roundLetters: Set<Character> = ["c", "o", "a", "d", "g", "q", "C", "O", "G", "Q"]

    /// Where a character's body (dots excluded) begins and ends on the ruling.
    static func expectedExtent(of char: String, ruling r: Ruling, joined: Bool = false) -> Extent? {
        guard let c = char.first else { return nil }
        let t = lineTolerance
        func near(_ y: Double) -> ClosedRange<Double> { (y - t)...(y + t) }
        let base = baseLetter(char)
        // Schulschrift f, G, J and Y reach from the top line down to the descender line.
        if joined && ["f", "G", "J", "Y"].contains(c) { return Extent(top: near(r.top), bottom: near(r.bottom)) }
        if c.isUppercase || c.isNumber { return Extent(top: near(r.top), bottom: near(r.base)) }
        // The school t is shorter than the other ascenders: it rises above the middle line but not to the top.
        if base == "t" { return Extent(top: (r.top + t)...(r.middle - 0.2 * r.xHeight), bottom: near(r.base)) }
        if ascenders.contains(base) { return Extent(top: near(r.top), bottom: near(r.base)) }
        if descenders.contains(base) { return Extent(top: near(r.middle), bottom: near(r.bottom)) }
        return Extent(top: near(r.middle), bottom: near(r.base))
    }

    static func baseLetter(_ char: String) -> Character {
        switch char {
        case "ä": return "a"
        case "ö": return "o"
        case "ü": return "u"
        case "Ä": return "A"
        case "Ö": return "O"
        case "Ü": return "U"
        default: return char.first ?? " "
        }
    }

    static func isStraight(_ stroke: GlyphStroke) -> Bool {
        let chord = stroke.end - stroke.start
        let length = chord.length
        guard length > 0 else { return false }
        return stroke.points.allSatisfy { abs((($0 - stroke.start).cross(chord)) / length) < 0.5 }
    }

    /// Shoelace sum with y growing down: negative means counter-clockwise on the page.
    static func signedArea(_ points: [Point]) -> Double {
        guard points.count > 2 else { return 0 }
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    static func describe(_ range: ClosedRange<Double>) -> String { "\(fmt(range.lowerBound))…\(fmt(range.upperBound))" }
}

private func fmt(_ v: Double) -> String { String(Int(v.rounded())) }
