import Foundation

/// What was tidied in ink that came from a real device before it was judged. Real tablets and
/// browsers send the same sample twice, stamp several samples with one time, let a timestamp slip
/// back by a frame, or start a stroke's clock before the last stroke's last sample. None of that says
/// anything about the child's writing, so it is repaired, and counted here (docs/ASSESSMENT.md §1).
public struct InkRepairs: Sendable, Equatable, Codable {
    /// Samples identical in place and time to the one before (dropped).
    public var duplicateSamples = 0
    /// Samples whose time lay slightly before the previous sample's (raised to it).
    public var backwardTimes = 0
    /// Samples that shared one time with their predecessor at another place (times spread evenly up
    /// to the next sample's).
    public var equalTimes = 0
    /// Strokes that began before the previous stroke ended (moved later, durations kept).
    public var overlappingStrokes = 0
    /// Of those, strokes that began more than `InkRepair.backwardTolerance` before the previous one
    /// ended, or no later than it began: no device's rounding, but times that start again with each stroke (a data set that
    /// keeps a clock per stroke). The time between strokes is then unknown: in-air time, its ratio,
    /// the letter's duration and Rhythmus are not measured (`feder assess` leaves them out).
    public var restartedClocks = 0
    /// Samples of ink that came without any times (a scanned or vector trace, a data set that keeps
    /// only coordinates): each got a time from its distance along the stroke (`InkFile.untimedSpeed`).
    /// Shape, plan and stars do not depend on time; speed, rhythm and durations of such ink are not
    /// measured (`feder assess` leaves them out).
    public var synthesizedTimes = 0
    /// Samples whose times are neither seconds nor another unit a pen's sampling fits
    /// (`InkTimeUnit.of`: a median step between samples over `InkTimeUnit.longestSampleStep` in
    /// seconds and outside 2–250 ms in milliseconds, microseconds and nanoseconds, in ink of at least
    /// `InkTimeUnit.stepsToJudge` steps — a counter, a time now and then). Their times are replaced as for ink without times and counted in
    /// `synthesizedTimes` too.
    public var timesNotInSeconds = 0
    /// The unit the file's times were written in when it was not seconds (milliseconds,
    /// microseconds, nanoseconds — `"ms"`, `"us"`, `"ns"` —, judged by `InkTimeUnit.of`): they were turned into seconds and
    /// are the writer's timing. Absent for seconds and for ink without times.
    public var timeUnit: InkTimeUnit?
    /// Samples whose ink gave a whole stroke one time (a time per stroke, not per sample: more than
    /// `InkTimeUnit.stepsToJudge` samples at different places and one time). Replaced as for ink
    /// without times and counted in `synthesizedTimes` too.
    public var timesPerStroke = 0
    /// Strokes that began where the one before ended, within `InkRepair.glitchGap` seconds: a pen that
    /// lost contact for a sample or two (a bounce, a digitizer's dropout), not a lift a hand can
    /// make. Joined to the stroke before, so the letter is judged as written.
    public var joinedStrokes = 0
    /// Samples that jumped far off the letter and back (`InkGlitches.spikes`: farther than three
    /// times the size of the rest of the ink from their neighbours — a coordinate the device lost,
    /// read as 0, 0). Dropped: one such sample made the letter a speck in its own box.
    public var spikeSamples = 0

    public init() {}

    // Each count may be absent (JSON written before `synthesizedTimes` existed): absent is none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        duplicateSamples = try c.decodeIfPresent(Int.self, forKey: .duplicateSamples) ?? 0
        backwardTimes = try c.decodeIfPresent(Int.self, forKey: .backwardTimes) ?? 0
        equalTimes = try c.decodeIfPresent(Int.self, forKey: .equalTimes) ?? 0
        overlappingStrokes = try c.decodeIfPresent(Int.self, forKey: .overlappingStrokes) ?? 0
        restartedClocks = try c.decodeIfPresent(Int.self, forKey: .restartedClocks) ?? 0
        synthesizedTimes = try c.decodeIfPresent(Int.self, forKey: .synthesizedTimes) ?? 0
        timesNotInSeconds = try c.decodeIfPresent(Int.self, forKey: .timesNotInSeconds) ?? 0
        timeUnit = try c.decodeIfPresent(InkTimeUnit.self, forKey: .timeUnit)
        timesPerStroke = try c.decodeIfPresent(Int.self, forKey: .timesPerStroke) ?? 0
        joinedStrokes = try c.decodeIfPresent(Int.self, forKey: .joinedStrokes) ?? 0
        spikeSamples = try c.decodeIfPresent(Int.self, forKey: .spikeSamples) ?? 0
    }

    /// Whether the ink's times are the writer's own.
    public var isTimed: Bool { synthesizedTimes == 0 }
    /// Whether the time between strokes is the writer's own (no stroke's clock started again).
    public var isAirTimed: Bool { isTimed && restartedClocks == 0 }

    public var total: Int { duplicateSamples + backwardTimes + equalTimes + overlappingStrokes + joinedStrokes + spikeSamples }
}

enum InkRepair {
    /// A timestamp may slip back this far (seconds) and still be a device's rounding; more is a clock
    /// that cannot be trusted and the ink is refused.
    static let backwardTolerance = 0.02
    /// A pen lifted and set down again at the same place within this (seconds) did not really lift:
    /// lifting and landing on purpose takes a hand far longer.
    static let glitchGap = 0.05
    /// "The same place": within this share of the ink's extent (its bounding box diagonal), or two
    /// and a half of the pen's last steps.
    static let glitchDistance = 0.03

    /// The strokes without the samples that jumped far off the letter and back (`InkGlitches`),
    /// and how many there were; no stroke is left empty. Done before times are judged or given along
    /// the strokes: the jump would count as writing.
    static func removingSpikes(_ strokes: [[PenSample]]) -> (strokes: [[PenSample]], removed: Int) {
        InkGlitches.withoutSpikes(strokes, at: \.point)
    }

    /// Repairs `strokes` (already checked for finite numbers) and counts what was done; throws when a
    /// time runs back further than `backwardTolerance`, which no repair can make sense of.
    static func repair(_ strokes: [[PenSample]]) throws(InkFileError) -> (strokes: [[PenSample]], repairs: InkRepairs) {
        var repairs = InkRepairs()
        var out: [[PenSample]] = []
        var previousEnd: Double?
        var previousStart: Double?  // as the file gave it
        let samePlace = glitchDistance * extent(strokes)
        for (k, raw) in strokes.enumerated() {
            var stroke: [PenSample] = []
            stroke.reserveCapacity(raw.count)
            for (i, s) in raw.enumerated() {
                var s = s
                if let last = stroke.last {
                    if s.x == last.x && s.y == last.y && s.t == last.t { repairs.duplicateSamples += 1; continue }
                    if s.t < last.t {
                        guard last.t - s.t <= backwardTolerance else {
                            throw InkFileError(.timeGoesBack, "stroke \(k + 1), sample \(i + 1): time goes backwards by \(milliseconds(last.t - s.t)) ms (more than \(milliseconds(backwardTolerance)) ms cannot be repaired)")
                        }
                        s.t = last.t
                        repairs.backwardTimes += 1
                    }
                }
                stroke.append(s)
            }
            repairs.equalTimes += spreadEqualTimes(&stroke)
            // A stroke that begins no later than the one before began is a clock started again,
            // however short that stroke was (a dot of 15 ms, then a stem from 0 again).
            let restarts = stroke.first.flatMap { first in previousStart.map { first.t <= $0 } } ?? false
            if let first = stroke.first { previousStart = first.t }
            if let end = previousEnd, let first = stroke.first, first.t < end {
                let shift = end - first.t
                if shift > backwardTolerance || restarts { repairs.restartedClocks += 1 }
                stroke = stroke.map { var s = $0; s.t += shift; return s }
                repairs.overlappingStrokes += 1
            } else if let end = out.last?.last, let first = stroke.first, first.t - end.t <= glitchGap,
                      (first.x - end.x).hypot(first.y - end.y) <= max(samePlace, 2.5 * lastStep(of: out[out.count - 1])) {
                // Not for a stroke just moved (its gap is the repair's, not the pen's).
                out[out.count - 1] += first.x == end.x && first.y == end.y && first.t == end.t ? Array(stroke.dropFirst()) : stroke
                repairs.joinedStrokes += 1
                previousEnd = out[out.count - 1].last?.t ?? previousEnd
                continue
            }
            previousEnd = stroke.last?.t ?? previousEnd
            out.append(stroke)
        }
        return (out, repairs)
    }

    /// Runs of samples at one time but different places get times spread evenly between that time
    /// and the next sample's (a run at the very end keeps its time: spreading it forward would make
    /// the stroke end later than the device said, and the next stroke seem to overlap it).
    /// Returns how many samples were given a new time.
    private static func spreadEqualTimes(_ stroke: inout [PenSample]) -> Int {
        var changed = 0, i = 0
        while i < stroke.count {
            var j = i
            while j + 1 < stroke.count && stroke[j + 1].t == stroke[i].t { j += 1 }
            if j > i, j + 1 < stroke.count {
                let t0 = stroke[i].t, step = (stroke[j + 1].t - t0) / Double(j - i + 1)
                for k in (i + 1)...j { stroke[k].t = t0 + Double(k - i) * step }
                changed += j - i
            }
            i = j + 1
        }
        return changed
    }

    /// How far the pen moved between a stroke's last two samples: a pen that carries on at its pace
    /// lands about that far on.
    private static func lastStep(of stroke: [PenSample]) -> Double {
        guard stroke.count >= 2 else { return 0 }
        let a = stroke[stroke.count - 2], b = stroke[stroke.count - 1]
        return (b.x - a.x).hypot(b.y - a.y)
    }

    /// The diagonal of all samples' bounding box.
    private static func extent(_ strokes: [[PenSample]]) -> Double {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for stroke in strokes {
            for s in stroke { minX = min(minX, s.x); maxX = max(maxX, s.x); minY = min(minY, s.y); maxY = max(maxY, s.y) }
        }
        return maxX >= minX ? (maxX - minX).hypot(maxY - minY) : 0
    }

    private static func milliseconds(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }
}
