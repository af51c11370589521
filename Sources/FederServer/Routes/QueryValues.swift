import Foundation
import Hummingbird

/// Query values read strictly: a value that is there but malformed is answered 400, never taken as
/// if it were absent (a typo in `child=` must not return every child, nor an empty list).
enum QueryValues {
    /// `child=`: a child's id (a UUID, in the store's lowercase spelling).
    static func child(_ request: Request) throws -> String? {
        guard let text = request.uri.queryParameters.get("child") else { return nil }
        guard let id = UUID(uuidString: text) else {
            throw HTTPError(.badRequest, message: "child: die Kennung eines Kindes (eine UUID)")
        }
        return id.uuidString.lowercased()
    }

    /// A yes/no value: `true`/`false` (or `1`/`0`); absent is `false`.
    static func flag(_ request: Request, _ name: String) throws -> Bool {
        switch request.uri.queryParameters.get(name) {
        case nil, "false", "0": return false
        case "true", "1": return true
        default: throw HTTPError(.badRequest, message: "\(name): true oder false")
        }
    }
}
