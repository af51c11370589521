import Foundation

/// What `feder assess` does, as a function: an ink file in, the whole assessment out as JSON. The
/// command only reads arguments and files around it, so tests run exactly this path.
public enum AssessmentReport {
    public enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        case badInk(InkFileError)
        case phaseNotAssessed(LessonPhase)
        /// Guided tracing is judged with its pace, which ink without the writer's timing does not have
        /// (times missing, or replaced because they fit no pen's sampling in any unit: `InkFile`;
        /// times in milliseconds and the like are read in their unit and judged).
        case untimedGuided
        /// The assessment could not be written as JSON (a value that is not a finite number).
        case notEncodable(String)

        public var description: String {
            switch self {
            case .badInk(let e): return "ink file: \(e.message)"
            case .phaseNotAssessed(let p): return "phase '\(p.rawValue)' has no ink to assess; use guided or freeWrite"
            case .untimedGuided:
                return "guided tracing is judged with its pace, and this ink has no writer's timing (no times, one time per stroke, "
                    + "or times that fit no pen's sampling in seconds, milliseconds, microseconds or nanoseconds, such as a sample counter); "
                    + "judge it as freeWrite or give every sample its time"
            case .notEncodable(let why): return "the assessment could not be written as JSON: \(why)"
            }
        }
    }

    /// Places the file's ink onto the glyph and assesses it as the given phase.
    /// With a recognizer, free writing also gets its Klarheit.
    public static func assess(_ file: InkFile, glyph: Glyph, phase: LessonPhase, tolerance: TrackingTolerance = .standard,
                              config: AssessmentConfig = .standard, recognizer: LetterRecognizer? = nil) throws(Failure) -> AttemptAssessment {
        if phase == .guided && !file.repairs.isTimed { throw .untimedGuided }
        let placed = file.placed(on: glyph, config: config)
        let options = AssessmentOptions(placement: placed.method, config: config, timed: file.repairs.isTimed,
                                        airTimed: file.repairs.isAirTimed)
        var assessment: AttemptAssessment
        switch phase {
        case .guided: assessment = GuidedAssessor.assess(placed.ink, glyph: glyph, tolerance: tolerance, options: options)
        case .freeWrite:
            assessment = FreeWriteAssessor.assess(placed.ink, glyph: glyph, options: options, recognizer: recognizer)
        case .observe, .direct: throw .phaseNotAssessed(phase)
        }
        assessment.repairs = file.repairs
        return assessment
    }

    /// The command's whole job: file bytes in, JSON bytes out.
    public static func run(_ data: Data, glyph: Glyph, phase: LessonPhase, tolerance: TrackingTolerance = .standard,
                           recognizer: LetterRecognizer? = nil, yAxis: InkFile.YAxis = .down) throws(Failure) -> Data {
        let file: InkFile
        do { file = try InkFile.decode(data, yAxis: yAxis) } catch { throw .badInk(error) }
        return try json(try assess(file, glyph: glyph, phase: phase, tolerance: tolerance, recognizer: recognizer))
    }

    /// Pretty JSON with sorted keys and numbers rounded to 4 decimals.
    public static func json<T: Encodable>(_ value: T) throws(Failure) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let tree = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
            return try encoder.encode(tree.withoutUnmeasuredTiming().rounded(decimals: 4))
        } catch {
            throw .notEncodable(String(describing: error))
        }
    }
}

/// A JSON document as a value, to round its numbers before printing.
enum JSONValue: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// An assessment's JSON without `Kinematics.clockKeys` when its ink had no times, and without
    /// `Kinematics.airKeys` when its strokes each came on their own clock: a report does not show
    /// synthesized or invented timing as if it were measured (`InkRepairs.synthesizedTimes`,
    /// `InkRepairs.restartedClocks`).
    func withoutUnmeasuredTiming() -> JSONValue {
        guard case .object(var top) = self, case .object(let repairs)? = top["repairs"],
              case .object(var kinematics)? = top["kinematics"] else { return self }
        func counted(_ key: String) -> Bool { if case .number(let n)? = repairs[key] { return n > 0 }; return false }
        let unmeasured = counted("synthesizedTimes") ? Kinematics.clockKeys : counted("restartedClocks") ? Kinematics.airKeys : []
        guard !unmeasured.isEmpty else { return self }
        for key in unmeasured { kinematics[key] = nil }
        top["kinematics"] = .object(kinematics)
        return .object(top)
    }

    func rounded(decimals: Int) -> JSONValue {
        let factor = pow(10, Double(decimals))
        switch self {
        case .number(let n):
            // A value that rounds to zero is 0, never "-0" (a slant of −0.00001 printed as -0).
            let r = (n * factor).rounded() / factor
            return .number(r == 0 ? 0 : r)
        case .array(let a): return .array(a.map { $0.rounded(decimals: decimals) })
        case .object(let o): return .object(o.mapValues { $0.rounded(decimals: decimals) })
        default: return self
        }
    }
}
