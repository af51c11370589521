import Foundation

/// `feder assess --batch`: many ink files in one run, one JSON object per line in and out, so that
/// calibration on thousands of real letters does not start a process (and load the recognizer) for
/// each. Each input line is an ink file (docs/ASSESSMENT.md §1) with `"glyph"` and optionally
/// `"script"`, `"variant"`, `"phase"` and `"id"` (any JSON value, echoed back; its numbers rounded as
/// the answer's are) beside `"strokes"`;
/// each output line is the assessment (compact, keys sorted, numbers rounded) with the `id`, or
/// `{"id", "error"}` for a line that cannot be judged, saying why — and, from the command, `"line"`:
/// the number of the input line it answers (from 1), so that an answer without an id still says
/// which line it is about. A bad line never stops the rest.
public enum AssessmentBatch {
    struct Header: Decodable {
        var glyph: String
        var script: String?
        var variant: String?
        var phase: LessonPhase?

        enum CodingKeys: String, CodingKey, CaseIterable { case glyph, script, variant, phase }

        init(from decoder: any Decoder) throws {
            // Not "id": it is only echoed, and a data set's own "ID" is no misspelt one.
            try MisspeltKey.check(decoder, known: CodingKeys.allCases.map(\.rawValue))
            let c = try decoder.container(keyedBy: CodingKeys.self)
            glyph = try c.decode(String.self, forKey: .glyph)
            script = try c.decodeIfPresent(String.self, forKey: .script)
            variant = try c.decodeIfPresent(String.self, forKey: .variant)
            phase = try c.decodeIfPresent(LessonPhase.self, forKey: .phase)
        }
    }

    /// The line's `id`, read apart so that a line refused for another field still names itself.
    struct Identified: Decodable {
        var id: JSONValue?
    }

    struct Answer: Encodable {
        var id: JSONValue?
        var line: Int?
        var assessment: AttemptAssessment

        func encode(to encoder: any Encoder) throws {
            try assessment.encode(to: encoder)
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeIfPresent(id, forKey: .id)
            try c.encodeIfPresent(line, forKey: .line)
        }
        enum Key: String, CodingKey { case id, line }
    }

    struct Refusal: Encodable {
        var id: JSONValue?
        var line: Int?
        var error: String
    }

    /// A line's glyph, its ink as read (y down) and whether it said its own `yAxis`, for checks over
    /// the whole data set (`UpsideDownCheck`); nil for a line that cannot be read or whose glyph is
    /// not among `labels` (its ink is then not read at all).
    public static func labelledInk(_ line: Data, yAxis: InkFile.YAxis = .down,
                                   among labels: [String]) -> (glyph: String, strokes: [[Point]], ownAxis: Bool)? {
        guard let header = try? JSONDecoder().decode(Header.self, from: line), labels.contains(header.glyph),
              let file = try? InkFile.decode(line, yAxis: yAxis) else { return nil }
        let ownAxis = (try? JSONDecoder().decode(OwnAxis.self, from: line))?.yAxis != nil
        return (header.glyph, file.strokes.map { $0.map { Point($0.x, $0.y) } }, ownAxis)
    }

    private struct OwnAxis: Decodable { var yAxis: InkFile.YAxis? }

    /// One input line to one output line (without the newline); `number` is the input line's number.
    /// `defaultPhase` judges lines that name no phase; `tolerance` is guided lines' tracking radius.
    public static func answer(_ line: Data, number: Int? = nil, library: GlyphLibrary, defaultScript: String = "druck",
                              defaultPhase: LessonPhase = .freeWrite, tolerance: TrackingTolerance = .standard,
                              recognizer: LetterRecognizer?, yAxis: InkFile.YAxis = .down) -> Data {
        let id = (try? JSONDecoder().decode(Identified.self, from: line))?.id
        do {
            let header: Header
            do { header = try JSONDecoder().decode(Header.self, from: line) } catch { throw BatchError(problem(error)) }
            let glyph: Glyph
            do { glyph = try library.glyph(header.glyph, script: header.script ?? defaultScript, variant: header.variant) } catch {
                throw BatchError(String(describing: error))
            }
            let file: InkFile
            do { file = try InkFile.decode(line, yAxis: yAxis) } catch { throw BatchError("ink file: \(error.message)") }
            let assessment = try AssessmentReport.assess(file, glyph: glyph, phase: header.phase ?? defaultPhase,
                                                            tolerance: tolerance, recognizer: recognizer)
            return try compact(Answer(id: id, line: number, assessment: assessment))
        } catch {
            let why = (error as? BatchError)?.message ?? String(describing: error)
            return (try? compact(Refusal(id: id, line: number, error: why))) ?? Data("{\"error\":\"unwritable\"}".utf8)
        }
    }

    /// Why a line's glyph, script, variant or phase cannot be read.
    static func problem(_ error: any Error) -> String {
        if let misspelt = error as? MisspeltKey { return misspelt.description }
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?:
            return "each line needs \"\(key.stringValue)\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            if let key = context.codingPath.first?.stringValue {
                return key == "phase" ? "\"phase\" is one of \(LessonPhase.allCases.map(\.rawValue).joined(separator: ", "))"
                    : "\"\(key)\" must be a string"
            }
            return "a line must be a JSON object"
        default:
            return "a line must be a JSON object"
        }
    }

    static func compact<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let tree = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        return try encoder.encode(tree.withoutUnmeasuredTiming().rounded(decimals: 4))
    }

    struct BatchError: Error { var message: String; init(_ m: String) { message = m } }
}
