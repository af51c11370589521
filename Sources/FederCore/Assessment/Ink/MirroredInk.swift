import Foundation

extension Ink {
    /// The same ink turned left to right about the middle of its box, its strokes in the same order
    /// and directions: what the letter would look like had it been written the other way round.
    /// The recognizer reads it to tell a letter written mirrored (`AttemptAssessment.judge`).
    var mirroredLeftToRight: Ink {
        guard let box = bounds else { return self }
        let axis = box.minX + box.maxX
        return Ink(pointer: pointer, strokes: strokes.map { stroke in
            stroke.map { sample in
                var turned = sample
                turned.x = axis - sample.x
                return turned
            }
        })
    }
}
