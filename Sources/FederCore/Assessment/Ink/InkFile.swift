import Foundation

/// An ink file as `feder assess` reads it (docs/ASSESSMENT.md):
/// `{"strokes": [[[x, y, t, p], …], …], "frame": {…}, "pointer": "pen", "yAxis": "down"}` — y down
/// unless `yAxis` is `"up"` (or the reader was told so), any units, t in seconds (milliseconds,
/// microseconds and nanoseconds are told by the pen's steps and read so: `InkTimeUnit`), p (0…1) optional or
/// null; `frame`, `pointer` and `yAxis` optional. Untidy device timing is
/// repaired on reading (`InkRepair`) and counted in `repairs`. Ink without any times (`[x, y]`
/// samples) gets times from the distance along each stroke and is judged by its shape and plan.
public struct InkFile: Sendable, Equatable {
    public var strokes: [[PenSample]]
    public var frame: InkFrame?
    public var pointer: PointerKind?
    /// What reading the file tidied (duplicate samples, slipped or shared timestamps, overlapping strokes).
    public var repairs: InkRepairs

    public init(strokes: [[PenSample]], frame: InkFrame? = nil, pointer: PointerKind? = nil, repairs: InkRepairs = InkRepairs()) {
        self.strokes = strokes
        self.frame = frame
        self.pointer = pointer
        self.repairs = repairs
    }

    /// The pointer written in the file, else `pen` when samples carry pressure, else `touch`.
    public var effectivePointer: PointerKind {
        pointer ?? (strokes.contains { $0.contains { $0.pressure != nil } } ? .pen : .touch)
    }

    /// Which way y grows in a file.
    public enum YAxis: String, Sendable, Codable {
        case down, up
    }

    /// Reads, checks and repairs an ink file; every problem that cannot be repaired names its place.
    /// `yAxis` is the file's direction of y unless the file says its own (`"yAxis"`); ink with y up
    /// (as mathematics and some tablets have it) is turned to y down, its frame with it.
    public static func decode(_ data: Data, yAxis: YAxis = .down) throws(InkFileError) -> InkFile {
        let raw: RawInkFile
        do {
            raw = try JSONDecoder().decode(RawInkFile.self, from: data)
        } catch {
            // JSON has no bound on numbers, but Foundation refuses one beyond a Double's range as
            // "not valid JSON"; name it for what it is.
            if let misspelt = error as? MisspeltKey { throw InkFileError(.malformed, misspelt.description) }
            if let huge = firstNumberBeyondDouble(in: data) {
                throw InkFileError(.notFinite, "the number \(huge) is too large: x, y and t must be finite numbers")
            }
            throw InkFileError(.malformed, Self.describeMalformed(error))
        }
        let yUp = (raw.yAxis ?? yAxis) == .up
        var strokes: [[PenSample]] = []
        var sawTimed = false, sawUntimed = false
        for (k, rawStroke) in raw.strokes.enumerated() where !rawStroke.isEmpty {
            var stroke: [PenSample] = []
            stroke.reserveCapacity(rawStroke.count)
            for (i, sample) in rawStroke.enumerated() {
                let v = sample.values
                guard v.count >= 2, let x = v[0], let y = v[1] else {
                    throw InkFileError(.malformed, "stroke \(k + 1), sample \(i + 1): " + Self.sampleForm + " with numbers for x and y")
                }
                let t = v.count > 2 ? v[2] : nil
                if t == nil { sawUntimed = true } else { sawTimed = true }
                if sawTimed, sawUntimed {
                    throw InkFileError(.malformed, "stroke \(k + 1), sample \(i + 1): " + (t == nil
                        ? "no time, while the samples before it have one" : "a time, while the samples before it have none")
                        + ": give every sample a time, or none")
                }
                stroke.append(PenSample(x: x, y: yUp ? -y : y, t: t ?? 0, pressure: v.count > 3 ? v[3] : nil))
            }
            strokes.append(stroke)
        }
        var file = InkFile(strokes: strokes, frame: yUp ? raw.frame?.upsideDown : raw.frame, pointer: raw.pointer)
        try file.check()
        let spikes: Int
        (file.strokes, spikes) = InkRepair.removingSpikes(file.strokes)
        // Times in milliseconds, microseconds or nanoseconds are the writer's timing in another
        // unit: read as seconds they would make a letter last hours (and a slip of a few
        // milliseconds look like seconds backwards), so they are turned into seconds. Times that fit
        // no unit (a counter) are not the writer's timing.
        let unit = sawTimed ? InkTimeUnit.of(file.strokes) : .seconds
        let notSeconds = sawTimed && unit == nil
        if let unit, unit != .seconds { file.strokes = InkTimeUnit.converting(file.strokes, from: unit) }
        // A stroke whose samples all carry one time was stamped per stroke, not per sample: its
        // duration and speed would be measured as nothing.
        let perStroke = sawTimed && !notSeconds && Self.timesArePerStroke(file.strokes)
        let replaced = sawUntimed || notSeconds || perStroke
        if replaced { try file.giveTimesAlongStrokes() }
        (file.strokes, file.repairs) = try InkRepair.repair(file.strokes)
        file.repairs.spikeSamples = spikes
        // Samples at one place one after the other got one time and were dropped as duplicates.
        if replaced { file.repairs.synthesizedTimes = file.strokes.map(\.count).reduce(0, +) }
        if notSeconds { file.repairs.timesNotInSeconds = file.repairs.synthesizedTimes }
        if let unit, unit != .seconds { file.repairs.timeUnit = unit }
        if perStroke { file.repairs.timesPerStroke = file.repairs.synthesizedTimes }
        return file
    }

    static let sampleForm = "a sample is [x, y, t] or [x, y, t, p] (or [x, y] when the ink has no times), or {\"x\", \"y\", \"t\", \"p\"}"

    /// A file that is no ink file, said in the file's own terms (stroke and sample counted from 1)
    /// rather than the decoder's.
    static func describeMalformed(_ error: any Error) -> String {
        let path: [any CodingKey]
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context):
            path = context.codingPath
        case DecodingError.keyNotFound(let key, let context):
            if context.codingPath.isEmpty && key.stringValue == "strokes" {
                return "an ink file is a JSON object with \"strokes\": a list of strokes, each a list of samples"
            }
            path = context.codingPath + [key]
        default:
            return describe(error)
        }
        switch path.first?.stringValue {
        case "strokes":
            guard path.count >= 3, let k = path[1].intValue, let i = path[2].intValue else {
                return "\"strokes\" is a list of strokes, each a list of samples; " + sampleForm
            }
            return "stroke \(k + 1), sample \(i + 1): " + sampleForm + ", with numbers (or null) in it"
        case "pointer":
            return "\"pointer\" is one of \(PointerKind.allCases.map(\.rawValue).joined(separator: ", "))"
        case "frame":
            return "frame: " + describe(error)
        case "yAxis":
            return "\"yAxis\" is \"down\" (the default) or \"up\""
        default:
            return describe(error)
        }
    }

    /// Whether some stroke of more than `InkTimeUnit.stepsToJudge` samples gives all of them one time while
    /// the pen moves: a data set that keeps a time per stroke, or a device that stamped a stroke once.
    /// (A few samples at one time are a device's batching, spread by `InkRepair`.)
    static func timesArePerStroke(_ strokes: [[PenSample]]) -> Bool {
        strokes.contains { stroke in
            guard stroke.count > InkTimeUnit.stepsToJudge, let first = stroke.first else { return false }
            return stroke.allSatisfy { $0.t == first.t } && stroke.contains { $0.x != first.x || $0.y != first.y }
        }
    }

    /// Writing speed and the pause between strokes given to ink without times: an unhurried hand
    /// (two letter heights per second; docs/ASSESSMENT.md §9 times UNIPEN's ink the same way).
    static let untimedSpeed = 2.0
    static let untimedPause = 0.3

    /// Times from the distance along each stroke at `untimedSpeed` letter heights per second (the
    /// ruling's middle-to-base distance with a frame, else the larger of the ink's height and width),
    /// strokes `untimedPause` apart.
    mutating func giveTimesAlongStrokes() throws(InkFileError) {
        let points = strokes.flatMap { $0 }
        let ys = points.map(\.y), xs = points.map(\.x)
        let inkSize = max((ys.max() ?? 0) - (ys.min() ?? 0), (xs.max() ?? 0) - (xs.min() ?? 0))
        let unit = frame.map { $0.base - $0.middle } ?? inkSize
        let speed = Self.untimedSpeed * (unit > 0 ? unit : 1)
        var t = 0.0
        for k in strokes.indices {
            if k > 0 { t += Self.untimedPause }
            for i in strokes[k].indices {
                if i > 0 {
                    let a = strokes[k][i - 1], b = strokes[k][i]
                    t += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / speed
                }
                // Coordinates near a Double's limits overflow their own distances.
                guard t.isFinite else {
                    throw InkFileError(.notFinite, "stroke \(k + 1), sample \(i + 1): the ink is too large to be given times")
                }
                strokes[k][i].t = t
            }
        }
    }

    /// The problems no repair can fix: no ink, numbers that are not numbers, pressure out of range,
    /// ruling lines in the wrong order. (Timing is checked by `InkRepair`.)
    func check() throws(InkFileError) {
        guard !strokes.isEmpty else { throw InkFileError(.noSamples, "the ink has no samples") }
        for (k, stroke) in strokes.enumerated() {
            for (i, s) in stroke.enumerated() {
                let place = "stroke \(k + 1), sample \(i + 1)"
                guard s.x.isFinite, s.y.isFinite, s.t.isFinite else { throw InkFileError(.notFinite, "\(place): x, y and t must be finite numbers") }
                if let p = s.pressure, !(p.isFinite && p >= 0 && p <= 1) {
                    throw InkFileError(.pressureOutOfRange, "\(place): pressure \(p) is not between 0 and 1 (a device's raw levels, such as 0–1023, divided by its largest)")
                }
            }
        }
        if let frame { try frame.check() }
    }
}

/// Where the ruling lines lie in the ink's own units (y values; `left` is the x of the glyph box's
/// left edge). `middle` and `base` are required: their distance is the letter-size unit.
public struct InkFrame: Sendable, Equatable, Codable {
    public var top: Double?
    public var middle: Double
    public var base: Double
    public var bottom: Double?
    public var left: Double?

    public init(top: Double? = nil, middle: Double, base: Double, bottom: Double? = nil, left: Double? = nil) {
        self.top = top; self.middle = middle; self.base = base; self.bottom = bottom; self.left = left
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case top, middle, base, bottom, left }

    public init(from decoder: any Decoder) throws {
        try MisspeltKey.check(decoder, known: CodingKeys.allCases.map(\.rawValue), within: "frame")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        top = try c.decodeIfPresent(Double.self, forKey: .top)
        middle = try c.decode(Double.self, forKey: .middle)
        base = try c.decode(Double.self, forKey: .base)
        bottom = try c.decodeIfPresent(Double.self, forKey: .bottom)
        left = try c.decodeIfPresent(Double.self, forKey: .left)
    }

    /// The same lines for ink whose y was turned from up to down (y → −y): top stays the top line.
    var upsideDown: InkFrame {
        InkFrame(top: top.map { -$0 }, middle: -middle, base: -base, bottom: bottom.map { -$0 }, left: left)
    }

    /// The same ruling with every line moved by `offset`.
    func shifted(by offset: Point) -> InkFrame {
        InkFrame(top: top.map { $0 + offset.y }, middle: middle + offset.y, base: base + offset.y,
                 bottom: bottom.map { $0 + offset.y }, left: left.map { $0 + offset.x })
    }

    func check() throws(InkFileError) {
        let values = [top, middle, base, bottom, left].compactMap { $0 }
        guard values.allSatisfy(\.isFinite) else { throw InkFileError(.badFrame, "frame: lines must be finite numbers") }
        guard middle < base else { throw InkFileError(.badFrame, "frame: middle must lie above base (y grows down)") }
        if let top, top >= middle { throw InkFileError(.badFrame, "frame: top must lie above middle") }
        if let bottom, bottom <= base { throw InkFileError(.badFrame, "frame: bottom must lie below base") }
    }
}

/// A problem with an ink file that no repair can fix: its kind, and where it is in words a user can act on.
public struct InkFileError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable, Equatable {
        /// Not JSON, or not the shape of an ink file.
        case malformed
        /// A coordinate or time that is not a finite number.
        case notFinite
        case pressureOutOfRange
        /// A time that runs back further than a device's rounding (`InkRepair.backwardTolerance`).
        case timeGoesBack
        case noSamples
        /// Ruling lines that are not numbers or not in order.
        case badFrame
    }

    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    public var description: String { message }
}

extension InkFile {
    /// The first number literal outside strings whose value overflows a Double (`1e999`), if any:
    /// Foundation's decoder refuses such JSON as "not valid", and a reader of ink files (`feder
    /// recognize` too) names the number instead.
    public static func numberTooLarge(in data: Data) -> String? { firstNumberBeyondDouble(in: data) }
}

/// The first number literal outside strings whose value overflows a Double (`1e999`), if any.
private func firstNumberBeyondDouble(in data: Data) -> String? {
    var inString = false, escaped = false
    var token: [UInt8] = []
    func overflowing() -> String? {
        defer { token.removeAll(keepingCapacity: true) }
        guard !token.isEmpty, let text = String(bytes: token, encoding: .ascii), let value = Double(text) else { return nil }
        return value.isFinite ? nil : text
    }
    for byte in data {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            continue
        }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"):
            token.append(byte)
        default:
            if let text = overflowing() { return text }
            if byte == UInt8(ascii: "\"") { inString = true }
        }
    }
    return overflowing()
}

private struct RawInkFile: Decodable {
    var strokes: [[FileSample]]
    var frame: InkFrame?
    var pointer: PointerKind?
    var yAxis: InkFile.YAxis?

    enum CodingKeys: String, CodingKey, CaseIterable { case strokes, frame, pointer, yAxis }

    init(from decoder: any Decoder) throws {
        try MisspeltKey.check(decoder, known: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        strokes = try c.decode([[FileSample]].self, forKey: .strokes)
        frame = try c.decodeIfPresent(InkFrame.self, forKey: .frame)
        pointer = try c.decodeIfPresent(PointerKind.self, forKey: .pointer)
        yAxis = try c.decodeIfPresent(InkFile.YAxis.self, forKey: .yAxis)
    }
}

/// How ink was put onto the glyph's coordinates.
public enum PlacementMethod: String, Sendable, Codable {
    /// Already in glyph units (live sessions: the page converts).
    case glyphUnits
    /// Scaled and shifted by the file's ruling lines: size and position on the lines can be judged.
    case frame
    /// Laid onto the glyph by its bounding box: size and position cannot be judged.
    case boundingBox

    /// Whether the letter's size and its place on the lines mean anything.
    public var judgesSize: Bool { self != .boundingBox }
}

extension InkFile {
    /// The ink in glyph units, and how it got there. The box the ink is laid on the glyph by (and,
    /// on a ruling without `left`, centred by) is that of the letter without touches far from it
    /// (`StrayTouches`, with `config`'s bounds): a tap twenty letters below shrank the letter to a
    /// twentieth, where every stroke was shorter than a piece worth judging, and it lost all its
    /// stars although free writing leaves the tap out afterwards.
    public func placed(on glyph: Glyph, config: AssessmentConfig = .standard) -> (ink: Ink, placement: Placement, method: PlacementMethod) {
        let ink = Ink(pointer: effectivePointer, strokes: strokes)
        guard let centre = ink.bounds?.center else { return (ink, .identity, .boundingBox) }
        // Ink far from the origin (a tablet's coordinates, a page shifted by 10⁶) is first moved to
        // it, which is exact; scaling first and shifting after left rounding errors of the offset's
        // size in the shape, enough to turn segments at exactly 45° and move the slant by degrees.
        let toOrigin = Placement(scale: 1, offset: Point(-centre.x, -centre.y))
        let local = ink.placed(by: toOrigin)
        let letter = StrayTouches.kept(local.strokes, glyph: glyph, config: config).map { local.strokes[$0] }
        guard let bounds = Polyline.bounds(letter.map { $0.map(\.point) }) else { return (ink, .identity, .boundingBox) }
        let placed = Self.place(local, bounds: bounds, frame: frame.map { $0.shifted(by: toOrigin.offset) }, on: glyph)
        return (placed.ink, toOrigin.then(placed.placement), placed.method)
    }

    private static func place(_ ink: Ink, bounds: Rect, frame: InkFrame?, on glyph: Glyph) -> (ink: Ink, placement: Placement, method: PlacementMethod) {
        let target = glyph.inkBounds
        guard let frame else {
            let placement = Placement.fitting(bounds, onto: target)
            return (ink.placed(by: placement), placement, .boundingBox)
        }
        let scale = glyph.unit / (frame.base - frame.middle)
        let dy = glyph.ruling.middle - frame.middle * scale
        // Without a left edge the letter is centred where the glyph is: on a ruled line, where along
        // the line a child writes says nothing about the letter.
        let dx = frame.left.map { -$0 * scale } ?? (target.center.x - bounds.center.x * scale)
        let placement = Placement(scale: scale, offset: Point(dx, dy))
        return (ink.placed(by: placement), placement, .frame)
    }
}
