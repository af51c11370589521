import FederCore
import FederStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FederServer

/// The JSON API through the real router (HummingbirdTesting): what the child's page reads, and the
/// adult routes' answers to good and bad input once signed in.
@Suite("JSON API routes")
struct APIRoutesTests {
    typealias A = AdultAreaTests

    @Test func theChildsPageReadsGlyphsAndAvatarsWithoutASession() async throws {
        let h = try A.Harness()
        _ = try await h.services.children.create(avatar: Avatar(animal: .igel, colour: .gelb), displayName: "Ida", now: Date())
        try await h.app.test(.router) { client in
            let health = try await client.execute(uri: "/api/v1/health", method: .get)
            #expect(health.status == .ok)
            let glyph = try await client.execute(uri: "/api/v1/glyphs/druck/a", method: .get)
            #expect(glyph.status == .ok)
            let missing = try await client.execute(uri: "/api/v1/glyphs/druck/%E2%98%83", method: .get)
            #expect(missing.status == .notFound)
            // A letter outside ASCII as a page's encodeURIComponent sends it.
            for (sent, char) in [("%C3%A4", "ä"), ("%C3%9F", "ß"), ("%C3%9C", "Ü")] {
                let umlaut = try await client.execute(uri: "/api/v1/glyphs/druck/\(sent)", method: .get)
                #expect(umlaut.status == .ok, "\(char)")
                #expect(String(buffer: umlaut.body).contains("\"char\":\"\(char)\""), "\(char)")
            }
            let profiles = try await client.execute(uri: "/api/v1/profiles", method: .get)
            let tiles = try JSONSerialization.jsonObject(with: Data(buffer: profiles.body)) as? [[String: Any]]
            #expect(tiles?.count == 1 && tiles?.first?["animal"] as? String == "igel")
            #expect(tiles?.first?.keys.contains("settings") == false, "avatars only, no settings or records")
        }
    }

    @Test func badQueryValuesAndBodiesAreAnswered400() async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let (_, gateCookie) = try await A.answerGate(client)
            let gateOnly: HTTPFields = [.cookie: gateCookie!, .contentType: "application/json"]
            // Research data needs a session signed in with the parent PIN: refused without a PIN,
            // and still refused to the session that set it by the number task alone.
            let noPIN = try await client.execute(uri: "/api/v1/research/dashboard", method: .get, headers: gateOnly)
            #expect(noPIN.status == .forbidden && String(buffer: noPIN.body).contains("pin_required"))
            let setPIN = try await client.execute(uri: "/api/v1/adult/pin", method: .put, headers: gateOnly, body: ByteBuffer(string: #"{"pin":"2468"}"#))
            #expect(setPIN.status == .ok)
            // That session may correct the PIN it set (a typing mistake), but reaches no research data by it.
            let corrected = try await client.execute(uri: "/api/v1/adult/pin", method: .put, headers: gateOnly, body: ByteBuffer(string: #"{"pin":"1357"}"#))
            #expect(corrected.status == .ok)
            let stillNo = try await client.execute(uri: "/api/v1/research/export.tar", method: .get, headers: gateOnly)
            #expect(stillNo.status == .forbidden && String(buffer: stillNo.body).contains("pin_required"))
            let rating = try await client.execute(uri: "/api/v1/research/paper-ratings", method: .post, headers: gateOnly,
                                                  body: ByteBuffer(string: #"{"childID":"5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11","glyph":"a","face":2,"ratedBy":"adult"}"#))
            #expect(rating.status != .forbidden, "a paper rating from the dashboard needs no PIN")
            let (gate, _) = try await A.answerGate(client)
            let reply = try #require(try JSONSerialization.jsonObject(with: Data(buffer: gate.body)) as? [String: Any])
            let pass = try #require(reply["pass"] as? String, "the gate asks for the PIN next: \(reply)")
            let signedIn = try await client.execute(uri: "/api/v1/adult/pin", method: .post, headers: [.contentType: "application/json"],
                                                    body: ByteBuffer(string: #"{"pass":"\#(pass)","pin":"1357"}"#))
            let cookie = try #require(signedIn.headers[.setCookie]).split(separator: ";")[0]
            let headers: HTTPFields = [.cookie: String(cookie), .contentType: "application/json"]
            // A value that is there but malformed is refused, never read as absent.
            for uri in ["/api/v1/records?limit=abc", "/api/v1/records?limit=-1", "/api/v1/records?limit=5000",
                        "/api/v1/records?child=nope",
                        "/api/v1/research/children?child=nope", "/api/v1/research/dashboard?child=nope",
                        "/api/v1/research/dashboard?since=yesterday", "/api/v1/research/export.tar?format=xml",
                        "/api/v1/research/export.tar?samples=yes", "/api/v1/research/export.tar?child=nope",
                        "/api/v1/research/export.tar?since=2026-13-45"] {
                #expect(try await client.execute(uri: uri, method: .get, headers: headers).status == .badRequest, "\(uri)")
            }
            for uri in ["/api/v1/records?limit=3", "/api/v1/records?child=5B1F0A52-3C4E-4D7A-9A51-0C6F1F2B9E11",
                        "/api/v1/research/dashboard?since=2026-01-01", "/api/v1/research/export.tar?format=json&samples=false"] {
                #expect(try await client.execute(uri: uri, method: .get, headers: headers).status == .ok, "\(uri)")
            }
            // A well-formed id of no stored child (mistyped, or deleted) is refused by research as by
            // `feder export --child`: an empty download would look like a child who never wrote.
            for uri in ["/api/v1/research/children?child=5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11",
                        "/api/v1/research/dashboard?child=5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11",
                        "/api/v1/research/export.tar?child=5B1F0A52-3C4E-4D7A-9A51-0C6F1F2B9E11&format=json"] {
                let unknown = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(unknown.status == .notFound && String(buffer: unknown.body).contains("no_child"), "\(uri)")
            }
            let created = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers,
                                                   body: ByteBuffer(string: #"{"animal":"igel","colour":"rot"}"#))
            let childID = try #require((try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any])?["id"] as? String)
            for uri in ["/api/v1/research/children?child=\(childID)", "/api/v1/research/dashboard?child=\(childID)",
                        "/api/v1/research/export.tar?child=\(childID.uppercased())"] {
                #expect(try await client.execute(uri: uri, method: .get, headers: headers).status == .ok, "\(uri)")
            }
            let notJSON = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers, body: ByteBuffer(string: "{"))
            #expect(notJSON.status == .badRequest)
            let longName = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers,
                                                    body: ByteBuffer(string: #"{"animal":"igel","colour":"rot","name":"\#(String(repeating: "x", count: 41))"}"#))
            #expect(longName.status == .badRequest)
            for name in [#"Anna\nZeile"#, #"Ann\u200Ba"#, #"Anna\u202Exy"#] {
                let unseen = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers,
                                                      body: ByteBuffer(string: #"{"animal":"igel","colour":"rot","name":"\#(name)"}"#))
                #expect(unseen.status == .badRequest && String(buffer: unseen.body).contains("unsichtbare"), "\(name)")
            }
            let noChild = try await client.execute(uri: "/api/v1/children/5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11/dashboard",
                                                   method: .get, headers: headers)
            #expect(noChild.status == .notFound)
            let badID = try await client.execute(uri: "/api/v1/children/not-a-uuid", method: .get, headers: headers)
            #expect(badID.status == .badRequest)
            let badPIN = try await client.execute(uri: "/api/v1/adult/pin", method: .put, headers: headers, body: ByteBuffer(string: #"{"pin":"12a4"}"#))
            #expect(badPIN.status == .badRequest)
            // Only `{"pin": null}` removes a PIN: a body without the field (a misspelt key) is refused.
            for body in ["{}", #"{"pn":"5678"}"#] {
                let missing = try await client.execute(uri: "/api/v1/adult/pin", method: .put, headers: headers, body: ByteBuffer(string: body))
                #expect(missing.status == .badRequest, "\(body)")
            }
            // A session signed in with the PIN may change it; from then on the session that set the
            // earlier one may neither change nor remove it.
            let changed = try await client.execute(uri: "/api/v1/adult/pin", method: .put, headers: headers, body: ByteBuffer(string: #"{"pin":"8642"}"#))
            #expect(changed.status == .ok)
            for body in [#"{"pin":"1111"}"#, #"{"pin":null}"#] {
                let change = try await client.execute(uri: "/api/v1/adult/pin", method: .put, headers: gateOnly, body: ByteBuffer(string: body))
                #expect(change.status == .forbidden && String(buffer: change.body).contains("pin_required"), "\(body)")
            }
            // Every refusal of the API is JSON with a code, the framework's own included.
            for (method, uri, body, status, code) in [
                (HTTPRequest.Method.get, "/api/v1/nope", "", HTTPResponse.Status.notFound, "not_found"),
                (.put, "/api/v1/children/5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11", "", .notFound, "not_found"),
                (.delete, "/api/v1/children/5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11", "", .notFound, "no_child"),
                (.post, "/api/v1/children", "{", .badRequest, "bad_request"),
                (.post, "/api/v1/children", #"{"animal":3,"colour":"rot"}"#, .badRequest, "bad_request"),
                (.get, "/api/v1/records?limit=abc", "", .badRequest, "bad_request"),
                (.get, "/api/v1/glyphs/druck/%E2%98%83", "", .notFound, "not_found"),
            ] {
                let response = try await client.execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [String: Any]]
                #expect(response.status == status && json?["error"]?["code"] as? String == code, "\(method) \(uri): \(response.status)")
                #expect((json?["error"]?["message"] as? String)?.isEmpty == false, "\(uri)")
            }
            // A NUL ends a file name for the file system: the page must not come back as a script.
            for uri in ["/index.html%00.js", "/js/app.js%0A", "/index.html%00%FF.js", "/index.html%FF.js", "/js/app.js%7f"] {
                let response = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(response.status == .badRequest && !String(buffer: response.body).contains("<html"), "\(uri)")
            }
            // A refusal does not send a huge name back whole.
            let long = String(repeating: "x", count: 5000)
            let variant = try await client.execute(uri: "/api/v1/glyphs/druck/a?variant=\(long)", method: .get, headers: headers)
            #expect(variant.status == .notFound && variant.body.readableBytes < 500, "\(variant.body.readableBytes) bytes")
        }
    }

    /// A route whose storage fails answers 500 and leaves an error in the log, with its path; a
    /// client's mistake (400) is not logged as an error.
    @Test func aRouteWhoseStorageFailsIsLoggedAsAnError() async throws {
        let h = try A.Harness()
        let log = LogRecorder()
        try await Application(router: h.router, logger: log.logger).test(.router) { client in
            let (_, cookie) = try await A.answerGate(client)
            let headers: HTTPFields = [.cookie: cookie!, .contentType: "application/json"]
            let bad = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers, body: ByteBuffer(string: "{"))
            #expect(bad.status == .badRequest)
            #expect(!log.entries.contains { $0.level >= .error }, "a bad body is the client's mistake")

            try await h.services.database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
            let body = ByteBuffer(string: #"{"animal":"igel","colour":"rot","name":"Ida"}"#)
            let failed = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers, body: body)
            #expect(failed.status == .internalServerError)
            let answer = try JSONSerialization.jsonObject(with: Data(buffer: failed.body)) as? [String: [String: Any]]
            #expect(answer?["error"]?["code"] as? String == "internal_error", "JSON with a code, as every refusal of the API")
            #expect((answer?["error"]?["message"] as? String)?.contains("readonly") == false, "the cause stays in the log")
            let entry = try #require(log.entries.first { $0.level == .error && $0.message == "a request failed" })
            #expect(entry.metadata["path"] == "/api/v1/children" && entry.metadata["method"] == "POST")
            #expect("\(entry.metadata["error"] ?? "")".contains("readonly"))
        }
    }

    @Test func anAdultMakesArchivesAndRestoresAChild() async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let (_, cookie) = try await A.answerGate(client)
            let headers: HTTPFields = [.cookie: cookie!, .contentType: "application/json"]
            let made = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers,
                                                body: ByteBuffer(string: #"{"animal":"eule","colour":"blau","name":"Ben"}"#))
            #expect(made.status == .created)
            let id = try #require((try JSONSerialization.jsonObject(with: Data(buffer: made.body)) as? [String: Any])?["id"] as? String)
            _ = try await client.execute(uri: "/api/v1/children/\(id)", method: .patch, headers: headers,
                                         body: ByteBuffer(string: #"{"archived":true}"#))
            #expect(try await h.services.children.profiles().isEmpty, "archived: gone from Wer schreibt heute?")
            #expect(try await h.services.children.profiles(includeArchived: true).count == 1, "its data stays")
            _ = try await client.execute(uri: "/api/v1/children/\(id)", method: .patch, headers: headers,
                                         body: ByteBuffer(string: #"{"archived":false}"#))
            #expect(try await h.services.children.profiles().map(\.displayName) == ["Ben"])
            // Ben's owl is taken: neither the adult area nor the child's picker makes a second one,
            // and no other child is changed into it.
            for uri in ["/api/v1/children", "/api/v1/profiles"] {
                let twin = try await client.execute(uri: uri, method: .post, headers: headers,
                                                    body: ByteBuffer(string: #"{"animal":"eule","colour":"blau"}"#))
                #expect(twin.status == .conflict && String(buffer: twin.body).contains("avatar_taken"), "\(uri)")
            }
            let other = try await client.execute(uri: "/api/v1/children", method: .post, headers: headers,
                                                 body: ByteBuffer(string: #"{"animal":"eule","colour":"gruen"}"#))
            let otherID = try #require((try JSONSerialization.jsonObject(with: Data(buffer: other.body)) as? [String: Any])?["id"] as? String)
            let turned = try await client.execute(uri: "/api/v1/children/\(otherID)", method: .patch, headers: headers,
                                                  body: ByteBuffer(string: #"{"colour":"blau"}"#))
            #expect(turned.status == .conflict && String(buffer: turned.body).contains("anderes Kind"))
            #expect(try await h.services.children.profiles().count == 2)
        }
    }
}
