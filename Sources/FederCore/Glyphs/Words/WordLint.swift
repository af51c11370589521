import Foundation

/// Checks on words of a joined script: every word of the list builds, and no join crosses itself.
public enum WordLint {
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var word: String
        public var message: String
        public var description: String { "word \(word): \(message)" }
    }

    public static func check(words: [String], builder: WordBuilder) -> [Problem] {
        var problems: [Problem] = []
        for word in words {
            let glyph: Glyph
            do { glyph = try builder.build(word) } catch {
                problems.append(Problem(word: word, message: error.description))
                continue
            }
            for join in glyph.joins where crossesItself(points(of: join, in: glyph)) {
                problems.append(Problem(word: word, message: "the join after letter \(join.fromLetter + 1) crosses itself"))
            }
        }
        return problems
    }

    /// The flattened centerline of a join.
    public static func points(of join: LetterJoin, in glyph: Glyph) -> [Point] {
        let stroke = glyph.strokes[join.stroke]
        return zip(stroke.points, stroke.cumulative)
            .filter { $0.1 >= join.startArc - 1e-9 && $0.1 <= join.endArc + 1e-9 }
            .map(\.0)
    }

    /// Whether two non-adjacent segments of the polyline properly intersect.
    static func crossesItself(_ line: [Point]) -> Bool {
        guard line.count > 3 else { return false }
        for i in 0..<(line.count - 1) {
            for j in stride(from: i + 2, to: line.count - 1, by: 1) where intersect(line[i], line[i + 1], line[j], line[j + 1]) {
                return true
            }
        }
        return false
    }

    static func intersect(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a)
        let d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
        return d1 * d2 < 0 && d3 * d4 < 0
    }
}
