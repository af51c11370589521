import Foundation

/// The unit an ink file's times are written in, judged from the ink itself: data sets and devices
/// keep seconds (iOS, IAM-OnDB), milliseconds (browsers, most logs) or nanoseconds (Android's
/// clock), and none of them says so in the file. A pen samples every 2–250 ms while it is down
/// (`InkTimeUnit.shortestSampleStep`…`longestSampleStep`: a 500 Hz pen to a 4 Hz trickle), so the
/// median step between samples tells the unit as long as there are enough steps to take one.
public enum InkTimeUnit: String, Sendable, Codable, CaseIterable {
    case seconds = "s"
    case milliseconds = "ms"
    case microseconds = "us"
    case nanoseconds = "ns"

    /// How many of this unit make a second.
    public var perSecond: Double {
        switch self {
        case .seconds: 1
        case .milliseconds: 1e3
        case .microseconds: 1e6
        case .nanoseconds: 1e9
        }
    }

    /// The longest step between two samples of a stroke that is still a pen's sampling (seconds).
    /// Half the steps longer than this and the times are not seconds.
    static let longestSampleStep = 0.25
    /// The shortest median step another unit is taken for (seconds): a pen of 500 Hz. Below it the
    /// times are more likely a counter (0, 1, 2, … read as milliseconds would make a letter last a
    /// tenth of a second) than a clock of 1 kHz, and are not the writer's timing.
    static let shortestSampleStep = 0.002
    /// Ink of fewer steps is taken for seconds unless another unit fits its steps: two or three
    /// samples cannot tell a slow clock or a counter from another unit, but a dot or a short stroke
    /// of a browser's milliseconds (steps of 4–33) is no pen in seconds either.
    static let stepsToJudge = 8

    /// The unit of `strokes`' times, or nil when they are neither seconds nor any unit a pen's
    /// sampling fits (a counter, times a few per letter): those are not the writer's timing. Steps of
    /// zero (a clock's rounding) are left out.
    static func of(_ strokes: [[PenSample]]) -> InkTimeUnit? {
        var steps: [Double] = []
        for stroke in strokes where stroke.count > 1 {
            for i in 1..<stroke.count {
                let step = abs(stroke[i].t - stroke[i - 1].t)
                if step > 0 { steps.append(step) }
            }
        }
        guard !steps.isEmpty else { return .seconds }
        steps.sort()
        let median = steps[steps.count / 2]
        if median <= longestSampleStep { return .seconds }
        let unit = allCases.dropFirst().first { unit in
            let inSeconds = median / unit.perSecond
            return inSeconds >= shortestSampleStep && inSeconds <= longestSampleStep
        }
        return unit ?? (steps.count < stepsToJudge ? .seconds : nil)
    }

    /// `strokes` with their times in seconds, counted from the first sample. (A clock of nanoseconds
    /// since 1970 is past a Double's whole numbers: its times were rounded to a quarter of a
    /// microsecond when the file was read, which no pen's timing notices.)
    static func converting(_ strokes: [[PenSample]], from unit: InkTimeUnit) -> [[PenSample]] {
        guard unit != .seconds, let origin = strokes.first(where: { !$0.isEmpty })?.first?.t else { return strokes }
        return strokes.map { stroke in
            stroke.map { sample in
                var s = sample
                s.t = (sample.t - origin) / unit.perSecond
                return s
            }
        }
    }
}
