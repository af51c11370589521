import FederStore
import Foundation
import Hummingbird

/// A refusal from the adult area or its guards, answered as JSON with a stable code the page can act
/// on: `{"error": {"code": "...", "message": "...", "retryAfter": 30}}`.
struct AdultError: HTTPResponseError {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    /// Seconds until a lock opens (with 429).
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, retryAfter: Int? = nil) {
        self.status = status; self.code = code; self.message = message; self.retryAfter = retryAfter
    }

    static let signInRequired = AdultError(.unauthorized, "adult_only", "Nur für Erwachsene: bitte zuerst die Aufgabe lösen.")

    /// `work`, with a picture another child already has answered 409 `avatar_taken` (ChildStore).
    static func refusingTakenAvatars<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch is AvatarTaken {
            throw AdultError(.conflict, "avatar_taken",
                             "Dieses Bild hat schon ein anderes Kind. Bitte ein anderes Tier oder eine andere Farbe wählen.")
        }
    }

    private struct Body: Encodable {
        struct Detail: Encodable { var code: String; var message: String; var retryAfter: Int? }
        var error: Detail
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let data = try JSONEncoder().encode(Body(error: .init(code: code, message: message, retryAfter: retryAfter)))
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
