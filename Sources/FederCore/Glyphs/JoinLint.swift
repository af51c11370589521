import Foundation

/// The rules for letters of a joined script (docs/GLYPHS.md, "Schulschrift"): every small letter has
/// an entry and an exit on the ruling, is written in one movement from the entry to the exit, and
/// writes its lifted parts (dots, bars, the x cross) after that movement.
enum JoinLint {
    /// How far the entry/exit may be from where the paths begin and end, in units.
    static let endpointTolerance = 1.0

    static func check(_ glyph: Glyph) -> [String] {
        var problems: [String] = []
        let r = glyph.ruling, unit = glyph.unit
        let isSmall = glyph.char.first?.isLowercase == true
        let body = glyph.strokes.enumerated().filter { !$0.element.isLifted }
        let slant = ScriptSlant(degrees: glyph.slant, base: r.base)

        if isSmall {
            if glyph.entryJoin == nil || glyph.entryJoin == JoinType.none { problems.append("a small letter needs an entry (baseline or middle)") }
            if glyph.exitJoin == nil { problems.append("a small letter needs an exit (baseline, middle or none)") }
            if body.count != 1 { problems.append("a small letter is written in one movement; it has \(body.count) body strokes") }
        }
        if let firstLifted = glyph.strokes.firstIndex(where: \.isLifted),
           glyph.strokes[firstLifted...].contains(where: { !$0.isLifted }) {
            problems.append("lifted parts (dots, bars) come after every body stroke")
        }
        if let entry = glyph.entry, let join = glyph.entryJoin, join != .none {
            if let first = body.first?.element, first.start.distance(to: entry) > endpointTolerance {
                problems.append("the first stroke must begin at the entry")
            }
            let y = entry.y
            switch join {
            case .baseline:
                if abs(y - r.base) > 0.15 * unit { problems.append("a baseline entry must lie on the baseline, is at y \(Int(y))") }
                let segments = body.first?.element.path.segments.count ?? 0
                if glyph.leadInSegments < 1 || glyph.leadInSegments >= segments || glyph.highLeadInSegments >= segments {
                    problems.append("a baseline entry needs a lead-in of at least one segment, shorter than the stroke")
                }
            case .middle:
                if y < r.middle - 6 || y > r.middle + 0.4 * unit { problems.append("a middle entry must lie at the top of the middle band, is at y \(Int(y))") }
            case .none: break
            }
        }
        if let exit = glyph.exit, let join = glyph.exitJoin, join != .none {
            if let last = body.last?.element, last.end.distance(to: exit) > endpointTolerance {
                problems.append("the last body stroke must end at the exit")
            }
            let y = exit.y
            switch join {
            case .baseline:
                if y > r.base + 1 || y < r.base - 0.35 * unit { problems.append("a baseline exit must lie just above the baseline, is at y \(Int(y))") }
            case .middle:
                if abs(y - r.middle) > 0.2 * unit { problems.append("a middle exit must lie on the middle line, is at y \(Int(y))") }
            case .none: break
            }
            if slant.upright(exit).x < glyph.width - 0.35 * unit { problems.append("the exit must lie at the right of the letter") }
        }
        return problems
    }
}
