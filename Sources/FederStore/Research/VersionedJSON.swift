import FederCore
import Foundation
import GRDB

/// Reads a JSON column by the layout version stored beside it. Version 1 is the Codable layout the
/// types had when versions were introduced; a later layout adds a case here and keeps the old one,
/// so that rows written by earlier versions stay readable.
public enum VersionedJSON {
    public enum DecodingFailure: Error, Equatable, CustomStringConvertible {
        case unsupportedVersion(column: String, version: Int)
        case invalid(column: String, message: String)

        public var description: String {
            switch self {
            case .unsupportedVersion(let column, let version): return "\(column): layout version \(version) is unknown"
            case .invalid(let column, let message): return "\(column): \(message)"
            }
        }
    }

    public static func phaseRecord(_ json: String, version: Int) throws -> PhaseRecord {
        switch version {
        case 1: return try decode(PhaseRecord.self, json, column: "phaseRecord.record")
        default: throw DecodingFailure.unsupportedVersion(column: "phaseRecord.record", version: version)
        }
    }

    /// Of a stored phase record, only what the research dashboard shows: decoding the whole record
    /// for every attempt was most of the dashboard's time.
    public static func dashboardParts(_ json: String, version: Int) throws -> PhaseRecordDashboardParts {
        switch version {
        case 1: return try decode(PhaseRecordDashboardParts.self, json, column: "phaseRecord.record")
        default: throw DecodingFailure.unsupportedVersion(column: "phaseRecord.record", version: version)
        }
    }

    public static func ink(_ json: String, version: Int) throws -> Ink {
        switch version {
        case 1:
            // The fast path reads what `Ink` encodes to; anything else goes to the decoder.
            if let ink = InkJSONScanner.ink(json) { return ink }
            return try decode(Ink.self, json, column: "phaseRecord.ink")
        default: throw DecodingFailure.unsupportedVersion(column: "phaseRecord.ink", version: version)
        }
    }

    public static func learner(_ json: String, version: Int) throws -> LearnerState {
        switch version {
        case 1: return try decode(LearnerState.self, json, column: "child.learner")
        default: throw DecodingFailure.unsupportedVersion(column: "child.learner", version: version)
        }
    }

    public static func samples(_ json: String, version: Int) throws -> [PenSample] {
        switch version {
        case 1: return try decode([PenSample].self, json, column: "draftStroke.samples")
        default: throw DecodingFailure.unsupportedVersion(column: "draftStroke.samples", version: version)
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ json: String, column: String) throws -> T {
        do {
            // The same decoder GRDB uses for the records' JSON columns.
            return try PhaseRecordRow.databaseJSONDecoder(for: column).decode(T.self, from: Data(json.utf8))
        } catch {
            throw DecodingFailure.invalid(column: column, message: String(describing: error))
        }
    }
}

/// The parts of a `PhaseRecord` (layout 1) the research dashboard uses, under the same keys.
public struct PhaseRecordDashboardParts: Decodable, Sendable {
    public var assessment: Assessment?
    /// Read leniently (a pick the dashboard cannot read counts as no pick): the scheduler's figures
    /// must not make the dashboard refuse a record the rest of it reads.
    public var pick: ResearchDashboard.PickParts?

    private enum CodingKeys: String, CodingKey { case assessment, pick }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        assessment = try c.decodeIfPresent(Assessment.self, forKey: .assessment)
        pick = try? c.decodeIfPresent(ResearchDashboard.PickParts.self, forKey: .pick)
    }

    public struct Assessment: Decodable, Sendable {
        public var motor: MotorDimensions?
        public var clarity: Clarity?
    }
}
