import FederCore
import Foundation
import Hummingbird

/// Request bodies of the adults' and the research API, decoded so that a mistake is told in German,
/// naming the field and what it takes. Hummingbird's own answer is English and names Swift types
/// ("Cannot initialize SpeechRate from invalid String value fast").
extension Request {
    func decodeForAdults<T: Decodable>(as type: T.Type, context: some RequestContext) async throws -> T {
        // The body is kept: Foundation's decoder on Linux says only "not valid JSON" when a number
        // does not fit its field (1.5 for a whole number), and the body tells which field it was.
        var request = self
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        do {
            return try await context.requestDecoder.decode(type, from: request, context: context)
        } catch let error as DecodingError {
            let data = Data(buffer: body)
            throw AdultError(.badRequest, "bad_request", AdultDecoding.describe(error, numbersThatDoNotFit: {
                AdultDecoding.fieldsWithoutAWholeNumber(data, decoding: type)
            }))
        }
    }
}

enum AdultDecoding {
    /// What each field with a fixed set of values takes, by its JSON name.
    static let allowed: [String: [String]] = [
        "animal": Animal.allCases.map(\.rawValue), "colour": AvatarColour.allCases.map(\.rawValue),
        "handedness": Handedness.allCases.map(\.rawValue), "pointer": PointerKind.allCases.map(\.rawValue),
        "courseOrder": CourseOrder.allCases.map(\.rawValue), "speechRate": ChildSettings.SpeechRate.allCases.map(\.rawValue),
        "appearance": ChildSettings.Appearance.allCases.map(\.rawValue), "lineWeight": ChildSettings.LineWeight.allCases.map(\.rawValue),
        "arm": StudyCondition.allCases.map(\.rawValue), "consentBy": ConsentGiver.allCases.map(\.rawValue),
    ]

    /// - Parameter numbersThatDoNotFit: the fields whose number is the reason the body did not decode.
    static func describe(_ error: DecodingError, numbersThatDoNotFit: () -> [String]? = { nil }) -> String {
        switch error {
        case .keyNotFound(let key, _):
            return "Es fehlt das Feld „\(key.stringValue)“."
        case .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return "Der Inhalt ist kein gültiges JSON-Objekt."
        case .valueNotFound(_, let context):
            return "Das Feld „\(field(context))“ braucht einen Wert."
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "Der Inhalt ist kein gültiges JSON-Objekt."
        case .typeMismatch(let type, let context):
            return "Das Feld „\(field(context))“ braucht \(expected(type, field: field(context)))."
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else {
                // The whole body: not JSON, or fields the request does not know (`ChildChange`).
                if context.debugDescription.hasPrefix("unknown fields: ") {
                    return "Unbekannte Felder: \(context.debugDescription.dropFirst("unknown fields: ".count))."
                }
                if let fields = numbersThatDoNotFit(), !fields.isEmpty {
                    return "Das Feld „\(fields.joined(separator: "“, „"))“ braucht eine ganze Zahl (ohne Komma, nicht so groß)."
                }
                return "Der Inhalt ist kein gültiges JSON-Objekt."
            }
            let name = field(context)
            if let values = allowed[name] { return "Ungültiger Wert für „\(name)“: erlaubt sind \(values.joined(separator: ", "))." }
            return "Ungültiger Wert für „\(name)“."
        @unknown default:
            return "Die Anfrage ist ungültig."
        }
    }

    /// The top-level fields of a JSON object whose number is not a whole number that fits 64 bits
    /// and is why `type` did not decode: each such number is replaced by 0 in turn, and the field
    /// counts if the body then decodes past it (a field that takes fractions is not blamed). Nil
    /// when the body is no JSON object.
    static func fieldsWithoutAWholeNumber<T: Decodable>(_ body: Data, decoding type: T.Type) -> [String]? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        let suspects = object.compactMap { key, value -> String? in
            guard let number = value as? NSNumber, !(value is Bool) else { return nil }
            let double = number.doubleValue
            return double.rounded() == double && abs(double) < 9.2e18 ? nil : key
        }
        func stillUnreadable(_ body: [String: Any]) -> Bool {
            guard let data = try? JSONSerialization.data(withJSONObject: body) else { return true }
            do {
                _ = try JSONDecoder().decode(type, from: data)
                return false
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                return !context.debugDescription.hasPrefix("unknown fields: ")
            } catch {
                return false
            }
        }
        return suspects.filter { key in
            var whole = object
            for other in suspects where other != key { whole[other] = 0 }
            // With every other suspect whole, this one alone still keeps the body from decoding.
            return stillUnreadable(whole)
        }.sorted()
    }

    private static func field(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func expected(_ type: Any.Type, field: String) -> String {
        if let values = allowed[field] { return "einen dieser Werte: \(values.joined(separator: ", "))" }
        switch type {
        case is Bool.Type: return "true oder false"
        case is Int.Type: return "eine ganze Zahl"
        case is Double.Type: return "eine Zahl"
        case is String.Type: return "einen Text"
        default: return "einen anderen Wert"
        }
    }
}
