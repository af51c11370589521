import FederCore
import Foundation
import GRDB

// Ink and draft samples are stored as JSON text in the layout of their Codable conformances
// (layout 1 of `VersionedJSON`), as GRDB would store them through `JSONEncoder` — written by
// `InkJSONWriter` instead, which costs a fraction of the encoder's time (docs/PERFORMANCE.md), and
// read by the fast scanner with the decoder as fallback.
//
// A number that is not finite cannot be written as JSON: `LessonStore` refuses such ink with
// `LessonStore.Failure.inkNotFinite` before writing (the encoder used to throw), so the NULL
// answered here for it is never stored.

extension Ink: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue {
        InkJSONWriter.json(self)?.databaseValue ?? .null
    }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Ink? {
        guard let json = String.fromDatabaseValue(dbValue) else { return nil }
        return try? VersionedJSON.ink(json, version: 1)
    }
}

// GRDB's value protocols refine these two; a conditional conformance must name them itself.
extension Array: @retroactive SQLExpressible where Element == PenSample {}
extension Array: @retroactive StatementBinding where Element == PenSample {}

extension Array: @retroactive DatabaseValueConvertible where Element == PenSample {
    public var databaseValue: DatabaseValue {
        InkJSONWriter.json(self)?.databaseValue ?? .null
    }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> [PenSample]? {
        guard let json = String.fromDatabaseValue(dbValue) else { return nil }
        return try? VersionedJSON.samples(json, version: 1)
    }
}

extension Ink {
    /// Whether every number can be stored (JSON has no spelling for infinity or NaN).
    var isStorable: Bool { strokes.allSatisfy(\.isStorable) }
}

extension [PenSample] {
    var isStorable: Bool {
        allSatisfy { s in
            s.x.isFinite && s.y.isFinite && s.t.isFinite && (s.pressure?.isFinite ?? true)
                && (s.tiltX?.isFinite ?? true) && (s.tiltY?.isFinite ?? true)
        }
    }
}
