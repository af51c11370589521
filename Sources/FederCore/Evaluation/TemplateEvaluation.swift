import Foundation

/// How well the glyph templates match real handwriting: for each labelled sample, is the true
/// letter's template the nearest of all templates — once with an order-free shape distance, once
/// with an order- and direction-aware Fréchet distance — and do the sample's stroke count, order and
/// direction match the template's (informative only: adults write differently from school rules).
public struct TemplateEvaluation: Sendable {
    public struct Sample: Sendable {
        public var label: String
        public var strokes: [[Point]]
        public init(label: String, strokes: [[Point]]) { self.label = label; self.strokes = strokes }
    }

    public struct LetterResult: Sendable, Codable {
        public var label: String
        public var samples: Int
        public var shapeCorrect: Int
        /// Shape nearest is the same letter in the other case (c/C, o/O …).
        public var shapeCorrectIgnoringCase: Int
        public var pathCorrect: Int
        public var strokeCountMatches: Int
        public var orderMatches: Int
        public var directionMatches: Int
        /// The wrong letter chosen most often by the shape distance.
        public var commonShapeConfusion: String?

        public var shapeAccuracy: Double { Double(shapeCorrect) / Double(max(samples, 1)) }
        public var pathAccuracy: Double { Double(pathCorrect) / Double(max(samples, 1)) }
    }

    public struct Report: Sendable, Codable {
        public var letters: [LetterResult]
        public var samples: Int
        public var shapeAccuracy: Double
        public var shapeAccuracyIgnoringCase: Double
        public var pathAccuracy: Double
        public var strokeCountShare: Double
        public var orderShare: Double
        public var directionShare: Double
    }

    struct Template: Sendable {
        var label: String
        var signature: ShapeSignature
        /// Per stroke of the default variant (dots excluded from direction checks).
        var isDot: [Bool]
    }

    let templates: [Template]

    /// Templates for every character of `script` that appears in `labels`, all variants.
    public init(library: GlyphLibrary, script: String, labels: Set<String>) {
        var templates: [Template] = []
        for char in library.characters(in: script) where labels.contains(char) {
            for glyph in library.variants(of: char, script: script) {
                guard let sig = ShapeSignature(strokes: glyph.strokes.map(\.points), points: 48) else { continue }
                templates.append(Template(label: char, signature: sig, isDot: glyph.strokes.map(\.isDot)))
            }
        }
        self.templates = templates
    }

    public var labels: Set<String> { Set(templates.map(\.label)) }

    struct Outcome {
        var shapeBest: String
        var pathBest: String
        var countMatch: Bool
        var orderMatch: Bool
        var directionMatch: Bool
    }

    func evaluate(_ sample: Sample) -> Outcome? {
        guard let sig = ShapeSignature(strokes: sample.strokes, points: 48) else { return nil }
        var bestShape = (Double.infinity, ""), bestPath = (Double.infinity, "")
        for t in templates {
            let s = sig.shapeDistance(to: t.signature)
            if s < bestShape.0 { bestShape = (s, t.label) }
            let p = sig.pathDistance(to: t.signature)
            if p < bestPath.0 { bestPath = (p, t.label) }
        }
        // Stroke conventions against the true letter's default variant.
        var count = false, order = false, direction = false
        if let own = templates.first(where: { $0.label == sample.label }), own.signature.strokes.count == sig.strokes.count {
            count = true
            let mine = sig.strokes, theirs = own.signature.strokes
            order = mine.indices.allSatisfy { i in
                let d = mine.indices.map { j in ShapeSignature.meanNearest(mine[i], theirs[j]) }
                return d.firstIndex(of: d.min()!) == i
            }
            direction = mine.indices.allSatisfy { i in
                if own.isDot[i] || mine[i].count < 2 { return true }
                let a = Polyline.resample(mine[i], count: 16), b = Polyline.resample(theirs[i], count: 16)
                return CurveDistance.frechet(a, b) <= CurveDistance.frechet(a, Array(b.reversed()))
            }
        }
        return Outcome(shapeBest: bestShape.1, pathBest: bestPath.1, countMatch: count, orderMatch: order, directionMatch: direction)
    }

    /// Evaluates all samples (in parallel on every core).
    public func run(_ samples: [Sample]) -> Report {
        var outcomes = [Outcome?](repeating: nil, count: samples.count)
        outcomes.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: samples.count) { i in
                out.set(i, evaluate(samples[i]))
            }
        }
        var byLabel: [String: LetterResult] = [:]
        var confusions: [String: [String: Int]] = [:]
        for (sample, outcome) in zip(samples, outcomes) {
            guard let o = outcome else { continue }
            var r = byLabel[sample.label] ?? LetterResult(label: sample.label, samples: 0, shapeCorrect: 0, shapeCorrectIgnoringCase: 0, pathCorrect: 0,
                                                           strokeCountMatches: 0, orderMatches: 0, directionMatches: 0)
            r.samples += 1
            if o.shapeBest == sample.label { r.shapeCorrect += 1 } else { confusions[sample.label, default: [:]][o.shapeBest, default: 0] += 1 }
            if o.shapeBest.lowercased() == sample.label.lowercased() { r.shapeCorrectIgnoringCase += 1 }
            if o.pathBest == sample.label { r.pathCorrect += 1 }
            if o.countMatch { r.strokeCountMatches += 1 }
            if o.orderMatch { r.orderMatches += 1 }
            if o.directionMatch { r.directionMatches += 1 }
            byLabel[sample.label] = r
        }
        for (label, c) in confusions { byLabel[label]?.commonShapeConfusion = c.max { $0.value < $1.value }?.key }
        let letters = byLabel.values.sorted { GlyphOrder.precedes($0.label, $1.label) }
        let n = letters.reduce(0) { $0 + $1.samples }
        func share(_ k: KeyPath<LetterResult, Int>) -> Double { Double(letters.reduce(0) { $0 + $1[keyPath: k] }) / Double(max(n, 1)) }
        return Report(letters: letters, samples: n, shapeAccuracy: share(\.shapeCorrect),
                      shapeAccuracyIgnoringCase: share(\.shapeCorrectIgnoringCase), pathAccuracy: share(\.pathCorrect),
                      strokeCountShare: share(\.strokeCountMatches), orderShare: share(\.orderMatches),
                      directionShare: share(\.directionMatches))
    }
}

/// Lets parallel iterations write to distinct slots of one buffer.
private struct UncheckedBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<T?>
    init(_ base: UnsafeMutableBufferPointer<T?>) { self.base = base }
    func set(_ i: Int, _ value: T?) { base[i] = value }
}
