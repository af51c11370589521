import Foundation

/// Pen bookkeeping shared by every phase that records ink: filters samples, keeps pen-down strokes and
/// refuses out-of-order pen messages. Knows nothing about checkpoints.
public struct InkRecorder: Sendable {
    public private(set) var ink = Ink()
    /// Samples dropped as non-finite, absurd or out of order.
    public private(set) var ignoredSamples = 0
    public private(set) var isPenDown = false
    private var filter: SampleFilter

    public init(glyph: Glyph) {
        filter = SampleFilter(glyph: glyph)
    }

    /// Starts a stroke. Returns the cleaned first sample, or nil when it had to be dropped (the pen is
    /// down all the same; later samples start the stroke).
    public mutating func penDown(_ sample: PenSample, pointer: PointerKind) throws(PenOrderError) -> PenSample? {
        guard !isPenDown else { throw .penAlreadyDown }
        if ink.isEmpty { ink.pointer = pointer }
        isPenDown = true
        filter.beginStroke()
        guard let clean = filter.accept(sample) else {
            ignoredSamples += 1
            ink.strokes.append([])
            return nil
        }
        ink.strokes.append([clean])
        return clean
    }

    /// Adds samples to the stroke in flight; `each` sees every accepted sample in order.
    public mutating func move(_ samples: [PenSample], _ each: (PenSample) -> Void = { _ in }) throws(PenOrderError) {
        guard isPenDown else { throw .penNotDown }
        for sample in samples {
            guard let clean = filter.accept(sample) else { ignoredSamples += 1; continue }
            ink.strokes[ink.strokes.count - 1].append(clean)
            each(clean)
        }
    }

    /// Ends the stroke (optionally with a last sample). Returns the accepted last sample, if any.
    /// A stroke left without any sample is removed.
    @discardableResult
    public mutating func penUp(_ sample: PenSample?) throws(PenOrderError) -> PenSample? {
        guard isPenDown else { throw .penNotDown }
        isPenDown = false
        var last: PenSample?
        if let sample {
            if let clean = filter.accept(sample) {
                ink.strokes[ink.strokes.count - 1].append(clean)
                last = clean
            } else {
                ignoredSamples += 1
            }
        }
        if ink.strokes.last?.isEmpty == true { ink.strokes.removeLast() }
        return last
    }
}
