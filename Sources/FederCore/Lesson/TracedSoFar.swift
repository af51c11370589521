/// Where tracing stands: strokes before `stroke` are traced whole, and of `stroke` the checkpoints
/// before `checkpoint`; `progress` is the fraction of all the letter's checkpoints reached.
public struct TracedSoFar: Sendable, Equatable, Codable {
    public var stroke: Int
    public var checkpoint: Int
    public var progress: Double

    public init(stroke: Int, checkpoint: Int, progress: Double) {
        self.stroke = stroke; self.checkpoint = checkpoint; self.progress = progress
    }
}
