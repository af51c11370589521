import FederCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FederServer

/// A mistake in a request body of the adults' API is told in German, naming the field and what it
/// takes — not in Swift's words ("Cannot initialize SpeechRate from invalid String value fast").
@Suite("Adults' requests: German refusals")
struct AdultDecodingTests {
    typealias A = AdultAreaTests

    struct Refusal: Decodable {
        struct Detail: Decodable { var code: String; var message: String }
        var error: Detail
    }

    @Test(arguments: [
        (#"{"speechRate":"fast"}"#, "Ungültiger Wert für „speechRate“: erlaubt sind slow, normal."),
        (#"{"appearance":3}"#, "Das Feld „appearance“ braucht einen dieser Werte: system, light, dark."),
        (#"{"dailyGoal":"five"}"#, "Das Feld „dailyGoal“ braucht eine ganze Zahl."),
        (#"{"toleranceOverride":"x"}"#, "Das Feld „toleranceOverride“ braucht eine Zahl."),
        (#"{"paperTransfer":"ja"}"#, "Das Feld „paperTransfer“ braucht true oder false."),
        (#"{"name":5}"#, "Das Feld „name“ braucht einen Text."),
        (#"{"dailygoal":5}"#, "Unbekannte Felder: dailygoal."),
        (#"[1,2]"#, "Der Inhalt ist kein gültiges JSON-Objekt."),
    ])
    func aBadChangeIsRefusedInGerman(body: String, message: String) async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let (_, cookie) = try await A.answerGate(client)
            let created = try await client.execute(uri: "/api/v1/profiles", method: .post, headers: [.cookie: cookie!],
                                                   body: A.json(["animal": "fuchs", "colour": "rot"]))
            struct Created: Decodable { var id: String }
            let id = try A.decode(Created.self, created).id
            let response = try await client.execute(uri: "/api/v1/children/\(id)", method: .patch, headers: [.cookie: cookie!],
                                                    body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            let refusal = try A.decode(Refusal.self, response)
            #expect(refusal.error.code == "bad_request")
            #expect(refusal.error.message == message)
        }
    }

    @Test func aNewChildWithAnUnknownAnimalIsToldTheAnimals() async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let (_, cookie) = try await A.answerGate(client)
            let response = try await client.execute(uri: "/api/v1/profiles", method: .post, headers: [.cookie: cookie!],
                                                    body: A.json(["animal": "drache", "colour": "rot"]))
            #expect(response.status == .badRequest)
            let message = try A.decode(Refusal.self, response).error.message
            #expect(message.hasPrefix("Ungültiger Wert für „animal“: erlaubt sind ") && message.contains("fuchs"))
            let missing = try await client.execute(uri: "/api/v1/profiles", method: .post, headers: [.cookie: cookie!],
                                                   body: A.json(["animal": "fuchs"]))
            #expect(try A.decode(Refusal.self, missing).error.message == "Es fehlt das Feld „colour“.")
        }
    }
}
