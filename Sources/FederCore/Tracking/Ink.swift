import Foundation

/// A child's writing: pen-down strokes of samples, in the order they were written.
public struct Ink: Sendable, Equatable, Codable {
    public var pointer: PointerKind
    public var strokes: [[PenSample]]

    public init(pointer: PointerKind = .pen, strokes: [[PenSample]] = []) {
        self.pointer = pointer
        self.strokes = strokes
    }

    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.count } }
    public var isEmpty: Bool { sampleCount == 0 }
    public var points: [[Point]] { strokes.map { $0.map(\.point) } }

    /// Time of the first and last sample, if any.
    public var timeSpan: ClosedRange<Double>? {
        guard let first = strokes.first(where: { !$0.isEmpty })?.first,
              let last = strokes.last(where: { !$0.isEmpty })?.last else { return nil }
        return first.t...max(first.t, last.t)
    }
}
