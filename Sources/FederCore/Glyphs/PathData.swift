import Foundation

/// One drawing command of the supported SVG path subset.
public enum PathSegment: Equatable, Sendable {
    case line(to: Point)
    case quad(control: Point, to: Point)
    case cubic(control1: Point, control2: Point, to: Point)

    public var end: Point {
        switch self {
        case .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        }
    }

    /// Direction in which the segment leaves `start` (zero vector for a degenerate segment).
    func startTangent(from start: Point) -> Point {
        switch self {
        case .line(let p): return p - start
        case .quad(let c, let p): return c != start ? c - start : p - start
        case .cubic(let c1, let c2, let p):
            if c1 != start { return c1 - start }
            if c2 != start { return c2 - start }
            return p - start
        }
    }

    /// Direction in which the segment arrives at its end.
    func endTangent(from start: Point) -> Point {
        switch self {
        case .line(let p): return p - start
        case .quad(let c, let p): return c != p ? p - c : p - start
        case .cubic(let c1, let c2, let p):
            if c2 != p { return p - c2 }
            if c1 != p { return p - c1 }
            return p - start
        }
    }
}

/// A parsed stroke path: a start point and the segments that follow it.
public struct PathData: Equatable, Sendable {
    public var start: Point
    public var segments: [PathSegment]
}

public enum PathParseError: Error, Equatable, CustomStringConvertible {
    case empty
    case mustStartWithMove
    case onlyOneMoveAllowed
    case unsupportedCommand(Character)
    case expectedNumber(after: Character)
    case noSegments
    case nonFinite

    public var description: String {
        switch self {
        case .empty: return "path is empty"
        case .mustStartWithMove: return "path must start with M"
        case .onlyOneMoveAllowed: return "a stroke has exactly one M (start a new stroke instead)"
        case .unsupportedCommand(let c): return "unsupported path command '\(c)' (use absolute M, L, Q, C)"
        case .expectedNumber(let c): return "command '\(c)' is missing coordinates"
        case .noSegments: return "path has no segment after M"
        case .nonFinite: return "path has a non-finite coordinate"
        }
    }
}

extension PathData {
    /// Parses `M x y` followed by `L`, `Q`, `C` commands (absolute; commas or spaces; repeated
    /// coordinates after a command continue that command, as in SVG).
    public static func parse(_ text: String) throws(PathParseError) -> PathData {
        var scanner = PathScanner(Array(text.utf8))
        guard scanner.skipSeparators() else { throw .empty }
        guard let first = scanner.command(), first == "M" else { throw .mustStartWithMove }
        guard let start = scanner.point() else { throw .expectedNumber(after: "M") }
        var segments: [PathSegment] = []
        var command: Character = "L" // coordinates right after M continue as lines
        while scanner.skipSeparators() {
            if let c = scanner.command() {
                switch c {
                case "M": throw .onlyOneMoveAllowed
                case "L", "Q", "C": command = c
                default: throw .unsupportedCommand(c)
                }
            }
            switch command {
            case "L":
                guard let p = scanner.point() else { throw .expectedNumber(after: "L") }
                segments.append(.line(to: p))
            case "Q":
                guard let c = scanner.point(), let p = scanner.point() else { throw .expectedNumber(after: "Q") }
                segments.append(.quad(control: c, to: p))
            default:
                guard let c1 = scanner.point(), let c2 = scanner.point(), let p = scanner.point() else {
                    throw .expectedNumber(after: "C")
                }
                segments.append(.cubic(control1: c1, control2: c2, to: p))
            }
        }
        guard !segments.isEmpty else { throw .noSegments }
        let all = [start] + segments.flatMap { segment -> [Point] in
            switch segment {
            case .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let c1, let c2, let p): return [c1, c2, p]
            }
        }
        guard all.allSatisfy(\.isFinite) else { throw .nonFinite }
        return PathData(start: start, segments: segments)
    }

    /// The path with every point (controls included) mapped by `transform`: exact for affine maps
    /// (slant, translation), since Béziers are affine-invariant.
    public func mapped(_ transform: (Point) -> Point) -> PathData {
        PathData(start: transform(start), segments: segments.map { segment in
            switch segment {
            case .line(let p): return .line(to: transform(p))
            case .quad(let c, let p): return .quad(control: transform(c), to: transform(p))
            case .cubic(let c1, let c2, let p): return .cubic(control1: transform(c1), control2: transform(c2), to: transform(p))
            }
        })
    }

    /// The path as SVG path data (for sheets and the page's ghost).
    public var svg: String {
        var out = "M \(fmt(start.x)) \(fmt(start.y))"
        for segment in segments {
            switch segment {
            case .line(let p): out += " L \(fmt(p.x)) \(fmt(p.y))"
            case .quad(let c, let p): out += " Q \(fmt(c.x)) \(fmt(c.y)) \(fmt(p.x)) \(fmt(p.y))"
            case .cubic(let c1, let c2, let p):
                out += " C \(fmt(c1.x)) \(fmt(c1.y)) \(fmt(c2.x)) \(fmt(c2.y)) \(fmt(p.x)) \(fmt(p.y))"
            }
        }
        return out
    }

    /// Flattens the path into a polyline, returning the polyline and, for each joint between two
    /// segments, the vertex index of the joint and how far the direction turns there (radians).
    public func flattened(tolerance: Double) -> (points: [Point], joints: [PathJoint]) {
        var points = [start]
        var joints: [PathJoint] = []
        var current = start
        var previousEndTangent: Point?
        for segment in segments {
            let startTangent = segment.startTangent(from: current)
            if let previous = previousEndTangent {
                joints.append(PathJoint(index: points.count - 1, turn: turnAngle(previous, startTangent)))
            }
            switch segment {
            case .line(let p):
                points.append(p)
            case .quad(let c, let p):
                points += Bezier.flattenQuadratic(current, c, p, tolerance: tolerance)
            case .cubic(let c1, let c2, let p):
                points += Bezier.flattenCubic(current, c1, c2, p, tolerance: tolerance)
            }
            previousEndTangent = segment.endTangent(from: current)
            current = segment.end
        }
        return (points, joints)
    }
}

/// Where two path segments meet, and by how much the direction turns there.
public struct PathJoint: Equatable, Sendable {
    /// Index of the joint in the flattened polyline.
    public var index: Int
    /// Absolute turning angle in radians: 0 for a smooth joint, π for a full reversal.
    public var turn: Double
}

/// Unsigned angle between two direction vectors (0 if either is degenerate).
func turnAngle(_ a: Point, _ b: Point) -> Double {
    let la = a.length, lb = b.length
    guard la > 0, lb > 0 else { return 0 }
    let c = min(max(a.dot(b) / (la * lb), -1), 1)
    return acos(c)
}

private func fmt(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
}

/// A minimal byte scanner for path data.
private struct PathScanner {
    let bytes: [UInt8]
    var i = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Skips spaces and commas; false at the end of input.
    mutating func skipSeparators() -> Bool {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x2C || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D {
            i += 1
        }
        return i < bytes.count
    }

    mutating func command() -> Character? {
        guard skipSeparators() else { return nil }
        let b = bytes[i]
        guard (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) else { return nil }
        i += 1
        return Character(UnicodeScalar(b))
    }

    mutating func number() -> Double? {
        guard skipSeparators() else { return nil }
        let start = i
        if i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B { i += 1 }
        var digits = 0
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) || bytes[i] == 0x2E { i += 1; digits += 1 }
        if digits > 0, i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B { i += 1 }
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        }
        guard digits > 0, let text = String(bytes: bytes[start..<i], encoding: .ascii), let value = Double(text) else {
            i = start
            return nil
        }
        return value
    }

    mutating func point() -> Point? {
        guard let x = number(), let y = number() else { return nil }
        return Point(x, y)
    }
}
