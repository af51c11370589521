import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FederServer

/// The worksheet routes through the real router: adults only, the sheet's pages as described, each
/// page an A4 SVG, and every bad query answered with a German refusal and its code.
@Suite("Worksheet routes")
struct WorksheetRoutesTests {
    struct Layout: Decodable { var script: String; var letters: [String]; var rowsPerLetter: Int; var rowsPerPage: Int; var pages: [[String]] }
    struct Refusal: Decodable { struct Detail: Decodable { var code: String; var message: String }; var error: Detail }

    @Test func anAdultGetsTheSheetPageByPage() async throws {
        let h = try AdultAreaTests.Harness()
        try await h.app.test(.router) { client in
            let query = "script=druck&letters=MmAaO&rows=2"
            #expect(try await client.execute(uri: "/api/v1/worksheet?\(query)", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/api/v1/worksheet/pages/1?\(query)", method: .get).status == .unauthorized)
            let (_, cookie) = try await AdultAreaTests.answerGate(client)
            let headers: HTTPFields = [.cookie: cookie!]
            let layout = try AdultAreaTests.decode(Layout.self, try await client.execute(uri: "/api/v1/worksheet?\(query)", method: .get, headers: headers))
            #expect(layout.letters == ["M", "m", "A", "a", "O"] && layout.pages == [["M", "m", "A", "a"], ["O"]])
            #expect(layout.rowsPerLetter == 2 && layout.rowsPerPage == 8)
            let page = try await client.execute(uri: "/api/v1/worksheet/pages/2?\(query)", method: .get, headers: headers)
            #expect(page.status == .ok && page.headers[.contentType] == "image/svg+xml; charset=utf-8")
            let svg = String(buffer: page.body)
            #expect(svg.hasPrefix("<svg") && svg.contains(#"width="210mm""#) && svg.contains("2 / 2"))
            // Umlauts and ß travel percent-encoded, as the page sends them.
            let umlauts = try await client.execute(uri: "/api/v1/worksheet?letters=%C3%84%C3%9F", method: .get, headers: headers)
            #expect(try AdultAreaTests.decode(Layout.self, umlauts).letters == ["Ä", "ß"])
        }
    }

    @Test func badQueriesAreRefusedInGerman() async throws {
        let h = try AdultAreaTests.Harness()
        try await h.app.test(.router) { client in
            let (_, cookie) = try await AdultAreaTests.answerGate(client)
            let headers: HTTPFields = [.cookie: cookie!]
            func refusal(_ uri: String) async throws -> (HTTPResponse.Status, Refusal.Detail) {
                let response = try await client.execute(uri: uri, method: .get, headers: headers)
                return (response.status, try AdultAreaTests.decode(Refusal.self, response).error)
            }
            let unknown = try await refusal("/api/v1/worksheet?letters=M%3F%E2%82%AC")
            #expect(unknown.0 == .badRequest && unknown.1.code == "bad_worksheet" && unknown.1.message.hasSuffix("? €"))
            let none = try await refusal("/api/v1/worksheet?letters=")
            #expect(none.0 == .badRequest && none.1.message == "Bitte mindestens einen Buchstaben wählen.")
            #expect(try await refusal("/api/v1/worksheet?letters=M&rows=abc").1.code == "bad_worksheet")
            #expect(try await refusal("/api/v1/worksheet?letters=M&rows=9").1.message.contains("9 Zeilen"))
            #expect(try await refusal("/api/v1/worksheet?letters=M&script=kurrent").1.message == "Diese Schrift gibt es nicht.")
            let missing = try await refusal("/api/v1/worksheet/pages/2?letters=M")
            #expect(missing.0 == .notFound && missing.1.code == "no_page")
            #expect(try await refusal("/api/v1/worksheet/pages/x?letters=M").0 == .notFound)
        }
    }
}
