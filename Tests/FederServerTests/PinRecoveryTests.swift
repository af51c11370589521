import FederStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FederServer

/// A PIN typed wrong when it was set, or forgotten later, must not lock the parent out for good
/// (a parent review: the session that set a mistyped PIN got 403 changing it, and nothing said what
/// to do about a forgotten one). Neither way may open research data or let a stale session in.
@Suite("Correcting and forgetting the parent PIN")
struct PinRecoveryTests {
    typealias A = AdultAreaTests

    static func put(_ body: String, cookie: String, _ client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/adult/pin", method: .put,
                                 headers: [.cookie: cookie, .contentType: "application/json"], body: ByteBuffer(string: body))
    }

    @Test func theSessionThatSetThePinMayCorrectItAndNoOtherSessionWithoutIt() async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let setter = try #require(try await A.answerGate(client).1)
            let openBefore = try #require(try await A.answerGate(client).1, "a session left open from before the PIN")
            #expect(try await Self.put(#"{"pin":"4711"}"#, cookie: setter, client).status == .ok)
            let stale = try await Self.put(#"{"pin":null}"#, cookie: openBefore, client)
            #expect(stale.status == .forbidden && String(buffer: stale.body).contains("pin_required"))
            #expect(try await Self.put(#"{"pin":"4712"}"#, cookie: setter, client).status == .ok, "a typing mistake is corrected")
            #expect(try await Self.put(#"{"pin":"4713"}"#, cookie: setter, client).status == .ok, "and corrected again")
            // The corrected PIN is the one that opens the door.
            let (gate, _) = try await A.answerGate(client)
            let pass = try #require(try A.decode(A.Reply.self, gate).pass)
            for (pin, opens) in [("4711", false), ("4713", true)] {
                let entered = try await client.execute(uri: "/api/v1/adult/pin", method: .post, body: A.json(["pass": pass, "pin": pin]))
                #expect((entered.status == .ok) == opens, "\(pin)")
            }
            let removed = try await Self.put(#"{"pin":null}"#, cookie: setter, client)
            #expect(removed.status == .ok && String(buffer: removed.body).contains(#""pinSet":false"#))
        }
    }

    @Test func aForgottenPinIsRemovedOnTheMachineAndTheRunningServerNotices() async throws {
        let h = try A.Harness()
        try await h.app.test(.router) { client in
            let setter = try #require(try await A.answerGate(client).1)
            #expect(try await Self.put(#"{"pin":"4711"}"#, cookie: setter, client).status == .ok)
            let (asked, _) = try await A.answerGate(client)
            #expect(try A.decode(A.Reply.self, asked).pinRequired)
            // `feder forget-pin` on the laptop, while the server runs.
            #expect(try await ForgottenPIN.forget(in: h.services.database))
            #expect(try await !ForgottenPIN.forget(in: h.services.database), "nothing left to forget")
            let (gate, cookie) = try await A.answerGate(client)
            #expect(try A.decode(A.Reply.self, gate).signedIn && cookie != nil, "the number alone opens the door again")
            let state = try await client.execute(uri: "/api/v1/adult/state", method: .get, headers: [.cookie: cookie!])
            #expect(String(buffer: state.body).contains(#""pinSet":false"#))
        }
    }
}
