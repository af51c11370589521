import Foundation

/// Recognises a handwritten word written in print (Druckschrift): segments the strokes into
/// letters by pen lifts and horizontal overlap, then recognises each letter.
///
/// Segmentation (print letters do not touch each other, their strokes do): two strokes belong to
/// one letter if they touch (an end of one within `touchDistance` x-heights of the other) or if
/// their horizontal extents overlap by `mergeOverlap` of the narrower one; letters are the
/// connected groups of such strokes. Small marks (dots, at most `smallMark` x-heights) then join
/// the letter they lie over, or the nearest one within `markDistance` (i-dots and umlaut dots,
/// whenever they were written). Letters are read left to right. Stroke order does not matter.
/// Limits: letters joined without a pen lift (cursive) are not split; letters that touch or
/// overlap their neighbour by more than half their width are merged.
public struct WordRecognizer: Sendable {
    public struct Options: Sendable {
        /// Horizontal overlap, as a fraction of the narrower stroke's width, that makes two strokes one letter.
        public var mergeOverlap: Double = 0.5
        /// Strokes whose ends come this close (x-heights) to each other touch: one letter.
        public var touchDistance: Double = 0.12
        /// A stroke whose width and height are at most this many x-heights is a small mark.
        public var smallMark: Double = 0.4
        /// A small mark this close (x-heights) to a letter belongs to it.
        public var markDistance: Double = 0.35
        /// Recognise letters only (no digits) — a word is letters.
        public var lettersOnly: Bool = true
        /// With a known x-height, decide upper/lower case of same-shape pairs (c/C, o/O, s/S, …) by size.
        public var caseFromSize: Bool = true

        public init() {}
    }

    public let letters: LetterRecognizer
    public var options: Options

    public init(letters: LetterRecognizer, options: Options = Options()) {
        self.letters = letters
        self.options = options
    }

    /// Segments and recognises a word.
    /// - Parameters:
    ///   - strokes: the word's ink in writing order, y down.
    ///   - xHeight: the ruling's x-height (middle band) in the ink's units, if known; otherwise it
    ///     is estimated from the strokes.
    public func recognize(strokes: [[Point]], xHeight: Double? = nil) throws -> WordRecognition {
        let (groups, xh) = try segmentWithScale(strokes: strokes, xHeight: xHeight)
        let allowed: Set<String>? = options.lettersOnly ? Set(letters.labels.filter { $0.first?.isLetter ?? false }) : nil
        var result: [RecognizedLetter] = []
        for g in groups {
            let ink = g.map { strokes[$0] }
            let box = Self.box(ink.flatMap { $0 }.filter(\.isFinite))
            var rec: LetterRecognition
            do {
                rec = try letters.recognize(ink, restrictedTo: allowed)
            } catch RecognitionError.inkHasNoExtent {
                result.append(RecognizedLetter(label: "?", confidence: 0, top: [], strokeIndices: g, minX: box.minX, maxX: box.maxX))
                continue
            }
            if options.caseFromSize, xHeight != nil {
                rec = caseBySize(rec, ink: ink, xHeight: xh)
            }
            result.append(RecognizedLetter(label: rec.label, confidence: rec.confidence, top: rec.top,
                                           strokeIndices: g, minX: box.minX, maxX: box.maxX))
        }
        let word = result.map(\.label).joined()
        let confidence = result.reduce(1.0) { $0 * $1.confidence }
        return WordRecognition(word: word, confidence: result.isEmpty ? 0 : confidence, letters: result, xHeight: xh)
    }

    /// The letters' stroke groups (indices into `strokes`), left to right.
    public func segment(strokes: [[Point]], xHeight: Double? = nil) throws -> [[Int]] {
        try segmentWithScale(strokes: strokes, xHeight: xHeight).0
    }

    struct Box { var minX, minY, maxX, maxY: Double
        var width: Double { maxX - minX }
        var height: Double { maxY - minY }
    }

    static func box(_ pts: [Point]) -> Box {
        var b = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for p in pts {
            b.minX = min(b.minX, p.x); b.maxX = max(b.maxX, p.x)
            b.minY = min(b.minY, p.y); b.maxY = max(b.maxY, p.y)
        }
        if pts.isEmpty { b = Box(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        return b
    }

    func segmentWithScale(strokes: [[Point]], xHeight: Double?) throws -> ([[Int]], Double) {
        var ink: [(index: Int, points: [Point], box: Box)] = []
        for (i, s) in strokes.enumerated() {
            let pts = s.filter(\.isFinite)
            if !pts.isEmpty { ink.append((i, pts, Self.box(pts))) }
        }
        guard !ink.isEmpty else { throw RecognitionError.emptyInk }
        let total = Self.box(ink.flatMap { [Point($0.box.minX, $0.box.minY), Point($0.box.maxX, $0.box.maxY)] })
        let xh: Double
        if let given = xHeight, given.isFinite, given > 0 {
            xh = given
        } else {
            // the median height of the strokes that are not small marks
            let hs = ink.map(\.box.height).filter { $0 >= 0.2 * total.height }.sorted()
            let est = hs.isEmpty ? 0 : hs[hs.count / 2]
            let fallback = max(total.height, total.width)
            xh = est > 0 ? est : (fallback > 0 && fallback.isFinite ? fallback : 1)
        }
        let touch = options.touchDistance * xh
        func isSmall(_ b: Box) -> Bool { max(b.width, b.height) <= options.smallMark * xh }
        func overlap(_ a: Box, _ b: Box) -> Double {
            min(a.maxX, b.maxX) - max(a.minX, b.minX)
        }
        func gap(_ a: Box, _ b: Box) -> Double { max(0, -overlap(a, b)) }
        func touches(_ a: [Point], _ b: [Point]) -> Bool {
            for p in [a[0], a[a.count - 1]] where Self.distance(p, to: b) <= touch { return true }
            for p in [b[0], b[b.count - 1]] where Self.distance(p, to: a) <= touch { return true }
            return false
        }
        func connected(_ i: Int, _ j: Int) -> Bool {
            let a = ink[i].box, b = ink[j].box
            let ov = overlap(a, b)
            if ov > 0 && ov >= options.mergeOverlap * min(a.width, b.width) { return true }
            let dy = max(0, max(a.minY, b.minY) - min(a.maxY, b.maxY))
            if gap(a, b) > touch || dy > touch { return false }
            return touches(ink[i].points, ink[j].points)
        }
        // 1. letters: connected components of the strokes that are not small marks
        var parent = Array(ink.indices)
        func find(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var k = i
            while parent[k] != r { let n = parent[k]; parent[k] = r; k = n }
            return r
        }
        let big = ink.indices.filter { !isSmall(ink[$0].box) }
        for (n, i) in big.enumerated() {
            for j in big[(n + 1)...] where find(i) != find(j) && connected(i, j) {
                parent[find(j)] = find(i)
            }
        }
        struct Group { var members: [Int]; var box: Box }
        var groups: [Group] = []
        var groupOf: [Int: Int] = [:]
        for i in big {
            let r = find(i)
            if let g = groupOf[r] {
                groups[g].members.append(i)
                groups[g].box = Self.union(groups[g].box, ink[i].box)
            } else {
                groupOf[r] = groups.count
                groups.append(Group(members: [i], box: ink[i].box))
            }
        }
        // 2. small marks (dots, short bars) join the letter they overlap most, or a near one
        let letterCount = groups.count
        for i in ink.indices where isSmall(ink[i].box) {
            let b = ink[i].box
            var target: Int? = nil
            if letterCount > 0 {
                let letters = 0..<letterCount
                let best = letters.max { overlap(b, groups[$0].box) < overlap(b, groups[$1].box) }!
                if overlap(b, groups[best].box) >= 0 {
                    target = best
                } else {
                    let near = letters.min { gap(b, groups[$0].box) < gap(b, groups[$1].box) }!
                    if gap(b, groups[near].box) <= options.markDistance * xh { target = near }
                }
            }
            if target == nil {
                // marks near each other (with no letter near) form one group
                target = groups.indices.dropFirst(letterCount).first { gap(b, groups[$0].box) <= touch }
            }
            if let t = target {
                groups[t].members.append(i)
                groups[t].box = Self.union(groups[t].box, b)
            } else {
                groups.append(Group(members: [i], box: b))
            }
        }
        let ordered = groups.sorted { ($0.box.minX + $0.box.maxX) < ($1.box.minX + $1.box.maxX) }
        return (ordered.map { $0.members.map { ink[$0].index }.sorted() }, xh)
    }

    static func union(_ a: Box, _ b: Box) -> Box {
        Box(minX: min(a.minX, b.minX), minY: min(a.minY, b.minY), maxX: max(a.maxX, b.maxX), maxY: max(a.maxY, b.maxY))
    }

    /// Distance from a point to a polyline (or to a single point).
    static func distance(_ p: Point, to line: [Point]) -> Double {
        guard line.count > 1 else { return p.distance(to: line[0]) }
        var best = Double.infinity
        for k in 0..<(line.count - 1) {
            let a = line[k], d = line[k + 1] - a
            let len2 = d.dot(d)
            let t = len2 > 0 ? min(1, max(0, (p - a).dot(d) / len2)) : 0
            best = min(best, p.distance(to: a + d * t))
        }
        return best
    }

    /// Same-shape pairs whose case only the size on the ruling tells.
    static let sizeTwins: [String: String] = {
        var t: [String: String] = [:]
        for pair in ["Cc", "Kk", "Oo", "Ss", "Uu", "Vv", "Ww", "Xx", "Zz"] {
            t[String(pair.first!)] = String(pair.last!)
            t[String(pair.last!)] = String(pair.first!)
        }
        return t
    }()

    /// Moves the probability of a same-shape pair to the case that the letter's height implies:
    /// capitals reach the top line (2 x-heights in school ruling), lower-case letters one x-height.
    func caseBySize(_ rec: LetterRecognition, ink: [[Point]], xHeight: Double) -> LetterRecognition {
        guard let twin = Self.sizeTwins[rec.label] else { return rec }
        let h = Self.box(ink.flatMap { $0 }.filter(\.isFinite)).height / xHeight
        let upperLabel = rec.label.uppercased() == rec.label ? rec.label : twin
        let lowerLabel = upperLabel == rec.label ? twin : rec.label
        let chosen: String
        if h >= 1.5 { chosen = upperLabel } else if h <= 1.25 { chosen = lowerLabel } else { return rec }
        let other = chosen == upperLabel ? lowerLabel : upperLabel
        let labels = rec.probabilities.map(\.label)
        var p = rec.probabilities.map(\.probability)
        if let ci = labels.firstIndex(of: chosen), let oi = labels.firstIndex(of: other) {
            p[ci] += p[oi]
            p[oi] = 0
        }
        return LetterRecognition(labels: labels, probabilities: p)
    }
}

/// One letter of a recognised word.
public struct RecognizedLetter: Sendable, Codable, Equatable {
    /// The recognised letter ("?" for a group without a shape, e.g. a stray dot).
    public let label: String
    /// Calibrated probability of `label`.
    public let confidence: Double
    /// The three best readings.
    public let top: [LabelProbability]
    /// Indices of the strokes (in the input) that form this letter.
    public let strokeIndices: [Int]
    /// Horizontal extent of the letter's ink.
    public let minX: Double
    public let maxX: Double
}

/// A recognised word.
public struct WordRecognition: Sendable, Codable, Equatable {
    /// The letters' labels joined, left to right.
    public let word: String
    /// Product of the letters' confidences.
    public let confidence: Double
    public let letters: [RecognizedLetter]
    /// The x-height used (given, or estimated from the ink).
    public let xHeight: Double
}
